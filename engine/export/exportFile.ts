import { withMonthSums } from '../../core/table/monthTotals.ts';
import type { ExportRequest } from '../../core/export/exportDescription.ts';
import { zipInWorker, type XlsxZip } from '../../core/export/xlsxZip.ts';

export type ExportFormat = 'xlsx' | 'csv';

const mimeTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

/**
 * The downloadable file of a table; the workbook's writer is loaded only when a workbook is asked for. `zip`: where
 * the workbook is deflated (default: on this thread).
 */
export async function buildExportFile(asked: ExportRequest, format: ExportFormat, zip?: () => XlsxZip): Promise<Blob> {
  const request = withMonthSums(asked);
  if (format === 'xlsx') {
    const { buildXlsx } = await import('../../core/export/xlsxFile.ts');
    return new Blob([await buildXlsx(request, undefined, zip?.())], { type: mimeTypes.xlsx });
  }
  const { buildCsv } = await import('../../core/export/buildCsv.ts');
  return new Blob([buildCsv(request)], { type: mimeTypes.csv });
}

/** What the page sends the export's worker: the request exportTable received and, for a workbook, its zip's port. */
export interface ExportJob {
  request: ExportRequest;
  format: ExportFormat;
  /** The zip worker's end of their channel (zipWorker.ts): the workbook is deflated there. Default: in this worker. */
  zipPort?: MessagePort | undefined;
}

/** What the export's worker answers: the file, or the reason it could not be built. */
export type ExportResult = { ok: true; file: Blob } | { ok: false; message: string };

/** The export worker's work (exportWorker.ts): the job's file, or why it could not be built. */
export async function runExportJob({ request, format, zipPort }: ExportJob): Promise<ExportResult> {
  try {
    return { ok: true, file: await buildExportFile(request, format, zipPort ? () => zipInWorker(zipPort) : undefined) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
