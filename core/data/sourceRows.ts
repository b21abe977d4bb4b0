import type { SourceDefinition } from '../../schema/reportDefinition.ts';
import { toNumber } from '../format.ts';
import { getPath } from '../paths.ts';

/** Where a block's rows are in its source's answer: the block's path, else the source's, else `data`. */
export function rowsPath(block: { rows?: string | undefined }, source: SourceDefinition | undefined): string {
  return block.rows ?? source?.rows ?? 'data';
}

/** The rows at `path`; an answer without a list there has no rows. */
export function readRows(answer: unknown, path: string | undefined): unknown[] {
  const value = getPath(answer, path);
  return Array.isArray(value) ? value : [];
}

/** The row count the server reports (server paging), else the rows in hand. */
export function readTotal(answer: unknown, source: SourceDefinition | undefined, rowCount: number): number {
  const total = toNumber(getPath(answer, source?.total ?? 'total'));
  return Number.isFinite(total) ? total : rowCount;
}
