import { describe, expect, it } from 'vitest';
import { hasCalendarPosition, listViews, positionOf, readCalendarPosition, visibleDays, writeCalendarPosition } from './calendarUrl.ts';

describe('calendar position in the URL', () => {
  it('reads the view and date a link names, the current month otherwise', () => {
    expect(readCalendarPosition(new URLSearchParams('view=week&date=2026-11-09&area=2:X'), '2026-11-22')).toEqual({ view: 'week', date: '2026-11-09' });
    expect(readCalendarPosition(new URLSearchParams(''), '2026-11-22')).toEqual({ view: 'month', date: '2026-11-22' });
    expect(readCalendarPosition(new URLSearchParams('view=year&date=2026-02-31'), '2026-11-22')).toEqual({ view: 'month', date: '2026-11-22' });
    expect(readCalendarPosition(new URLSearchParams('view=toString'), '2026-11-22').view).toBe('month');
  });

  it('writes both keys and keeps the other parameters (the filters)', () => {
    const params = writeCalendarPosition(new URLSearchParams('area=2:Zonas&view=month'), { view: 'day', date: '2026-11-03' });
    expect(params.toString()).toBe('area=2%3AZonas&view=day&date=2026-11-03');
    expect(hasCalendarPosition(params)).toBe(true);
    expect(hasCalendarPosition(new URLSearchParams('area=2'))).toBe(false);
  });

  it('turns FullCalendar\'s UTC view bounds into the first and last day shown and the position', () => {
    expect(visibleDays(new Date('2026-10-26T00:00:00Z'), new Date('2026-12-07T00:00:00Z'))).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(positionOf('timeGridWeek', new Date('2026-11-16T00:00:00Z'))).toEqual({ view: 'week', date: '2026-11-16' });
    expect(positionOf('dayGridMonth', new Date('2026-11-01T00:00:00Z'))).toEqual({ view: 'month', date: '2026-11-01' });
    expect(positionOf('listWeek', new Date('2026-11-16T00:00:00Z'), listViews)).toEqual({ view: 'week', date: '2026-11-16' });
    expect(positionOf('listDay', new Date('2026-11-17T00:00:00Z'), listViews)).toEqual({ view: 'day', date: '2026-11-17' });
  });
});
