import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import { getPath } from '../core/paths.ts';
import type { TableBlock } from './types.ts';

export type ExportLines = NonNullable<NonNullable<NonNullable<TableBlock['export']>['question']>['lines']>;

/** Where a nested row sits in its exported line, beside the parent row's own fields. */
export const lineField = '__line';

/**
 * One line per nested row, the parent's fields repeated (a row without nested rows keeps one line);
 * the nested columns read the nested row; only they keep their totals.
 */
export function withLines(columns: readonly ColumnDefinition[], rows: readonly unknown[], lines: ExportLines) {
  const flat = rows.flatMap((row) => {
    const nested = getPath(row, lines.rows);
    const items = Array.isArray(nested) && nested.length > 0 ? nested : [null];
    return items.map((item) => ({ ...(row as object), [lineField]: item }));
  });
  const nestedColumns: ColumnDefinition[] = lines.columns.map((column) => ({
    ...column,
    ...(column.field ? { field: `${lineField}.${column.field}` } : {}),
    // A computed nested column reads the nested row as its datum.
    ...(column.value ? { value: column.value.replace(/\bdatum\b/g, `datum.${lineField}`) } : {}),
  }));
  // A parent's figures repeat on each of its lines, so their column totals would count them again.
  const parentColumns: ColumnDefinition[] = columns.map(({ total: _total, ...column }) => column);
  return { columns: [...parentColumns, ...nestedColumns], rows: flat };
}
