import { describe, expect, it } from 'vitest';
import { dayToText, monthBounds, resolveDatePreset, textToDay, operatorToday } from './dates.ts';

describe('date presets against a fixed today (UTC)', () => {
  // A Wednesday.
  const today = '2026-11-18';

  it('resolves today and yesterday to one day', () => {
    expect(resolveDatePreset('today', today)).toEqual({ from: today, to: today });
    expect(resolveDatePreset('yesterday', today)).toEqual({ from: '2026-11-17', to: '2026-11-17' });
    expect(resolveDatePreset('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('resolves the current week Monday to Sunday, also on a Sunday and a Monday', () => {
    expect(resolveDatePreset('currentWeek', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(resolveDatePreset('currentWeek', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(resolveDatePreset('currentWeek', '2026-11-23')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('resolves the current and previous month, across a year', () => {
    expect(resolveDatePreset('currentMonth', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(resolveDatePreset('previousMonth', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(resolveDatePreset('previousMonth', '2026-01-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(resolveDatePreset('previousMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('resolves the current year', () => {
    expect(resolveDatePreset('currentYear', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('takes today in UTC, not in the local time zone', () => {
    expect(operatorToday(new Date('2026-11-18T23:30:00-05:00'))).toBe('2026-11-19');
  });

  it('gives the first and last day of a month', () => {
    expect(monthBounds('2023-12')).toEqual({ from: '2023-12-01', to: '2023-12-31' });
    expect(monthBounds('2023-02')).toEqual({ from: '2023-02-01', to: '2023-02-28' });
  });
});

describe('typed days', () => {
  it('reads DD/MM/YYYY and refuses days that do not exist', () => {
    expect(textToDay('15/10/2026')).toBe('2026-10-15');
    expect(textToDay('5/1/2024')).toBe('2024-01-05');
    expect(textToDay('29/02/2024')).toBe('2024-02-29');
    expect(textToDay('31/02/2026')).toBeNull();
    expect(textToDay('29/02/2023')).toBeNull();
    expect(textToDay('hola')).toBeNull();
    expect(textToDay('2026-10-15')).toBeNull();
    expect(dayToText('2026-10-15')).toBe('15/10/2026');
    expect(dayToText(null)).toBe('');
  });
});
