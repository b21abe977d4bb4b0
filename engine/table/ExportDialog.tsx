import { Button, Dialog, DialogBody, DialogFooter, ProgressBar, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { texts } from '../texts.ts';

export interface ExportDialogProps {
  question: string;
  isOpen: boolean;
  onCancel(): void;
  onGenerate(answer: boolean): void;
}

/** The Sí/No question a definition asks before generating a file. */
export function ExportDialog({ question, isOpen, onCancel, onGenerate }: ExportDialogProps) {
  const [answer, setAnswer] = useState<'yes' | 'no'>('no');
  return (
    <Dialog isOpen={isOpen} onClose={onCancel} title={texts.table.exportTitle}>
      <DialogBody>
        <RadioGroup
          label={question}
          selectedValue={answer}
          onChange={(event) => setAnswer(event.currentTarget.value === 'yes' ? 'yes' : 'no')}
          inline
        >
          <Radio value="yes" label={texts.values.yes} />
          <Radio value="no" label={texts.values.no} />
        </RadioGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={texts.export.cancel} onClick={onCancel} />
            <Button intent="primary" text={texts.export.generate} onClick={() => onGenerate(answer === 'yes')} />
          </>
        }
      />
    </Dialog>
  );
}

export interface ExportProgressProps {
  /** Bytes of the server-built file received so far; undefined when none is on its way. */
  received: number | undefined;
  onCancel(): void;
}

const megabytes = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A file the server is building: what has arrived, and Cancel (which stops the server too). */
export function ExportProgress({ received, onCancel }: ExportProgressProps) {
  return (
    <Dialog isOpen={received !== undefined} onClose={onCancel} title={texts.export.serverTitle} canOutsideClickClose={false}>
      <DialogBody>
        <ProgressBar intent="primary" />
        <p className="mirador-export-received" role="status">
          {texts.export.received(megabytes.format((received ?? 0) / 1_000_000))}
        </p>
      </DialogBody>
      <DialogFooter actions={<Button text={texts.export.cancel} onClick={onCancel} />} />
    </Dialog>
  );
}
