import type { SourceDefinition, TableBlock } from '../../schema/reportDefinition.ts';
import type { Paging, TableState } from '../table/types.ts';

export type { TableBlock, TableState };
export { initialTableState as defaultTableState } from '../table/initialTableState.ts';

/** Server paging when the source pages; otherwise client paging when the block offers page sizes. */
export function tablePaging(block: TableBlock, source: SourceDefinition | undefined): Paging {
  if (source?.paging.mode === 'server') return 'server';
  return block.pageSizes ? 'client' : 'none';
}
