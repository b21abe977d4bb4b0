import { describe, expect, it } from 'vitest';
import posSales from '../../reports/pos/sales.ts';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import { findPresets, movePresets } from './presets.ts';
import { nextSendAt } from './schedule.ts';

const at = (iso: string) => new Date(iso);
const next = (schedule: Parameters<typeof nextSendAt>[0], after: string, zone = 'UTC') => nextSendAt(schedule, at(after), zone).toISOString();

describe('the next send instant', () => {
  it('sends daily at the hour, today when it is still ahead, else tomorrow', () => {
    expect(next({ frequency: 'daily', hour: 7 }, '2026-03-16T06:59:59Z')).toBe('2026-03-16T07:00:00.000Z');
    expect(next({ frequency: 'daily', hour: 7 }, '2026-03-16T07:00:00Z')).toBe('2026-03-17T07:00:00.000Z');
  });

  it('takes the hour in the operator time zone', () => {
    // 08:00 in Bogotá (UTC-5, no DST) is 13:00 UTC; at 20:00 UTC it is 15:00 there, so tomorrow.
    expect(next({ frequency: 'daily', hour: 8 }, '2026-11-27T12:00:00Z', 'America/Bogota')).toBe('2026-11-27T13:00:00.000Z');
    expect(next({ frequency: 'daily', hour: 8 }, '2026-11-27T20:00:00Z', 'America/Bogota')).toBe('2026-11-28T13:00:00.000Z');
    // 23:00 in Bogotá on the 27th is already the 28th in UTC.
    expect(next({ frequency: 'daily', hour: 23 }, '2026-11-27T20:00:00Z', 'America/Bogota')).toBe('2026-11-28T04:00:00.000Z');
  });

  it('sends weekly on the chosen ISO weekdays only', () => {
    // 2026-11-27 is a Friday (5); Monday and Friday at 08:00 Bogotá.
    const weekly = { frequency: 'weekly', weekdays: [1, 5], hour: 8 } as const;
    expect(next(weekly, '2026-11-27T12:00:00Z', 'America/Bogota')).toBe('2026-11-27T13:00:00.000Z');
    expect(next(weekly, '2026-11-27T13:00:00Z', 'America/Bogota')).toBe('2026-11-30T13:00:00.000Z');
    expect(next({ frequency: 'weekly', weekdays: [7], hour: 0 }, '2026-11-27T12:00:00Z')).toBe('2026-11-29T00:00:00.000Z');
  });

  it('sends monthly on its day, or on the last day of a shorter month (31 in February, 30 in April)', () => {
    const on31 = { frequency: 'monthly', monthDay: 31, hour: 6 } as const;
    expect(next(on31, '2026-01-31T07:00:00Z')).toBe('2026-02-28T06:00:00.000Z');
    expect(next(on31, '2028-02-01T00:00:00Z')).toBe('2028-02-29T06:00:00.000Z');
    expect(next(on31, '2026-02-28T06:00:00Z')).toBe('2026-03-31T06:00:00.000Z');
    expect(next(on31, '2026-04-01T00:00:00Z')).toBe('2026-04-30T06:00:00.000Z');
    expect(next({ frequency: 'monthly', monthDay: 1, hour: 6 }, '2026-12-01T06:00:00Z')).toBe('2027-01-01T06:00:00.000Z');
  });

  it('keeps the wall-clock hour across daylight saving time (America/New_York)', () => {
    // 09:00 New York is 14:00 UTC in winter (EST) and 13:00 UTC in summer (EDT); DST began 2026-03-08.
    expect(next({ frequency: 'daily', hour: 9 }, '2026-03-07T15:00:00Z', 'America/New_York')).toBe('2026-03-08T13:00:00.000Z');
    expect(next({ frequency: 'daily', hour: 9 }, '2026-03-06T15:00:00Z', 'America/New_York')).toBe('2026-03-07T14:00:00.000Z');
    // 02:00 does not exist on the spring-forward day: sent at 03:00 EDT (07:00 UTC), the first hour after the gap.
    expect(next({ frequency: 'daily', hour: 2 }, '2026-03-08T05:00:00Z', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    // 01:00 happens twice on the fall-back day (2026-11-01): sent once, at the first (05:00 UTC, EDT).
    expect(next({ frequency: 'daily', hour: 1 }, '2026-11-01T00:00:00Z', 'America/New_York')).toBe('2026-11-01T05:00:00.000Z');
    expect(next({ frequency: 'daily', hour: 1 }, '2026-11-01T05:00:00Z', 'America/New_York')).toBe('2026-11-02T06:00:00.000Z');
  });
});

describe('relative periods move with the day sent', () => {
  const sales = reportDefinitionSchema.parse(posSales);

  it('keeps a period chosen as "Hoy", "Mes actual" or "Ayer" as that preset, and a fixed one as it is', () => {
    expect(findPresets(sales, [['period', '2026-03-16..2026-03-16']], '2026-03-16')).toEqual({ period: 'today' });
    expect(findPresets(sales, [['period', '2026-03-15..2026-03-15']], '2026-03-16')).toEqual({ period: 'yesterday' });
    expect(findPresets(sales, [['period', '2026-03-01..2026-03-31']], '2026-03-16')).toEqual({ period: 'currentMonth' });
    expect(findPresets(sales, [['period', '2026-02-01..2026-02-28']], '2026-03-16')).toEqual({ period: 'previousMonth' });
    expect(findPresets(sales, [['period', '2026-03-01..2026-03-16']], '2026-03-16')).toEqual({});
  });

  it('resolves them again against the send day', () => {
    const presets = { period: 'currentMonth' } as const;
    expect(movePresets(sales, [['period', '2026-03-01..2026-03-31'], ['business', '3']], presets, '2026-04-02')).toEqual([
      ['business', '3'],
      ['period', '2026-04-01..2026-04-30'],
    ]);
    expect(movePresets(sales, [['period', '2026-03-16..2026-03-16']], { period: 'today' }, '2026-03-17')).toEqual([['period', '2026-03-17..2026-03-17']]);
    expect(movePresets(sales, [['period', '2026-03-15..2026-03-15']], { period: 'yesterday' }, '2026-03-01')).toEqual([['period', '2026-02-28..2026-02-28']]);
  });
});
