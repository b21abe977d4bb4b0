import { withMonthSums } from '../table/monthTotals.ts';
import type { ExportRequest } from './exportTable.ts';

export type ExportFormat = 'xlsx' | 'csv';

const mimeTypes: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

/** The downloadable file of a table; the workbook's writer is loaded only when a workbook is asked for. */
export async function buildExportFile(asked: ExportRequest, format: ExportFormat): Promise<Blob> {
  const request = withMonthSums(asked);
  if (format === 'xlsx') {
    const { buildXlsx } = await import('./xlsxFile.ts');
    return new Blob([buildXlsx(request)], { type: mimeTypes.xlsx });
  }
  const { buildCsv } = await import('./buildCsv.ts');
  return new Blob([buildCsv(request)], { type: mimeTypes.csv });
}
