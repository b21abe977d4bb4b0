import { Button, Dialog, DialogBody, DialogFooter, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { printedPages } from '../print/printedPages.ts';
import { texts } from '../texts.ts';

export type PrintScope = 'page' | 'all';

export interface PrintDialogProps {
  /** Rows on the page shown; undefined closes the dialog. */
  pageRows: number | undefined;
  /** Rows on every page. */
  total: number;
  onCancel(): void;
  onPrint(scope: PrintScope): void;
}

/** Asks a paged table whether to print the page shown or every row, with the counts, before a long print. */
export function PrintDialog({ pageRows, total, onCancel, onPrint }: PrintDialogProps) {
  const [scope, setScope] = useState<PrintScope>('page');
  const t = texts.print;
  return (
    <Dialog isOpen={pageRows !== undefined} onClose={onCancel} title={t.print}>
      <DialogBody>
        <RadioGroup label={t.question} selectedValue={scope} onChange={(event) => setScope(event.currentTarget.value === 'all' ? 'all' : 'page')}>
          <Radio value="page" label={t.thisPage(texts.table.rowsCount(pageRows ?? 0))} />
          <Radio value="all" label={t.allRows(texts.table.rowsCount(total), printedPages(total))} />
        </RadioGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={texts.export.cancel} onClick={onCancel} />
            <Button intent="primary" icon="print" text={t.print} onClick={() => onPrint(scope)} />
          </>
        }
      />
    </Dialog>
  );
}
