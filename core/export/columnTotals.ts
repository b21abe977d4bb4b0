import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import type { AggregateName } from '../../schema/registries.ts';
import { toNumber, toOperatorDay } from '../format.ts';
import { columnReader, isBlank } from '../table/cellValues.ts';

const isDateFormat = (column: ColumnDefinition) => column.format === 'date' || column.format === 'dateTime';

/** A value as a number to aggregate: a timestamp for date columns, NaN when it is not one. */
function aggregatable(column: ColumnDefinition, value: unknown): number {
  if (isDateFormat(column)) return toOperatorDay(value)?.valueOf() ?? Number.NaN;
  return toNumber(value);
}

/** One column's aggregate, fed a row at a time (a streamed export never holds its rows). */
class ColumnTotal {
  private readonly read: (row: unknown) => unknown;
  private count = 0;
  private rows = 0;
  private sum = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly column: ColumnDefinition,
    private readonly aggregate: AggregateName,
  ) {
    this.read = columnReader(column);
  }

  add(row: unknown): void {
    const raw = this.read(row);
    this.rows += 1;
    if (this.aggregate === 'count') {
      if (!isBlank(raw)) this.count += 1;
      return;
    }
    const value = aggregatable(this.column, raw);
    if (!Number.isFinite(value)) return;
    this.sum += value;
    this.count += 1;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  value(): number | undefined {
    // A figure the server withheld in every row (the column names its right) has no total: blank, not 0.
    if (this.column.right !== undefined && this.count === 0 && this.rows > 0) return undefined;
    if (this.aggregate === 'count') return this.count;
    if (this.count === 0) return this.aggregate === 'sum' ? 0 : undefined;
    switch (this.aggregate) {
      case 'sum':
        return this.sum;
      case 'avg':
        return this.sum / this.count;
      case 'min':
        return this.min;
      case 'max':
        return this.max;
    }
  }
}

/** The totals row built a row at a time: `add` each row, then `values()` (undefined where a column has no `total`). */
export function totalsAccumulator(columns: readonly ColumnDefinition[]) {
  const totals = columns.map((column) => (column.total === undefined ? undefined : new ColumnTotal(column, column.total)));
  return {
    add(row: unknown): void {
      for (const total of totals) total?.add(row);
    },
    values: (): Array<number | undefined> => totals.map((total) => total?.value()),
  };
}

/** Aggregates one column over the rows; undefined when there is nothing to aggregate. */
export function columnTotal(column: ColumnDefinition, aggregate: AggregateName, rows: readonly unknown[]): number | undefined {
  const total = new ColumnTotal(column, aggregate);
  for (const row of rows) total.add(row);
  return total.value();
}

/** The totals row: one entry per column, undefined where the column has no `total`. */
export function columnTotals(columns: readonly ColumnDefinition[], rows: readonly unknown[]): Array<number | undefined> {
  const totals = totalsAccumulator(columns);
  for (const row of rows) totals.add(row);
  return totals.values();
}

/** The format a total is shown with: a count is an integer whatever the column shows. */
export function totalFormat(column: ColumnDefinition): ColumnDefinition['format'] {
  return column.total === 'count' ? 'integer' : column.format;
}
