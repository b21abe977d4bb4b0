import type { WidgetProps } from '../../engine/widgets/registry.ts';

/** What a calendar's widget block names: its source and the hidden date filter that carries the days shown. */
export function calendarBlock({ source, options }: WidgetProps): { source: string; rangeFilter: string } {
  const rangeFilter = options?.rangeFilter;
  if (!source || typeof rangeFilter !== 'string') throw new Error('A calendar block needs a source and options.rangeFilter');
  return { source, rangeFilter };
}
