import type { TableBlock, TableState } from './types.ts';

/** The page size of a block without page sizes: every row (the API's `itemsPerPage=-1`). */
export const allRowsPageSize = -1;
/** Page sizes from this one up mean every row ("Todas"): asked as the API's `itemsPerPage=-1`, streamed. */
export const allRowsThreshold = 1_000_000;

/** First page at the block's first page size, in its default order, with no search. */
export function initialTableState(block: TableBlock): TableState {
  return {
    page: 1,
    pageSize: block.pageSizes?.[0] ?? allRowsPageSize,
    sort: block.defaultSort ? [{ field: block.defaultSort.field, desc: block.defaultSort.desc }] : [],
    search: '',
  };
}
