import type { DrillDefinition, FilterDefinition, ReportDefinition } from '../../schema/reportDefinition.ts';
import type { IsoDay } from '../filters/dates.ts';
import type { FilterContext } from '../filters/filterKind.ts';
import { kindOf } from '../filters/filterKinds.ts';
import type { FilterValue, FilterValues } from '../filters/filterValues.ts';
import { dayBounds } from '../filters/kinds/dateKind.ts';
import { getPath } from '../paths.ts';
import { writeFilterValues } from './urlState.ts';

/**
 * Drill-down: from a figure (a chart's mark, a card) to the rows behind it. The target screen's address is built with
 * its filters as its own filter drawer writes them (`writeFilterValues`), so they show as its chips and a link reopens it.
 */

type Filters = Pick<ReportDefinition, 'filters'>;
type Target = Pick<ReportDefinition, 'filters' | 'route'>;

/** The words a fixed value may hold: today in the operator's zone, and the first and last day a date field accepts. */
export function resolveDrillText(text: string, today: IsoDay): string {
  const { from, to } = dayBounds(today);
  return text.replaceAll('{today}', today).replaceAll('{firstDay}', from).replaceAll('{lastDay}', to);
}

/** A fixed value of the target's filter read as its address reads it, or undefined when the filter cannot read it. */
export function fixedDrillValue(filter: FilterDefinition, given: string | readonly string[], context: FilterContext): FilterValue | undefined {
  const params = new URLSearchParams();
  for (const text of typeof given === 'string' ? [given] : given) params.append(filter.id, resolveDrillText(text, context.today));
  return kindOf(filter).fromUrl(filter, params, context);
}

/** The value a clicked row's field gives the target's filter, by its kind; undefined when the kind takes no single value. */
export function clickedDrillValue(filter: FilterDefinition, raw: unknown, label: unknown): FilterValue | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = String(raw);
  switch (filter.kind) {
    case 'lookup':
      return [{ id: text, label: label === undefined || label === null || label === '' ? text : String(label) }];
    case 'month':
      return /^\d{4}-\d{2}/.test(text) ? text.slice(0, 7) : undefined;
    case 'date':
      return /^\d{4}-\d{2}-\d{2}/.test(text) ? { range: filter.range === 'always', from: text.slice(0, 10), to: filter.range === 'always' ? text.slice(0, 10) : null } : undefined;
    case 'select':
      return typeof raw === 'number' || typeof raw === 'boolean' ? raw : text;
    case 'multiSelect':
      return [typeof raw === 'number' || typeof raw === 'boolean' ? raw : text];
    case 'yesNo':
      return typeof raw === 'boolean' ? raw : undefined;
    case 'search':
      return text;
    default:
      return undefined;
  }
}

/** The filter kinds a clicked row can set. */
export const clickableKinds: ReadonlySet<FilterDefinition['kind']> = new Set(['lookup', 'month', 'date', 'select', 'multiSelect', 'yesNo', 'search']);

/** `YYYY-MM` of a year filter's value and a month number (1–12), or undefined. */
export function monthOfYear(year: unknown, month: unknown): string | undefined {
  const y = Number(year);
  const m = Number(month);
  if (!Number.isInteger(y) || !Number.isInteger(m) || m < 1 || m > 12) return undefined;
  return `${y}-${String(m).padStart(2, '0')}`;
}

/** A carried filter as the ids of this screen's filter and of the target's (the same id when one is named). */
export function carriedPair(entry: NonNullable<DrillDefinition['carry']>[number]): { from: string; to: string } {
  return typeof entry === 'string' ? { from: entry, to: entry } : entry;
}

export interface DrillInput {
  drill: DrillDefinition;
  /** The screen the figure is on, and its applied filter values. */
  from: Filters;
  values: FilterValues;
  /** The target screen (the same one when the drill names no route). */
  target: Target;
  /** The clicked chart row (undefined for a card). */
  datum?: unknown;
  today: IsoDay;
  /** The current address (path and search), kept when the target is this screen (tables, tabs). */
  pathname?: string;
  current?: URLSearchParams;
}

/** The target's address: its route and its search with the drill's filters (tables back on page 1). */
export function drillHref({ drill, from, values, target, datum, today, pathname, current }: DrillInput): string {
  const context: FilterContext = { today };
  const byId = new Map(target.filters.map((filter) => [filter.id, filter]));
  const sameScreen = drill.to === undefined;
  const next: FilterValues = sameScreen ? { ...values } : {};
  for (const entry of drill.carry ?? []) {
    const { from: id, to } = carriedPair(entry);
    const mine = from.filters.find((filter) => filter.id === id);
    const theirs = byId.get(to);
    if (mine && theirs && mine.kind === theirs.kind && values[id] !== undefined) next[to] = values[id];
  }
  for (const [id, given] of Object.entries(drill.filters ?? {})) {
    const filter = byId.get(id);
    const value = filter && fixedDrillValue(filter, given, context);
    if (value !== undefined) next[id] = value;
  }
  for (const { filter: id, field, label, year } of drill.set ?? []) {
    const filter = byId.get(id);
    const raw = year === undefined ? getPath(datum, field) : monthOfYear(values[year], getPath(datum, field));
    const value = filter && clickedDrillValue(filter, raw, label === undefined ? undefined : getPath(datum, label));
    if (value !== undefined) next[id] = value;
  }
  const search = writeFilterValues(target, next, sameScreen && current ? current : new URLSearchParams()).toString();
  const route = drill.to ?? pathname ?? target.route;
  return search ? `${route}?${search}` : route;
}

/** The screen a drill opens among the definitions, by route (a further `alsoAt` route included). */
export function drillTarget<D extends Pick<ReportDefinition, 'route' | 'alsoAt'>>(drill: DrillDefinition, self: D, all: readonly D[]): D | undefined {
  if (drill.to === undefined) return self;
  return all.find((definition) => definition.route === drill.to || (definition.alsoAt ?? []).some((place) => place.route === drill.to));
}
