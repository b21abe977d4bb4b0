import { constructAggregationFn, type AggregationContext } from '@tanstack/react-table';
import type { FormatName } from '../../schema/registries.ts';
import { toNumber, toOperatorDay } from '../../core/format.ts';
import { isBlank } from '../../core/table/cellValues.ts';

/** What an aggregation needs to know about its column (set in the column's meta). */
interface FormatMeta {
  definition: { format?: FormatName | undefined };
}

type Context = AggregationContext<any, any, unknown>;

const formatOf = (context: Context) => (context.column.columnDef.meta as FormatMeta | undefined)?.definition.format;

/**
 * The column's value of each row read by its accessor: TanStack's getValue caches every value on its row, which for
 * a footer over 100,000 rows and 60 month columns is millions of entries to build and collect.
 */
function readerOf(context: Context): (row: Context['rows'][number]) => unknown {
  const accessor = context.column.accessorFn;
  return accessor ? (row) => accessor(row.original, row.index) : context.getValue;
}

/** A value as a number to aggregate: a timestamp for date columns, NaN when it is not one. */
function numbersOf(context: Context): number[] {
  const format = formatOf(context);
  const asDate = format === 'date' || format === 'dateTime';
  const numbers: number[] = [];
  const read = readerOf(context);
  for (const row of context.rows) {
    const value = read(row);
    const n = asDate ? (toOperatorDay(value)?.valueOf() ?? Number.NaN) : toNumber(value);
    if (Number.isFinite(n)) numbers.push(n);
  }
  return numbers;
}

/** The footer aggregates a definition names (`total`), over numbers and numeric strings alike. */
export const tableAggregationFns = {
  sum: constructAggregationFn({ aggregate: (context) => numbersOf(context).reduce((a, b) => a + b, 0) }),
  avg: constructAggregationFn({
    aggregate: (context) => {
      const numbers = numbersOf(context);
      return numbers.length ? numbers.reduce((a, b) => a + b, 0) / numbers.length : undefined;
    },
  }),
  count: constructAggregationFn({
    aggregate: (context) => {
      const read = readerOf(context);
      return context.rows.filter((row) => !isBlank(read(row))).length;
    },
  }),
  min: constructAggregationFn({
    aggregate: (context) => numbersOf(context).reduce<number | undefined>((m, n) => (m === undefined || n < m ? n : m), undefined),
  }),
  max: constructAggregationFn({
    aggregate: (context) => numbersOf(context).reduce<number | undefined>((m, n) => (m === undefined || n > m ? n : m), undefined),
  }),
};
