import type { FilterInput } from '../../schema/reportDefinition.ts';

/**
 * The days a calendar shows (the first and last day of its month, week or day view), sent as
 * dateStart and dateEnd. Hidden: the calendar sets it as the user moves; the default is what a
 * request planned without the calendar asks for.
 */
export const calendarDaysFilter = {
  id: 'days',
  kind: 'date',
  range: 'always',
  hidden: true,
  param: { from: 'dateStart', to: 'dateEnd' },
  default: 'currentMonth',
} as const satisfies FilterInput;

/** The widget block option naming that filter. */
export const calendarOptions = { rangeFilter: calendarDaysFilter.id };
