import type { ColumnDefinition } from '../../schema/reportDefinition.ts';

/** The columns that go into Excel and CSV files. */
export function exportedColumns(columns: readonly ColumnDefinition[]): ColumnDefinition[] {
  return columns.filter((column) => column.export !== false);
}
