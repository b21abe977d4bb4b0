import { useRef, useState } from 'react';
import { getConfig } from '../api/config.ts';
import { downloadBlob } from '../export/downloadBlob.ts';
import { exportTable } from '../export/exportTable.ts';
import { fetchServerExport, serverExportable } from '../export/serverExport.ts';
import { notifyServerError } from '../notify.ts';
import { printReport } from '../print/printReport.ts';
import type { ExportLines } from '../../core/table/exportLines.ts';
import type { PrintScope } from './PrintDialog.tsx';
import { exportRequest, type MonthTotalsInput } from './exportRequest.ts';
import type { TableAction } from './Toolbar.tsx';
import type { ExportContext, ExtraParams, TableBlock } from '../../core/table/types.ts';

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
  /** Bytes of a server-built file received so far, while one is on its way. */
  received: number | undefined;
  /** Cancels the server-built file on its way. */
  stop(): void;
}

/**
 * Print, Excel and CSV of a table, asking the definition's question first when it has one. A file of rows the
 * screen holds is built from them in the worker; one that needs every row fetched is built by the server when
 * there are more than `exportServerRows` (runtime configuration), streamed with progress and Cancel.
 */
export function useTableExport({ block, context, fetchAll, rowsAtHand, paged, search, monthTotals }: TableExportOptions): TableExport {
  const [busy, setBusy] = useState<TableAction>();
  const [asking, setAsking] = useState<'xlsx' | 'csv'>();
  const [askingPrint, setAskingPrint] = useState<number>();
  const [received, setReceived] = useState<number>();
  const running = useRef<AbortController>(undefined);
  const question = block.export?.question;

  /** The every-row request when the server should build this file, else undefined (the browser builds it). */
  const serverSource = (extra: ExtraParams | undefined, lines: ExportLines | undefined) => {
    // Month columns are computed from the rows in the browser.
    if (!context.allRowsRequest || !context.screen || monthTotals) return undefined;
    const count = paged?.total ?? rowsAtHand().length;
    if (count <= getConfig().exportServerRows) return undefined;
    const source = context.allRowsRequest(extra, lines?.source, lines !== undefined);
    return serverExportable(source.request) ? source : undefined;
  };

  const onServer = async (format: 'xlsx' | 'csv', source: NonNullable<ReturnType<typeof serverSource>>, answered: 'yes' | 'no' | undefined) => {
    const controller = new AbortController();
    running.current = controller;
    setReceived(0);
    try {
      // The server describes the file from its own definition: the screen, the answer and the search are all it is told.
      const file = await fetchServerExport(source, context.screen!, format, answered, search, setReceived, controller.signal);
      downloadBlob(file, `${context.fileName ?? block.export?.fileName ?? context.title}.${format}`);
    } finally {
      running.current = undefined;
      setReceived(undefined);
    }
  };

  const generate = async (action: TableAction, extra?: ExtraParams, asked?: ExportLines, onlyPage?: readonly unknown[], answered?: 'yes' | 'no') => {
    // The definition's own lines go into every file and print, unless the question's Sí adds others.
    const lines = asked ?? block.export?.lines;
    setBusy(action);
    try {
      // The screen's rows asked without the rows they expand to (`screenParams`): lines need them asked again.
      const linesLeftOut = lines !== undefined && (context.linesLeftOut?.(lines.source) ?? false);
      // The screen holds every row (one page of a short list): nothing to fetch again.
      const holdsAll = !extra && !linesLeftOut && block.export?.source === undefined && lines?.source === undefined && paged !== undefined && paged.pageRows().length >= paged.total;
      // Lines from a source of their own are fetched; the screen's rows do not hold them.
      const fetching = !onlyPage && !holdsAll && (extra !== undefined || fetchAll || lines?.source !== undefined || linesLeftOut);
      const source = action !== 'print' && fetching ? serverSource(extra, lines) : undefined;
      if (source && action !== 'print') return await onServer(action, source, answered);
      const rows = onlyPage ?? (fetching ? await context.fetchAllRows(extra, lines?.source, lines !== undefined) : (context.allTabs?.rows() ?? rowsAtHand()));
      const readAt = fetching ? Date.now() : context.dataUpdatedAt;
      const request = exportRequest(block, context, rows, search, monthTotals, lines, readAt);
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
      void generate(asking, extra, yes ? question.lines : undefined, undefined, yes ? 'yes' : 'no');
    },
    cancel: () => setAsking(undefined),
    askingPrint,
    answerPrint(scope) {
      setAskingPrint(undefined);
      void generate('print', undefined, undefined, scope === 'page' ? paged?.pageRows() : undefined);
    },
    cancelPrint: () => setAskingPrint(undefined),
    received,
    stop: () => running.current?.abort(),
  };
}
