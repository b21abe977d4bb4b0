import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Switch } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../api/client.ts';
import { notifyServerError } from '../notify.ts';
import { texts } from '../texts.ts';

const viewForm = z.object({
  name: z.string().trim().min(1, texts.views.nameRequired).max(80, texts.views.nameTooLong),
  shared: z.boolean(),
});
export type ViewFormValues = z.infer<typeof viewForm>;

export interface ViewDialogProps {
  isOpen: boolean;
  title: string;
  hint?: string;
  initial: ViewFormValues;
  /** Saves; a 409 (the name is taken) is shown under the name, any other failure as a notice. */
  onSubmit(values: ViewFormValues): Promise<unknown>;
  onClose(): void;
}

/** The name and "Compartir con todos" of a view, to save the current one or change one's own. */
export function ViewDialog({ isOpen, title, hint, initial, onSubmit, onClose }: ViewDialogProps) {
  const form = useForm<ViewFormValues>({ defaultValues: initial, resolver: zodResolver(viewForm) });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (isOpen) form.reset(initial);
  }, [isOpen]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) form.setError('name', { message: error.message });
      else notifyServerError(error);
    }
  });

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <DialogBody>
          {hint ? <p>{hint}</p> : null}
          <FormGroup label={texts.views.name} labelFor="view-name" intent={errors.name ? 'danger' : 'none'} helperText={errors.name?.message}>
            <Controller
              name="name"
              control={form.control}
              render={({ field }) => (
                <InputGroup
                  id="view-name"
                  autoFocus
                  maxLength={80}
                  intent={errors.name ? 'danger' : 'none'}
                  aria-invalid={errors.name ? true : undefined}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                />
              )}
            />
          </FormGroup>
          <Controller
            name="shared"
            control={form.control}
            render={({ field }) => (
              <Switch label={texts.views.shareWithAll} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />
            )}
          />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={texts.views.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={texts.views.saveButton} loading={isSubmitting} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
