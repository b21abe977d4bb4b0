import { useState } from 'react';
import { exportTable } from '../export/exportTable.ts';
import { notifyServerError } from '../notify.ts';
import { printReport } from '../print/printReport.ts';
import type { ExportLines } from './exportLines.ts';
import type { PrintScope } from './PrintDialog.tsx';
import { exportRequest, type MonthTotalsInput } from './exportRequest.ts';
import type { TableAction } from './Toolbar.tsx';
import type { ExportContext, ExtraParams, TableBlock } from './types.ts';

export interface TableExportOptions {
  block: TableBlock;
  context: ExportContext;
  /** Fetch every row again (server paging with `export.rows: all`), else use the rows at hand. */
  fetchAll: boolean;
  rowsAtHand(): readonly unknown[];
  /** A paged table's page: printing then asks whether to print only these rows or all `total`. */
  paged?: { pageRows(): readonly unknown[]; total: number };
  search: string;
  monthTotals: MonthTotalsInput | undefined;
}

export interface TableExport {
  busy: TableAction | undefined;
  /** The file format waiting for the export question's answer. */
  asking: 'xlsx' | 'csv' | undefined;
  run(action: TableAction): void;
  answer(yes: boolean): void;
  cancel(): void;
  /** Rows of the page while the print question is open. */
  askingPrint: number | undefined;
  answerPrint(scope: PrintScope): void;
  cancelPrint(): void;
}

/** Print, Excel and CSV of a table, asking the definition's question first when it has one. */
export function useTableExport({ block, context, fetchAll, rowsAtHand, paged, search, monthTotals }: TableExportOptions): TableExport {
  const [busy, setBusy] = useState<TableAction>();
  const [asking, setAsking] = useState<'xlsx' | 'csv'>();
  const [askingPrint, setAskingPrint] = useState<number>();
  const question = block.export?.question;

  const generate = async (action: TableAction, extra?: ExtraParams, lines?: ExportLines, onlyPage?: readonly unknown[]) => {
    setBusy(action);
    try {
      const rows = onlyPage ?? (extra || fetchAll ? await context.fetchAllRows(extra, lines?.source) : rowsAtHand());
      const request = exportRequest(block, context, rows, search, monthTotals, lines);
      if (action === 'print') printReport(request);
      else await exportTable(request, action);
    } catch (error) {
      notifyServerError(error);
    } finally {
      setBusy(undefined);
    }
  };

  return {
    busy,
    asking,
    run(action) {
      const pageRows = paged?.pageRows().length ?? 0;
      if (question && action !== 'print') setAsking(action);
      // Printing every row of a long paged table takes hundreds of sheets: ask first.
      else if (action === 'print' && paged && paged.total > pageRows) setAskingPrint(pageRows);
      else void generate(action);
    },
    answer(yes) {
      if (!question || !asking) return;
      setAsking(undefined);
      const value = yes ? question.yes : question.no;
      // A null (or no) answer value sends no parameter; Sí adds the nested lines.
      const extra = question.param === undefined || value === undefined || value === null ? {} : { [question.param]: String(value) };
      void generate(asking, extra, yes ? question.lines : undefined);
    },
    cancel: () => setAsking(undefined),
    askingPrint,
    answerPrint(scope) {
      setAskingPrint(undefined);
      void generate('print', undefined, undefined, scope === 'page' ? paged?.pageRows() : undefined);
    },
    cancelPrint: () => setAskingPrint(undefined),
  };
}
