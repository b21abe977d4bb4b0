import { describe, expect, it } from 'vitest';
import { calendarEntries, entryColors } from './calendarEntries.ts';

describe('events calendar entries', () => {
  it('shows events in orange with their place, and each occurrence of a reservation in brown with its space and client', () => {
    const place = { _id: 17, name: 'Terraza' };
    const user = { name: 'Laura María', lastName: 'Giraldo Ruiz' };
    const occurrence = (n: number, day: string) => ({ _id: 9, occurrence: n, place, user, dateStart: `${day}T10:00:00Z`, dateEnd: `${day}T12:00:00Z` });
    const entries = calendarEntries({
      events: [{ _id: 3, title: 'Yoga al amanecer', place, dateStart: '2026-11-03T07:00:00Z', dateEnd: '2026-11-03T09:00:00Z' }],
      spaces: [occurrence(0, '2026-11-07'), occurrence(1, '2026-11-14')],
    });
    expect(entries.map(({ id, title, color, start }) => ({ id, title, color, start }))).toEqual([
      { id: 'event-3', title: 'Yoga al amanecer · Terraza', color: entryColors.event, start: '2026-11-03T07:00:00Z' },
      { id: 'space-9-0', title: 'Terraza · Laura Giraldo', color: entryColors.reservation, start: '2026-11-07T10:00:00Z' },
      { id: 'space-9-1', title: 'Terraza · Laura Giraldo', color: entryColors.reservation, start: '2026-11-14T10:00:00Z' },
    ]);
    expect(calendarEntries(undefined)).toEqual([]);
  });
});
