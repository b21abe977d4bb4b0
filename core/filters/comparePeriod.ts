import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { FilterDefinition } from '../../schema/reportDefinition.ts';
import { walkBlocks } from '../data/walkBlocks.ts';
import { texts } from '../texts.ts';
import { dayToText, type DayRange } from './dates.ts';
import { kindOf } from './filterKinds.ts';
import type { FilterValues } from './filterValues.ts';

dayjs.extend(utc);

/**
 * "Comparar con:" of a screen with a period, kept in the URL under `compare` (absent: no comparison):
 * - `previous`: the period immediately before, as long as the one shown (a whole month or months: the months before);
 * - `lastYear`: the same dates one year earlier (29 Feb -> 28 Feb; a whole month: that month a year earlier).
 */
export const compareModes = ['previous', 'lastYear'] as const;
export type CompareMode = (typeof compareModes)[number];

/** The URL search param holding the comparison. */
export const compareParam = 'compare';

export function readCompareMode(params: URLSearchParams): CompareMode | undefined {
  const raw = params.get(compareParam);
  return compareModes.find((mode) => mode === raw);
}

/** The URL with the comparison set (undefined: removed). */
export function writeCompareMode(params: URLSearchParams, mode: CompareMode | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (mode === undefined) next.delete(compareParam);
  else next.set(compareParam, mode);
  return next;
}

const day = (value: string) => dayjs.utc(value);
const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** Whether a range is whole calendar months: it starts on a 1st and ends on a month's last day. */
function wholeMonths(range: DayRange): number | undefined {
  const from = day(range.from);
  const to = day(range.to);
  if (from.date() !== 1 || !to.isSame(to.endOf('month'), 'day')) return undefined;
  return (to.year() - from.year()) * 12 + to.month() - from.month() + 1;
}

/**
 * The period a comparison reads: `previous`, the same number of days immediately before (whole months: the same number
 * of months before, so November compares with October); `lastYear`, the same dates a year earlier (29 Feb -> 28 Feb;
 * whole months: the same months a year earlier, so February 2025 compares with 1–29 February 2024).
 */
export function shiftRange(range: DayRange, mode: CompareMode): DayRange {
  const months = range.from <= range.to ? wholeMonths(range) : undefined;
  const from = day(range.from);
  const to = day(range.to);
  if (months !== undefined) {
    const start = from.subtract(mode === 'lastYear' ? 12 : months, 'month');
    return { from: iso(start), to: iso(start.add(months - 1, 'month').endOf('month')) };
  }
  if (mode === 'lastYear') return { from: iso(from.subtract(1, 'year')), to: iso(to.subtract(1, 'year')) };
  const days = to.diff(from, 'day') + 1;
  return { from: iso(from.subtract(days, 'day')), to: iso(from.subtract(1, 'day')) };
}

/** The period filter of a source and the days it names: the first filter sent to it naming both a first and a last day. */
export function periodOf(
  definition: Pick<ReportDefinition, 'filters' | 'sources'>,
  sourceId: string,
  values: FilterValues,
): { filter: FilterDefinition; period: DayRange } | undefined {
  const sent = definition.sources[sourceId]?.filters;
  for (const filter of definition.filters) {
    const value = values[filter.id];
    if ((sent && !sent.includes(filter.id)) || value === undefined) continue;
    const days = kindOf(filter).days?.(filter, value);
    const from = days?.from ?? days?.to;
    const to = days?.to ?? days?.from;
    if (from && to) return { filter, period: { from, to } };
  }
  return undefined;
}

/** Whether a filter can hold a period (its kind names days), whatever its value now. */
const holdsPeriod = (filter: FilterDefinition) => kindOf(filter).days !== undefined && kindOf(filter).shift !== undefined;

/** Whether a source is sent a filter that can hold a period. */
export function sourceHasPeriod(definition: Pick<ReportDefinition, 'filters' | 'sources'>, sourceId: string): boolean {
  const sent = definition.sources[sourceId]?.filters;
  return definition.filters.some((filter) => holdsPeriod(filter) && (!sent || sent.includes(filter.id)));
}

/** The sources of a screen's cards blocks that a period filters: where "Comparar con:" applies. */
export function comparedSources(definition: Pick<ReportDefinition, 'filters' | 'sources' | 'blocks'>): string[] {
  const found = new Set<string>();
  walkBlocks(definition.blocks, (block) => {
    if (block.kind === 'cards' && sourceHasPeriod(definition, block.source)) found.add(block.source);
  });
  return [...found];
}

export interface ComparedFilters {
  /** The filter values with the period moved: what the comparison's request is planned from. */
  filters: FilterValues;
  /** The period shown and the one compared with. */
  period: DayRange;
  shifted: DayRange;
}

/**
 * The filter values of a source's comparison: its period filter's value moved by the filter's own kind (a month stays a
 * month, a year a year), so the request is planned, and its parameters mapped, as any other. Undefined when no period
 * filters the source now.
 */
export function comparedFilters(
  definition: Pick<ReportDefinition, 'filters' | 'sources'>,
  sourceId: string,
  values: FilterValues,
  mode: CompareMode,
): ComparedFilters | undefined {
  const found = periodOf(definition, sourceId, values);
  const shift = found ? kindOf(found.filter).shift : undefined;
  if (!found || !shift) return undefined;
  const moved = shift(found.filter, values[found.filter.id]!, (range) => shiftRange(range, mode));
  if (moved === undefined) return undefined;
  const filters = { ...values, [found.filter.id]: moved };
  const shifted = periodOf(definition, sourceId, filters)?.period;
  return shifted ? { filters, period: found.period, shifted } : undefined;
}

/** A period as read: "01/10/2026 – 31/10/2026", or one day. */
export function periodText(range: DayRange): string {
  return range.from === range.to ? dayToText(range.from) : `${dayToText(range.from)} – ${dayToText(range.to)}`;
}

/**
 * The comparison as files and prints state it, e.g. "Periodo anterior (01/10/2026 – 31/10/2026)": the period of
 * `sourceId` when a period filters it, else of the screen's first compared cards. Undefined without a comparison.
 */
export function describeComparison(
  definition: Pick<ReportDefinition, 'filters' | 'sources' | 'blocks'>,
  values: FilterValues,
  params: URLSearchParams,
  sourceId?: string,
): string | undefined {
  const mode = readCompareMode(params);
  const sources = comparedSources(definition);
  if (mode === undefined || sources.length === 0) return undefined;
  const shifted = [...(sourceId === undefined ? [] : [sourceId]), ...sources]
    .map((id) => comparedFilters(definition, id, values, mode)?.shifted)
    .find((range) => range !== undefined);
  const label = texts.periodCompare.modes[mode];
  return shifted ? `${label} (${periodText(shifted)})` : label;
}
