// CONTRACT STUB — owned by the export engineer.
import type { ColumnDefinition } from '../../schema/reportDefinition.ts';

export interface ExportRequest {
  /** Report title: the first line of the Filtros sheet and of the print header. */
  title: string;
  fileName: string;
  columns: ColumnDefinition[];
  rows: readonly unknown[];
  /** Show a totals row (the table has column totals). */
  totals: boolean;
  /** Applied filters as the user reads them. */
  filters: ReadonlyArray<{ label: string; value: string }>;
  search?: string;
  generatedBy: string;
  generatedAt: Date;
}

/** Builds an .xlsx (exceljs, in a Web Worker) or a CSV and downloads it. */
export function exportTable(_request: ExportRequest, _format: 'xlsx' | 'csv'): Promise<void> {
  throw new Error('not implemented yet');
}
