import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import { getPath } from '../paths.ts';
import type { TableBlock } from './types.ts';

export type ExportLines = NonNullable<NonNullable<NonNullable<TableBlock['export']>['question']>['lines']>;

/** Where a nested row sits in its exported line, beside the parent row's own fields. */
export const lineField = '__line';
/** Where the parent row sits on its first line only: the columns read once per row read it from there. */
export const firstLineField = '__first';

/** A column that reads its row from `at` in the line (`datum` of a computed column becomes `datum.<at>`). */
function readingFrom(column: ColumnDefinition, at: string): ColumnDefinition {
  return {
    ...column,
    ...(column.field ? { field: `${at}.${column.field}` } : {}),
    ...(column.value ? { value: column.value.replace(/\bdatum\b/g, `datum.${at}`) } : {}),
  };
}

/**
 * The columns of a file with lines: the parent's, then the nested ones. The parent's totalled columns (its amounts)
 * are written on its first line only and keep their totals (`parentFigures: 'first'`, the default), or repeat on
 * every line without totals (`'every'`), so no column of the file sums a row twice.
 */
export function lineColumns(columns: readonly ColumnDefinition[], lines: Pick<ExportLines, 'columns'> & { parentFigures?: 'first' | 'every' | undefined }): ColumnDefinition[] {
  const nestedColumns = lines.columns.map((column) => readingFrom(column, lineField));
  const once = (lines.parentFigures ?? 'first') === 'first';
  const parentColumns: ColumnDefinition[] = columns.map((column) => {
    if (column.total === undefined) return column;
    if (once) return readingFrom(column, firstLineField);
    const { total: _total, ...repeated } = column;
    return repeated;
  });
  return [...parentColumns, ...nestedColumns];
}

/** The lines of one row: one per nested row, the parent's fields repeated (and held once more on the first line); a row without nested rows keeps one line. */
export function rowLines(row: unknown, lines: Pick<ExportLines, 'rows'>): object[] {
  const nested = getPath(row, lines.rows);
  const items = Array.isArray(nested) && nested.length > 0 ? nested : [null];
  return items.map((item, i) => ({ ...(row as object), [lineField]: item, ...(i === 0 ? { [firstLineField]: row } : {}) }));
}

/**
 * One line per nested row, the parent's fields repeated (a row without nested rows keeps one line);
 * the nested columns read the nested row; the parent's amounts are written as `lineColumns` says.
 */
export function withLines(columns: readonly ColumnDefinition[], rows: readonly unknown[], lines: ExportLines) {
  return { columns: lineColumns(columns, lines), rows: rows.flatMap((row) => rowLines(row, lines)) };
}
