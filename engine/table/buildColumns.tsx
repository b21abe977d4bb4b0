import type { ColumnDef, FilterFn, Row } from '@tanstack/react-table';
import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import { CellContent } from './CellContent.tsx';
import { columnAlign, columnReader, compareKeys, isBlank, normalizeSearch, readableText, sortKey } from '../../core/table/cellValues.ts';
import type { DataTableFeatures, RowRecord } from './features.ts';
import { monthHeader, monthTotalsField, monthTotalsKey } from '../../core/table/monthTotals.ts';
import type { MonthTotalsSpec, TableBlock } from '../../core/table/types.ts';

export type DataColumnDef = ColumnDef<DataTableFeatures, RowRecord, unknown>;
type DataRow = Row<DataTableFeatures, RowRecord>;

/** The definition of a month column, so export and print treat it like any other column. */
export function monthColumn(key: string, spec: MonthTotalsSpec): ColumnDefinition {
  return {
    field: `${monthTotalsField}.${monthTotalsKey(key)}`,
    header: monthHeader(key),
    format: spec.format,
    total: 'sum',
    sortable: true,
    searchable: false,
    export: true,
  };
}

/** Memoises a per-row derivation for one column, by row index (a sort asks millions of times). */
function perRow<T>(compute: (row: DataRow) => T): (row: DataRow) => T {
  const originals: unknown[] = [];
  const values: T[] = [];
  return (row) => {
    const index = row.index;
    if (originals[index] === row.original) return values[index]!;
    const value = compute(row);
    originals[index] = row.original;
    values[index] = value;
    return value;
  };
}

/** Memoises a derivation of primitive values: dates and statuses repeat across 100,000 rows. */
function perValue<T>(compute: (value: unknown) => T, limit = 20_000): (value: unknown) => T {
  const cache = new Map<unknown, T>();
  return (value) => {
    if (value !== null && typeof value === 'object') return compute(value);
    const hit = cache.get(value);
    if (hit !== undefined || cache.has(value)) return hit as T;
    const result = compute(value);
    if (cache.size >= limit) cache.clear();
    cache.set(value, result);
    return result;
  };
}

function dataColumn(
  id: string,
  definition: ColumnDefinition,
  accessor: (row: RowRecord) => unknown,
  sortName: string,
  sortable: boolean,
): DataColumnDef {
  // Blanks are undefined so that they sort last in both directions.
  const read = (row: RowRecord) => {
    const value = accessor(row);
    return isBlank(value) ? undefined : value;
  };
  const keyOf = perValue((value) => sortKey(definition.format, value));
  const textOf = perValue((value) => normalizeSearch(readableText(definition.format, value)));
  // Read straight from the row: TanStack's getValue looks the column up on every first read.
  const key = perRow((row) => keyOf(read(row.original)));
  const search = perRow((row) => textOf(read(row.original)));
  return {
    id,
    header: definition.header,
    accessorFn: read,
    cell: (context) => <CellContent column={definition} value={context.getValue()} row={context.row.original} />,
    enableSorting: sortable,
    sortFn: (a, b) => compareKeys(key(a), key(b)),
    sortUndefined: 'last',
    enableGlobalFilter: definition.searchable,
    ...(definition.total ? { aggregationFn: definition.total } : {}),
    meta: {
      definition,
      align: columnAlign(definition),
      sortName,
      searchText: (row) => search(row as DataRow),
    },
  };
}

/** The table's columns: the block's, then one per month when it has month totals. */
export function buildColumns(
  block: TableBlock,
  serverSort: boolean,
  months: readonly string[],
  monthSums: ((row: unknown) => ReadonlyMap<string, number>) | undefined,
): DataColumnDef[] {
  const columns = block.columns.map((definition, index) => {
    const id = `c${index}`;
    const serverName = definition.sortField ?? definition.field;
    const sortName = (serverSort ? serverName : definition.sortField || definition.field) || id;
    const sortable = definition.sortable && (!serverSort || Boolean(serverName));
    return dataColumn(id, definition, columnReader(definition), sortName, sortable);
  });
  const spec = block.monthTotals;
  if (!spec || !monthSums) return columns;
  const footerSum = monthFooterSums(monthSums);
  return [
    ...columns,
    ...months.map((key) => {
      const column = dataColumn(`m${key}`, monthColumn(key, spec), (row) => monthSums(row).get(key) ?? 0, `m${key}`, !serverSort);
      return { ...column, meta: { ...column.meta!, month: true }, getAggregationValue: footerSum(key) };
    }),
  ];
}

/**
 * The footer sums of the month columns, all months in one pass over the shown rows (each row holds a few months)
 * instead of one pass per month column: 100,000 bookings over 48 months were 4.8 million reads at every redraw of
 * a list still arriving. The same sums, added in the same order, as the column's own `sum`.
 */
function monthFooterSums(monthSums: (row: unknown) => ReadonlyMap<string, number>) {
  const byModel = new WeakMap<object, Map<string, number>>();
  return (key: string): DataColumnDef['getAggregationValue'] =>
    ({ table, rows }) => {
      // Rows given by the caller (not the footer's): TanStack's own sum over them.
      if (rows !== undefined) return undefined;
      const model = table.getPreGroupedRowModel();
      let sums = byModel.get(model);
      if (!sums) {
        sums = new Map();
        for (const row of model.rows) for (const [month, amount] of monthSums(row.original)) sums.set(month, (sums.get(month) ?? 0) + amount);
        byModel.set(model, sums);
      }
      return { value: sums.get(key) ?? 0 };
    };
}

/** Keyword search over the columns' readable text, without case or accents. */
export function searchFilter(columns: readonly DataColumnDef[]): FilterFn<DataTableFeatures, RowRecord> {
  // Looked up here rather than with table.getColumn, which costs too much a million times over.
  const searchText = new Map(columns.map((column) => [column.id, column.meta?.searchText]));
  return Object.assign((row: DataRow, columnId: string, query: string) => searchText.get(columnId)?.(row).includes(query) ?? false, {
    resolveFilterValue: (value: unknown) => normalizeSearch(String(value ?? '')),
  });
}
