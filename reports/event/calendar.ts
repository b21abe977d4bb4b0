import { defineReport } from '../../schema/defineReport.ts';
import { calendarDaysFilter, calendarOptions } from '../shared/calendarDays.ts';

// Community events (orange) and space reservations (brown) on a calendar (month, week, day),
// each with its place, client and time range; a weekly or monthly reservation shows on every
// date it recurs in the days shown (the API expands the series).
export default defineReport({
  id: 'event-calendar',
  route: '/event/calendar',
  title: 'Calendario de eventos',
  menu: { group: 'Otros', order: 1 },
  sources: {
    entries: {
      path: '/api/v1/placereservation/place/detail',
      // The answer is { events, spaces }; the calendar reads both lists.
      rows: 'events',
    },
  },
  filters: [
    // No filter of its own to choose: the days shown only.
    calendarDaysFilter,
  ],
  blocks: [
    {
      kind: 'widget',
      widget: 'event-calendar',
      source: 'entries',
      options: calendarOptions,
    },
  ],
});
