import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import type { MonthTotalsSpec } from '../table/monthTotals.ts';
import { texts } from '../texts.ts';
import { downloadBlob } from './downloadBlob.ts';
import type { ExportFormat, ExportJob, ExportResult } from './exportFile.ts';

/** What a file says about its rows: everything but the rows (a server export sends this and streams the rows). */
export interface ExportDescription {
  /** Report title: the first line of the Filtros sheet and of the print header. */
  title: string;
  fileName: string;
  columns: ColumnDefinition[];
  /** Show a totals row (the table has column totals). */
  totals: boolean;
  /** Applied filters as the user reads them. */
  filters: ReadonlyArray<{ label: string; value: string }>;
  /** The report's formulas (label and `help`), printed under the header. */
  glossary?: ReadonlyArray<{ label: string; text: string }>;
  search?: string;
  generatedBy: string;
  generatedAt: Date;
  /** When the rows were read from the database: the screen's query, or the server's read. Default: not stated. */
  dataAsOf?: Date | number | undefined;
  /** The operator's time zone (OPERATOR_TIME_ZONE), whose clock and name the file's times are written in. Default: UTC. */
  timeZone?: string | undefined;
}

export interface ExportRequest extends ExportDescription {
  rows: readonly unknown[];
  /**
   * Month columns whose values are summed from each row's nested list where the rows are used (withMonthSums in
   * engine/table/monthTotals.ts: the file's worker, print), not on the page. Default: none.
   */
  monthSums?: { spec: MonthTotalsSpec; months: readonly string[] } | undefined;
}

/**
 * Builds the file in a Web Worker, so 100,000 rows never block the page. A workbook's zip is deflated by a second
 * worker beside it (zipWorker.ts), the two joined by a channel of their own; where that worker cannot start, the first
 * deflates it itself.
 */
function buildInWorker(request: ExportRequest, format: ExportFormat): Promise<Blob> {
  const worker = new Worker(new URL('./exportWorker.ts', import.meta.url), { type: 'module' });
  const zipWorker = format === 'xlsx' ? startZipWorker() : undefined;
  return new Promise<Blob>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<ExportResult>) => {
      if (event.data.ok) resolve(event.data.file);
      else reject(new Error(texts.export.failed, { cause: event.data.message }));
    };
    const failed = (event: ErrorEvent) => {
      event.preventDefault();
      reject(new Error(texts.export.failed, { cause: event.message }));
    };
    worker.onerror = failed;
    const job: ExportJob = { request, format };
    if (!zipWorker) return worker.postMessage(job);
    zipWorker.onerror = failed;
    const { port1, port2 } = new MessageChannel();
    zipWorker.postMessage(port2, [port2]);
    worker.postMessage({ ...job, zipPort: port1 }, [port1]);
  }).finally(() => {
    worker.terminate();
    zipWorker?.terminate();
  });
}

/** The zip's worker, or undefined where it cannot start (`new Worker(new URL(…))` as written is what Vite bundles). */
function startZipWorker(): Worker | undefined {
  try {
    return new Worker(new URL('./zipWorker.ts', import.meta.url), { type: 'module' });
  } catch {
    return undefined;
  }
}

/** Builds an .xlsx (xlsxFile.ts) or a CSV in a Web Worker and downloads it; rejects with a Spanish message. */
export async function exportTable(request: ExportRequest, format: 'xlsx' | 'csv'): Promise<void> {
  const file = await buildInWorker(request, format);
  downloadBlob(file, `${request.fileName}.${format}`);
}
