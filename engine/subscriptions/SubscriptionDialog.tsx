import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, MenuItem, SegmentedControl } from '@blueprintjs/core';
import { MultiSelect, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formatValue } from '../../core/format.ts';
import { usePickCloses } from '../filters/fields/usePickCloses.ts';
import { notifyServerError } from '../notify.ts';
import { texts } from '../texts.ts';
import { subscriptionForm, toSchedule, type SubscriptionChoice, type SubscriptionFormValues } from './subscriptionForm.ts';
import { hourText } from './schedule.ts';
import type { TableChoice } from './tableChoices.ts';
import { useRecipients, type Person } from './useSubscriptions.ts';
import './subscriptions.css';

const t = texts.subscriptions;

const frequencies = [
  { value: 'daily', label: t.daily },
  { value: 'weekly', label: t.weekly },
  { value: 'monthly', label: t.monthly },
] as const;
const formats = [
  { value: 'xlsx', label: t.excel },
  { value: 'csv', label: t.csv },
] as const;
const hours = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourText(hour) }));
const monthDays = Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));

export interface SubscriptionDialogProps {
  isOpen: boolean;
  title: string;
  /** `mail` of /config.json: without SMTP the dialog only says so. */
  mail: boolean;
  /** The operator's time zone, which the hour is of. */
  zone: string;
  /** Subscribing: the screen's tables to choose from. Changing: undefined (the tables stay). */
  tables?: TableChoice[] | undefined;
  /** Whether "Destinatarios" shows (the screen is on a shared saved view). */
  withRecipients: boolean;
  /** The signed-in employee, always a recipient, so not offered. */
  selfId: number | undefined;
  initial: SubscriptionFormValues;
  /** Saves; a failure is shown as a notice and the dialog stays open. */
  onSubmit(choice: SubscriptionChoice): Promise<unknown>;
  onClose(): void;
}

