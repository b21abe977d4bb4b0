import {
  columnFilteringFeature,
  columnOrderingFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  globalFilteringFeature,
  rowAggregationFeature,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import { tableAggregationFns } from './aggregations.ts';

/** What every column of the data table carries besides TanStack's own options. */
export interface DataColumnMeta {
  /** The definition's column (a month column gets one made for it). */
  definition: ColumnDefinition;
  align: 'left' | 'right' | 'center';
  /** The name this column goes by in TableState.sort. */
  sortName: string;
  /** Normalised text the keyword search looks in. */
  searchText(row: unknown): string;
  /** A month column (block.monthTotals): not in the "Columnas" menu, not resized. Default: false. */
  month?: boolean;
}

/**
 * The TanStack Table v9 features of the data table: client search, sort, paging, expansion, totals, pinned columns,
 * and the person's columns (shown, ordered, widened).
 */
export const dataTableFeatures = tableFeatures({
  columnFilteringFeature,
  columnPinningFeature,
  columnVisibilityFeature,
  columnOrderingFeature,
  columnSizingFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  rowExpandingFeature,
  rowAggregationFeature,
  aggregationFns: tableAggregationFns,
  columnMeta: {} as DataColumnMeta,
});

export type DataTableFeatures = typeof dataTableFeatures;
/** A row as the table holds it: any JSON object from the API. */
export type RowRecord = Record<string, unknown>;
