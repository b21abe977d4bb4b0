import type { Block, SourceDefinition } from '../../schema/reportDefinition.ts';

export type TableBlock = Extract<Block, { kind: 'table' }>;

/** A table's page, page size, sort and search: the same shape as DataTable's controlled state. */
export interface TableState {
  page: number;
  pageSize: number;
  sort: Array<{ field: string; desc: boolean }>;
  search: string;
}

export type TablePaging = 'server' | 'client' | 'none';

/** Server paging when the source pages; otherwise client paging when the block offers page sizes. */
export function tablePaging(block: TableBlock, source: SourceDefinition | undefined): TablePaging {
  if (source?.paging.mode === 'server') return 'server';
  return block.pageSizes ? 'client' : 'none';
}

/** Page 1 of the first page size, the block's default sort, no search. */
export function defaultTableState(block: TableBlock): TableState {
  return {
    page: 1,
    pageSize: block.pageSizes?.[0] ?? 50,
    sort: block.defaultSort ? [{ field: block.defaultSort.field, desc: block.defaultSort.desc }] : [],
    search: '',
  };
}
