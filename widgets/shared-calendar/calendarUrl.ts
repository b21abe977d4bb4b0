import { isIsoDay, monthBounds, monthOf, resolveDatePreset, type DayRange, type IsoDay } from '../../core/filters/dates.ts';

/** The views a calendar screen offers, by their name in the URL, with FullCalendar's view type. */
export const calendarViews = { month: 'dayGridMonth', week: 'timeGridWeek', day: 'timeGridDay' } as const;
export type CalendarView = keyof typeof calendarViews;
/** The FullCalendar view type a screen draws for each view it offers. */
export type CalendarViewTypes = Record<CalendarView, string>;
/** Month on the grid, week and day as lists of entries grouped by day (dense calendars, e.g. housekeeping). */
export const listViews: CalendarViewTypes = { month: 'dayGridMonth', week: 'listWeek', day: 'listDay' };

/** Where a calendar stands: its view and the first day of what it shows (a month's 1st, a week's Monday, a day). */
export interface CalendarPosition {
  view: CalendarView;
  date: IsoDay;
}

const viewKey = 'view';
const dateKey = 'date';

const isView = (value: string | null): value is CalendarView => value !== null && Object.hasOwn(calendarViews, value);

/** The position the URL names; the current month where it names none (or nonsense). */
export function readCalendarPosition(params: URLSearchParams, today: IsoDay): CalendarPosition {
  const view = params.get(viewKey);
  const date = params.get(dateKey);
  return { view: isView(view) ? view : 'month', date: isIsoDay(date) ? date : today };
}

/** Whether the URL says where the calendar stands (a link), rather than leaving it to the default. */
export const hasCalendarPosition = (params: URLSearchParams) => params.has(viewKey) || params.has(dateKey);

export function writeCalendarPosition(params: URLSearchParams, position: CalendarPosition): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(viewKey, position.view);
  next.set(dateKey, position.date);
  return next;
}

/** The URL name of a FullCalendar view type (month for any other). */
export function viewOfType(type: string, types: CalendarViewTypes = calendarViews): CalendarView {
  const found = (Object.keys(types) as CalendarView[]).find((view) => types[view] === type);
  return found ?? 'month';
}

const isoDayOf = (date: Date): IsoDay => date.toISOString().slice(0, 10);

/** Weeks start on Monday (FullCalendar's Spanish locale, set on the calendar too), and a month shows six of them. */
export const calendarGrid = { firstDay: 1, fixedWeekCount: true } as const;

/**
 * The first and last day the calendar shows at `position`, as FullCalendar lays them out: the six weeks around a
 * month, a week from its Monday, a day. Known before FullCalendar has drawn, so the first request goes out at once.
 */
export function shownDays({ view, date }: CalendarPosition): DayRange {
  // The engine's week (Monday to Sunday, as `calendarGrid.firstDay`).
  const weekOf = (day: IsoDay) => resolveDatePreset('currentWeek', day);
  switch (view) {
    case 'month': {
      const from = weekOf(monthBounds(monthOf(date)).from).from;
      return { from, to: weekOf(isoDayOf(new Date(Date.parse(from) + 35 * 86_400_000))).to };
    }
    case 'week':
      return weekOf(date);
    case 'day':
      return { from: date, to: date };
  }
}

/** The first and last day a view shows, from FullCalendar's UTC start and exclusive end. */
export function visibleDays(start: Date, end: Date): DayRange {
  return { from: isoDayOf(start), to: isoDayOf(new Date(end.getTime() - 86_400_000)) };
}

/** The position of a view from FullCalendar's view type and the start of its current period. */
export function positionOf(type: string, currentStart: Date, types: CalendarViewTypes = calendarViews): CalendarPosition {
  return { view: viewOfType(type, types), date: isoDayOf(currentStart) };
}
