import type { EventInput } from '@fullcalendar/react';
import { toOperatorDay } from '../../core/format.ts';

/*
 * FullCalendar reads named time zones only with a plugin: the calendars run it in UTC and hand it the operator's
 * wall clock (OPERATOR_TIME_ZONE), so an entry at 07:00 in Bogotá sits at 07:00 and "today" is the operator's.
 */

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

/** An instant as FullCalendar (in UTC) shows it on the operator's clock; a calendar day stays a day. */
const wallClockIso = (value: unknown) =>
  typeof value === 'string' && calendarDay.test(value) ? value : toOperatorDay(value)?.toISOString();

/** Now on the operator's clock: the calendar's today. */
export const operatorNow = (): string => wallClockIso(Date.now())!;

/** An entry placed on the operator's clock. */
export const onOperatorClock = (event: EventInput): EventInput => ({
  ...event,
  ...(event.start != null && { start: wallClockIso(event.start) }),
  ...(event.end != null && { end: wallClockIso(event.end) }),
});
