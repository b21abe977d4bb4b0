import { isSingleDayPreset, monthOf, resolveDatePreset } from '../../core/filters/dates.ts';
import { kindOf } from '../../core/filters/filterKinds.ts';
import { dateSpan } from '../../core/filters/kinds/dateKind.ts';
import type { DateValue } from '../../core/filters/filterValues.ts';
import { datePresets, type DatePreset } from '../../schema/registries.ts';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';

type Pair = [string, string];
type Filter = ReportDefinition['filters'][number];

/** Relative periods a subscription keeps: { filter id: preset }. */
export type Presets = Record<string, DatePreset>;

const previousMonth = (today: string) => resolveDatePreset('previousMonth', today).from.slice(0, 7);

/** The preset a filter's value stands for on `today`, if any: what the person chose ("Hoy", "Mes actual"…). */
function presetOf(filter: Filter, params: URLSearchParams, today: string): DatePreset | undefined {
  if (filter.hidden || !params.has(filter.id)) return undefined;
  const value = kindOf(filter).fromUrl(filter, params, { today });
  if (value === undefined || value === null) return undefined;
  if (filter.kind === 'date') {
    const date = value as DateValue;
    const { from, to } = dateSpan(date);
    if (!from || !to) return undefined;
    return datePresets.find((preset) => {
      if (!date.range && !isSingleDayPreset(preset)) return false;
      const span = resolveDatePreset(preset, today);
      return span.from === from && span.to === to;
    });
  }
  if (filter.kind === 'month') {
    if (value === monthOf(today)) return 'currentMonth';
    if (value === previousMonth(today)) return 'previousMonth';
  }
  if (filter.kind === 'year' && value === Number(today.slice(0, 4))) return 'currentYear';
  return undefined;
}

/**
 * The relative periods of a screen's filters as saved on `today`: a date, month or year filter whose value is what a
 * preset gives today (today, yesterday, this week, this month, last month, this year) is taken as that preset, so
 * that each mail resolves it again on the day it is sent. (A filter left at its default is absent from the state
 * and follows the day by itself.)
 */
export function findPresets(definition: Pick<ReportDefinition, 'filters'>, filters: readonly Pair[], today: string): Presets {
  const params = new URLSearchParams(filters.map(([k, v]) => [k, v]));
  const found: Presets = {};
  for (const filter of definition.filters) {
    const preset = presetOf(filter, params, today);
    if (preset) found[filter.id] = preset;
  }
  return found;
}

/** The filters' URL pairs with each kept preset resolved against `today` (the day the mail is sent). */
export function movePresets(definition: Pick<ReportDefinition, 'filters'>, filters: readonly Pair[], presets: Presets, today: string): Pair[] {
  const params = new URLSearchParams(filters.map(([k, v]) => [k, v]));
  for (const filter of definition.filters) {
    const preset = presets[filter.id];
    if (!preset || !params.has(filter.id)) continue;
    const kind = kindOf(filter);
    let value: unknown;
    const span = resolveDatePreset(preset, today);
    if (filter.kind === 'date') {
      const old = kind.fromUrl(filter, params, { today }) as DateValue | undefined;
      value = old?.range ? { range: true, from: span.from, to: span.to } : { range: false, from: span.from, to: null };
    } else if (filter.kind === 'month') {
      value = span.from.slice(0, 7);
    } else if (filter.kind === 'year') {
      value = Number(span.from.slice(0, 4));
    } else {
      continue;
    }
    params.delete(filter.id);
    for (const [k, v] of kind.toUrl(filter, value as never)) params.append(k, v);
  }
  return [...params];
}
