import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import { getPath } from '../core/paths.ts';
import type { TableBlock } from './types.ts';

export type ExportLines = NonNullable<NonNullable<NonNullable<TableBlock['export']>['question']>['lines']>;

/** Where a nested row sits in its exported line, beside the parent row's own fields. */
export const lineField = '__line';

/** The columns of a file with lines: the parent's without their totals (they repeat on each line), then the nested ones. */
export function lineColumns(columns: readonly ColumnDefinition[], lines: Pick<ExportLines, 'columns'>): ColumnDefinition[] {
  const nestedColumns: ColumnDefinition[] = lines.columns.map((column) => ({
    ...column,
    ...(column.field ? { field: `${lineField}.${column.field}` } : {}),
    // A computed nested column reads the nested row as its datum.
    ...(column.value ? { value: column.value.replace(/\bdatum\b/g, `datum.${lineField}`) } : {}),
  }));
  // A parent's figures repeat on each of its lines, so their column totals would count them again.
  const parentColumns: ColumnDefinition[] = columns.map(({ total: _total, ...column }) => column);
  return [...parentColumns, ...nestedColumns];
}

/** The lines of one row: one per nested row, the parent's fields repeated; a row without nested rows keeps one line. */
export function rowLines(row: unknown, lines: Pick<ExportLines, 'rows'>): object[] {
  const nested = getPath(row, lines.rows);
  const items = Array.isArray(nested) && nested.length > 0 ? nested : [null];
  return items.map((item) => ({ ...(row as object), [lineField]: item }));
}

/**
 * One line per nested row, the parent's fields repeated (a row without nested rows keeps one line);
 * the nested columns read the nested row; only they keep their totals.
 */
export function withLines(columns: readonly ColumnDefinition[], rows: readonly unknown[], lines: ExportLines) {
  return { columns: lineColumns(columns, lines), rows: rows.flatMap((row) => rowLines(row, lines)) };
}
