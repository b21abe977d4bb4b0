import { withMonthSums } from '../table/monthTotals.ts';
import type { ExportRequest } from './exportTable.ts';
import type { XlsxZip } from './xlsxZip.ts';

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
    const { buildXlsx } = await import('./xlsxFile.ts');
    return new Blob([await buildXlsx(request, undefined, zip?.())], { type: mimeTypes.xlsx });
  }
  const { buildCsv } = await import('./buildCsv.ts');
  return new Blob([buildCsv(request)], { type: mimeTypes.csv });
}
