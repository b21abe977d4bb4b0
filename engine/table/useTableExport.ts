import { useState } from 'react';
import { exportTable } from '../export/exportTable.ts';
import { notifyServerError } from '../notify.ts';
import { printReport } from '../print/printReport.ts';
import { exportRequest, type MonthTotalsInput } from './exportRequest.ts';
import type { TableAction } from './Toolbar.tsx';
import type { ExportContext, ExtraParams, TableBlock } from './types.ts';

export interface TableExportOptions {
  block: TableBlock;
  context: ExportContext;
  /** Fetch every row again (server paging with `export.rows: all`), else use the rows at hand. */
  fetchAll: boolean;
  rowsAtHand(): readonly unknown[];
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
}

/** Print, Excel and CSV of a table, asking the definition's question first when it has one. */
export function useTableExport({ block, context, fetchAll, rowsAtHand, search, monthTotals }: TableExportOptions): TableExport {
  const [busy, setBusy] = useState<TableAction>();
  const [asking, setAsking] = useState<'xlsx' | 'csv'>();
  const question = block.export?.question;

  const generate = async (action: TableAction, extra?: ExtraParams) => {
    setBusy(action);
    try {
      const rows = extra || fetchAll ? await context.fetchAllRows(extra) : rowsAtHand();
      const request = exportRequest(block, context, rows, search, monthTotals);
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
      if (question && action !== 'print') setAsking(action);
      else void generate(action);
    },
    answer(yes) {
      if (!question || !asking) return;
      setAsking(undefined);
      const value = yes ? question.yes : question.no;
      // A null answer sends no parameter.
      void generate(asking, value === null ? {} : { [question.param]: String(value) });
    },
    cancel: () => setAsking(undefined),
  };
}
