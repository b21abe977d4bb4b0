import type { Block, SourceDefinition } from '../../schema/reportDefinition.ts';
import { formatValue, toNumber } from '../../core/format.ts';
import { getPath } from '../../core/paths.ts';
import { rowsPath } from '../../core/data/sourceRows.ts';
import { texts } from '../texts.ts';

export type ChartBlock = Extract<Block, { kind: 'chart' }>;

/** One mark of a chart: its category, its number, its series, and the number as the user reads it. */
export interface ChartRow {
  category: string;
  value: number;
  series?: string;
  label: string;
}

/** The chart's rows from the answer: the rows found at its path (one per `seriesFields` field each), or the `fold` fields of one object. */
export function chartRows(block: ChartBlock, answer: unknown, source: SourceDefinition | undefined, scoped = false): ChartRow[] {
  const path = scoped ? block.rows : rowsPath(block, source);
  const found = getPath(answer, path);
  const row = (category: unknown, raw: unknown, series?: unknown): ChartRow => {
    const n = toNumber(raw);
    const value = Number.isFinite(n) ? n : 0;
    return {
      category: formatValue(block.fold ? 'text' : (block.categoryFormat ?? 'text'), category),
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
  const fields = block.seriesFields;
  if (fields) return found.flatMap((item) => fields.map(({ field, label }) => row(getPath(item, block.category), getPath(item, field), label)));
  return found.map((item) => row(getPath(item, block.category), getPath(item, block.value), block.series ? getPath(item, block.series) : undefined));
}

/**
 * The answer's rows behind each chart row, in the same order (a row per `seriesFields` field repeats its item): what
 * a drill reads the clicked mark's fields from. A `fold` chart has one object, no row per mark: none.
 */
export function chartItems(block: ChartBlock, answer: unknown, source: SourceDefinition | undefined, scoped = false): unknown[] {
  if (block.fold) return [];
  const found = getPath(answer, scoped ? block.rows : rowsPath(block, source));
  if (!Array.isArray(found)) return [];
  const fields = block.seriesFields;
  return fields ? found.flatMap((item) => fields.map(() => item as unknown)) : found;
}

/** Pies and doughnuts draw parts of one whole: their data table gives each row's share. */
export const isPartOfWhole = (block: ChartBlock) => block.chart === 'pie' || block.chart === 'doughnut';

/**
 * The most categories a chart of unordered categories shows, "Otros (N)" included: a pie's slices stay within the
 * palette's ten colours, and fifteen horizontal bars keep a ranking's top legible at the chart's height (the rest is a
 * note under them). Ordered charts (bars, lines) draw every row.
 */
export const chartMarkLimits: Partial<Record<ChartBlock['chart'], number>> = { pie: 10, doughnut: 10, barHorizontal: 16 };

/** The rows a chart draws: past its limit, the largest in their order and the rest summed into one "Otros (N)". */
export function drawnRows(block: ChartBlock, rows: readonly ChartRow[]): ChartRow[] {
  const limit = chartMarkLimits[block.chart];
  const hasSeries = block.series !== undefined || block.seriesFields !== undefined;
  if (limit === undefined || hasSeries || rows.length <= limit) return [...rows];
  const kept = new Set([...rows.keys()].sort((a, b) => rows[b]!.value - rows[a]!.value || a - b).slice(0, limit - 1));
  const rest = rows.filter((_, i) => !kept.has(i));
  const value = rest.reduce((sum, row) => sum + row.value, 0);
  return [...rows.filter((_, i) => kept.has(i)), { category: texts.report.chartOthers(rest.length), value, label: formatValue(block.format, value) }];
}

/** A part of a whole whose parts are all zero (or that has none) draws nothing. */
export const isEmptyWhole = (block: ChartBlock, rows: readonly ChartRow[]) => isPartOfWhole(block) && rows.every((row) => row.value === 0);

/** A row of a chart's data table: what the chart draws, plus the share (%) of a part of a whole. */
export interface ChartTableRow {
  /** The chart row it shows (the drill's key). */
  index?: number;
  category: string;
  series?: string;
  value: number;
  share?: number;
}

/** The chart's rows as its data table shows them: the same rows, in the same order, with their share where it applies. */
export function chartTableRows(block: ChartBlock, rows: readonly ChartRow[]): ChartTableRow[] {
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return rows.map(({ category, series, value }, index) => ({
    ...(block.drill ? { index } : {}),
    category,
    ...(series === undefined ? {} : { series }),
    value,
    ...(isPartOfWhole(block) ? { share: total === 0 ? 0 : (value / total) * 100 } : {}),
  }));
}

/** The largest values, as a screen reader reads the chart: "Suite: $7.00, Loft: $3.00". */
export function largestValues(rows: readonly ChartRow[], count = 3): string {
  return [...rows]
    .sort((a, b) => b.value - a.value)
    .slice(0, count)
    .map((row) => `${row.series === undefined ? row.category : `${row.category} (${row.series})`}: ${row.label}`)
    .join(', ');
}