/** A labelled group of controls (the day checkboxes, the tables) with its message. */
function FieldSet({ legend, error, children }: { legend: string; error?: string | undefined; children: ReactNode }) {
  const errorId = useId();
  return (
    <fieldset
      className={[Classes.FORM_GROUP, 'subscription-fieldset', error ? Classes.INTENT_DANGER : ''].filter(Boolean).join(' ')}
      aria-describedby={error ? errorId : undefined}>
      <legend className={Classes.LABEL}>{legend}</legend>
      {children}
      {error ? (
        <div id={errorId} className={Classes.FORM_HELPER_TEXT} role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}

const personName = (person: Person) => formatValue('fullName', person);
const matchesPerson: ItemPredicate<Person> = (query, person) => personName(person).toLowerCase().includes(query.trim().toLowerCase());

/** Recipients among the active employees, as tags. */
function RecipientsField({ value, onChange, selfId, inputId }: { value: number[]; onChange(ids: number[]): void; selfId: number | undefined; inputId: string }) {
  const people = useRecipients(true);
  const list = usePickCloses();
  const items = (people.data ?? []).filter((person) => person.id !== selfId);
  const selected = items.filter((person) => value.includes(person.id));
  const toggle = (person: Person) => onChange(value.includes(person.id) ? value.filter((id) => id !== person.id) : [...value, person.id]);
  const renderPerson: ItemRenderer<Person> = (person, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={person.id}
        text={personName(person)}
        active={modifiers.active}
        selected={value.includes(person.id)}
        roleStructure="listoption"
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  return (
    <MultiSelect<Person>
      items={items}
      selectedItems={selected}
      itemPredicate={matchesPerson}
      itemRenderer={renderPerson}
      onItemSelect={(person) => {
        toggle(person);
        list.close();
      }}
      onQueryChange={list.onQueryChange}
      onRemove={toggle}
      tagRenderer={personName}
      tagInputProps={{ ...list.tagInputProps, inputProps: { id: inputId }, tagProps: { minimal: true } }}
      placeholder={t.recipientsPlaceholder}
      noResults={<MenuItem disabled text={t.noRecipients} roleStructure="listoption" />}
      popoverProps={{ ...list.popoverProps, minimal: true, matchTargetWidth: true }}
      resetOnSelect
      fill
    />
  );
}

/** "Enviar por correo…": when (daily, weekly on chosen days, monthly), at what hour, in which format, which tables, to whom. */
export function SubscriptionDialog({ isOpen, title, mail, zone, tables, withRecipients, selfId, initial, onSubmit, onClose }: SubscriptionDialogProps) {
  const form = useForm<SubscriptionFormValues>({ defaultValues: initial, resolver: zodResolver(subscriptionForm) });
  const { errors, isSubmitting } = form.formState;
  const frequency = form.watch('frequency');
  const ids = { hour: useId(), monthDay: useId(), recipients: useId() };

  useEffect(() => {
    if (isOpen) form.reset(initial);
  }, [isOpen]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({
        schedule: toSchedule(values),
        format: values.format,
        skipEmpty: values.skipEmpty,
        blocks: values.blocks,
        recipients: withRecipients ? values.recipients : undefined,
      });
      onClose();
    } catch (error) {
      notifyServerError(error);
    }
  });

  const closeOnly = (message: string) => (
    <>
      <DialogBody>
        <p>{message}</p>
      </DialogBody>
      <DialogFooter actions={<Button text={t.close} onClick={onClose} />} />
    </>
  );

  let content: ReactNode;
  if (!mail) content = closeOnly(t.notConfigured);
  else if (tables !== undefined && tables.length === 0) content = closeOnly(t.noTables);
  else
    content = (
      <form onSubmit={submit} noValidate>
        <DialogBody className="subscription-dialog-body">
          {tables ? (
            <p>
              {t.hint} {t.relativeHint}
            </p>
          ) : null}
          <FieldSet legend={t.frequency}>
            <Controller
              name="frequency"
              control={form.control}
              render={({ field }) => (
                <SegmentedControl
                  aria-label={t.frequency}
                  value={field.value}
                  onValueChange={(next) => field.onChange(frequencies.find((f) => f.value === next)?.value ?? 'daily')}
                  options={frequencies.map(({ value, label }) => ({ value, label }))}
                />
              )}
            />
          </FieldSet>
          {frequency === 'weekly' ? (
            <Controller
              name="weekdays"
              control={form.control}
              render={({ field }) => (
                <FieldSet legend={t.weekdaysLabel} error={errors.weekdays?.message}>
                  <div className="subscription-weekdays">
                    {t.weekdays.map((label, index) => {
                      const day = index + 1;
                      return (
                        <Checkbox
                          key={day}
                          label={label}
                          inline
                          checked={field.value.includes(day)}
                          onChange={(event) =>
                            field.onChange(event.currentTarget.checked ? [...field.value, day].sort((a, b) => a - b) : field.value.filter((d) => d !== day))
                          }
                        />
                      );
                    })}
                  </div>
                </FieldSet>
              )}
            />
          ) : null}
          {frequency === 'monthly' ? (
            <FormGroup
              label={t.monthDay}
              labelFor={ids.monthDay}
              helperText={errors.monthDay?.message ?? t.monthDayHint}
              intent={errors.monthDay ? 'danger' : 'none'}
            >
              <Controller
                name="monthDay"
                control={form.control}
                render={({ field }) => (
                  <HTMLSelect
                    id={ids.monthDay}
                    value={String(field.value)}
                    onChange={(event) => field.onChange(Number(event.currentTarget.value))}
                    options={monthDays}
                  />
                )}
              />
            </FormGroup>
          ) : null}
          <FormGroup label={t.hour(zone)} labelFor={ids.hour}>
            <Controller
              name="hour"
              control={form.control}
              render={({ field }) => (
                <HTMLSelect id={ids.hour} value={String(field.value)} onChange={(event) => field.onChange(Number(event.currentTarget.value))} options={hours} />
              )}
            />
          </FormGroup>
          <FieldSet legend={t.format}>
            <Controller
              name="format"
              control={form.control}
              render={({ field }) => (
                <SegmentedControl
                  aria-label={t.format}
                  value={field.value}
                  onValueChange={(next) => field.onChange(next === 'csv' ? 'csv' : 'xlsx')}
                  options={formats.map(({ value, label }) => ({ value, label }))}
                />
              )}
            />
          </FieldSet>
          <Controller
            name="skipEmpty"
            control={form.control}
            render={({ field }) => <Checkbox label={t.skipEmpty} checked={field.value} onChange={(event) => field.onChange(event.currentTarget.checked)} />}
          />
          {tables ? (
            <Controller
              name="blocks"
              control={form.control}
              render={({ field }) => (
                <FieldSet legend={t.tables} error={errors.blocks?.message}>
                  {tables.map((table) => (
                    <Checkbox
                      key={table.block}
                      label={table.title}
                      checked={field.value.includes(table.block)}
                      onChange={(event) =>
                        field.onChange(
                          event.currentTarget.checked
                            ? tables.map((choice) => choice.block).filter((block) => block === table.block || field.value.includes(block))
                            : field.value.filter((block) => block !== table.block),
                        )
                      }
                    />
                  ))}
                </FieldSet>
              )}
            />
          ) : null}
          {withRecipients ? (
            <FormGroup label={t.recipients} labelFor={ids.recipients} helperText={t.recipientsHint}>
              <Controller
                name="recipients"
                control={form.control}
                render={({ field }) => <RecipientsField value={field.value} onChange={field.onChange} selfId={selfId} inputId={ids.recipients} />}
              />
            </FormGroup>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t.cancel} onClick={onClose} />
              <Button type="submit" intent="primary" text={tables ? t.subscribe : t.save} loading={isSubmitting} />
            </>
          }
        />
      </form>
    );

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} className="subscription-dialog">
      {content}
    </Dialog>
  );
}
