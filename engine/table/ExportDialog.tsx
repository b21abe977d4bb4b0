import { Button, Dialog, DialogBody, DialogFooter, Radio, RadioGroup } from '@blueprintjs/core';
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
