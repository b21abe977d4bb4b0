// @vitest-environment jsdom
import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import esLocale from '@fullcalendar/react/locales/es';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { act, cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { createElement, createRef } from 'react';
import { afterEach, expect, it } from 'vitest';
import { calendarGrid, calendarViews, listViews, shownDays, visibleDays, type CalendarView } from './calendarUrl.ts';

afterEach(cleanup);

// The first request of a calendar screen asks for shownDays before FullCalendar has drawn: the days must be the ones
// FullCalendar then shows (with the calendar's own settings), or the screen would ask twice.
it("gives the days FullCalendar shows, for any view and date", () => {
  const calendar = createRef<CalendarRef>();
  const options = { ref: calendar, plugins: [dayGridPlugin, timeGridPlugin, listPlugin], locale: esLocale, timeZone: 'UTC', ...calendarGrid, initialView: calendarViews.month };
  render(createElement(FullCalendar, options));
  const api = calendar.current!.getApi();
  const views = Object.keys(calendarViews) as CalendarView[];
  const days = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  fc.assert(
    // The time grids and the lists (the housekeeping calendar's week and day) show the same days.
    fc.property(fc.constantFrom(...views), fc.constantFrom(calendarViews, listViews), days, (view, types, date) => {
      act(() => api.changeView(types[view], date));
      expect(shownDays({ view, date })).toEqual(visibleDays(api.view.activeStart, api.view.activeEnd));
    }),
    { numRuns: 100 },
  );
  // The cases a month grid turns on: a month starting on a Monday, on a Sunday, a February of four weeks.
  for (const date of ['2026-06-01', '2026-11-01', '2027-02-01', '2026-11-22']) {
    act(() => api.changeView(calendarViews.month, date));
    expect(shownDays({ view: 'month', date })).toEqual(visibleDays(api.view.activeStart, api.view.activeEnd));
  }
  // About 3 s on an idle machine (FullCalendar draws each view in jsdom): room for a busy one.
}, 90_000);
