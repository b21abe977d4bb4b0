import type { Block, SourceDefinition } from '../../schema/reportDefinition.ts';
import { formatValue, toNumber } from '../core/format.ts';
import { getPath } from '../core/paths.ts';
import { rowsPath } from '../data/sourceRows.ts';

export type ChartBlock = Extract<Block, { kind: 'chart' }>;

/** One mark of a chart: its category, its number, its series, and the number as the user reads it. */
export interface ChartRow {
  category: string;
  value: number;
  series?: string;
  label: string;
}

/** The chart's rows from the answer: the rows found at its path, or the `fold` fields of one object. */
export function chartRows(block: ChartBlock, answer: unknown, source: SourceDefinition | undefined, scoped = false): ChartRow[] {
  const path = scoped ? block.rows : rowsPath(block, source);
  const found = getPath(answer, path);
  const row = (category: unknown, raw: unknown, series?: unknown): ChartRow => {
    const n = toNumber(raw);
    const value = Number.isFinite(n) ? n : 0;
    return {
      category: formatValue('text', category),
      value,
      ...(series === undefined ? {} : { series: formatValue('text', series) }),
      label: formatValue(block.format, value),
    };
  };
  if (block.fold) {
    const object = Array.isArray(found) ? found[0] : found;
    return block.fold.map(({ field, label }) => row(label, getPath(object, field)));
  }
  if (!Array.isArray(found)) return [];
  return found.map((item) => row(getPath(item, block.category), getPath(item, block.value), block.series ? getPath(item, block.series) : undefined));
}
