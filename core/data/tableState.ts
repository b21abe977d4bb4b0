import type { ColumnDefinition, SourceDefinition, TableBlock } from '../../schema/reportDefinition.ts';
import type { ColumnLayout, Paging, TableState } from '../table/types.ts';

export type { ColumnLayout, TableBlock, TableState };
export { initialTableState as defaultTableState } from '../table/initialTableState.ts';

/** Server paging when the source pages; otherwise client paging when the block offers page sizes. */
export function tablePaging(block: TableBlock, source: SourceDefinition | undefined): Paging {
  if (source?.paging.mode === 'server') return 'server';
  return block.pageSizes ? 'client' : 'none';
}

// --- The person's columns ---------------------------------------------------------------------

/**
 * The key each column of a table goes by in the URL (`t0.cols`): its field when no other column of the table shows the
 * same field, else `c` and its place in the definition (`c3`). A field keeps a saved view right when a column is added
 * or moved in the definition.
 */
export function columnKeys(columns: readonly Pick<ColumnDefinition, 'field'>[]): string[] {
  const counts = new Map<string, number>();
  for (const column of columns) if (column.field) counts.set(column.field, (counts.get(column.field) ?? 0) + 1);
  return columns.map((column, index) =>
    column.field && counts.get(column.field) === 1 && /^[\w.$]+$/.test(column.field) && !/^c\d+$/.test(column.field) ? column.field : `c${index}`,
  );
}

/**
 * The definition's column indexes in the order shown, hidden ones left out: the layout's known keys first, in its
 * order (unknown and repeated keys ignored), then any column it does not name, shown, in the definition's order. A
 * layout that hides every column hides none: at least one column always stays shown.
 */
export function shownColumnIndexes(columns: readonly Pick<ColumnDefinition, 'field'>[], layout: ColumnLayout | undefined): number[] {
  const keys = columnKeys(columns);
  if (!layout) return keys.map((_, index) => index);
  const indexOf = new Map(keys.map((key, index) => [key, index]));
  const seen = new Set<number>();
  const ordered: Array<{ index: number; shown: boolean }> = [];
  for (const { key, shown } of layout) {
    const index = indexOf.get(key);
    if (index === undefined || seen.has(index)) continue;
    seen.add(index);
    ordered.push({ index, shown });
  }
  keys.forEach((_, index) => {
    if (!seen.has(index)) ordered.push({ index, shown: true });
  });
  const shown = ordered.filter((entry) => entry.shown);
  return (shown.length > 0 ? shown : ordered).map((entry) => entry.index);
}

/** The columns a person sees, in their order: what the screen, its prints and its files show. */
export function arrangeColumns<C extends Pick<ColumnDefinition, 'field'>>(columns: readonly C[], layout: ColumnLayout | undefined): C[] {
  return shownColumnIndexes(columns, layout).map((index) => columns[index]!);
}

/**
 * The whole layout of a table (every column by key, in the order shown, hidden ones where the person left them),
 * from what the URL said; undefined when it is the definition's (all shown, in order), which the URL does not write.
 */
export function fullLayout(columns: readonly Pick<ColumnDefinition, 'field'>[], layout: ColumnLayout | undefined): ColumnLayout {
  const keys = columnKeys(columns);
  const indexOf = new Map(keys.map((key, index) => [key, index]));
  const seen = new Set<string>();
  const entries: Array<{ key: string; shown: boolean }> = [];
  for (const entry of layout ?? []) {
    if (!indexOf.has(entry.key) || seen.has(entry.key)) continue;
    seen.add(entry.key);
    entries.push({ key: entry.key, shown: entry.shown });
  }
  for (const key of keys) if (!seen.has(key)) entries.push({ key, shown: true });
  if (!entries.some((entry) => entry.shown)) return entries.map((entry) => ({ ...entry, shown: true }));
  return entries;
}

/** The layout to keep: undefined when it is the definition's own (every column shown, in its order). */
export function keptLayout(columns: readonly Pick<ColumnDefinition, 'field'>[], layout: ColumnLayout | undefined): ColumnLayout | undefined {
  if (!layout) return undefined;
  const full = fullLayout(columns, layout);
  const keys = columnKeys(columns);
  return full.every((entry, index) => entry.shown && entry.key === keys[index]) ? undefined : full;
}
