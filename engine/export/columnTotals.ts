import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import type { AggregateName } from '../../schema/registries.ts';
import { toNumber, toUtcDay } from '../core/format.ts';
import { columnValue, isBlank } from '../table/cellValues.ts';

const isDateFormat = (column: ColumnDefinition) => column.format === 'date' || column.format === 'dateTime';

/** A value as a number to aggregate: a timestamp for date columns, NaN when it is not one. */
function aggregatable(column: ColumnDefinition, value: unknown): number {
  if (isDateFormat(column)) return toUtcDay(value)?.valueOf() ?? Number.NaN;
  return toNumber(value);
}

/** Aggregates one column over the rows; undefined when there is nothing to aggregate. */
export function columnTotal(column: ColumnDefinition, aggregate: AggregateName, rows: readonly unknown[]): number | undefined {
  if (aggregate === 'count') {
    let count = 0;
    for (const row of rows) if (!isBlank(columnValue(column, row))) count += 1;
    return count;
  }
  let sum = 0;
  let n = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const row of rows) {
    const value = aggregatable(column, columnValue(column, row));
    if (!Number.isFinite(value)) continue;
    sum += value;
    n += 1;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (n === 0) return aggregate === 'sum' ? 0 : undefined;
  switch (aggregate) {
    case 'sum':
      return sum;
    case 'avg':
      return sum / n;
    case 'min':
      return min;
    case 'max':
      return max;
  }
}

/** The totals row: one entry per column, undefined where the column has no `total`. */
export function columnTotals(columns: readonly ColumnDefinition[], rows: readonly unknown[]): Array<number | undefined> {
  return columns.map((column) => (column.total === undefined ? undefined : columnTotal(column, column.total, rows)));
}

/** The format a total is shown with: a count is an integer whatever the column shows. */
export function totalFormat(column: ColumnDefinition): ColumnDefinition['format'] {
  return column.total === 'count' ? 'integer' : column.format;
}
