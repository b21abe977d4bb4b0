import type { DayRange } from '../../core/filters/dates.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';
import type { WidgetBlockAt, WidgetProps } from '../../engine/widgets/registry.ts';
import { readCalendarPosition, shownDays } from './calendarUrl.ts';

const rangeFilterOf = (options: WidgetProps['options']) => {
  const rangeFilter = options?.rangeFilter;
  return typeof rangeFilter === 'string' ? rangeFilter : undefined;
};

/** What a calendar's widget block names: its source and the hidden date filter that carries the days shown. */
export function calendarBlock({ source, options }: WidgetProps): { source: string; rangeFilter: string } {
  const rangeFilter = rangeFilterOf(options);
  if (!source || rangeFilter === undefined) throw new Error('A calendar block needs a source and options.rangeFilter');
  return { source, rangeFilter };
}

/** The days shown, as the value of the block's hidden date filter. */
export const daysFilter = (rangeFilter: string, days: DayRange): FilterValues => ({ [rangeFilter]: { range: true, from: days.from, to: days.to } });

/** A calendar's first request: the days it shows at the URL's position (WidgetModule.firstRequestFilters). */
export function calendarFirstRequest({ options, searchParams, today }: WidgetBlockAt): FilterValues | undefined {
  const rangeFilter = rangeFilterOf(options);
  return rangeFilter === undefined ? undefined : daysFilter(rangeFilter, shownDays(readCalendarPosition(searchParams, today)));
}
