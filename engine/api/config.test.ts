import { afterEach, describe, expect, it } from 'vitest';
import { operatorToday, resolveDatePreset } from '../../core/filters/dates.ts';
import { setConfig } from './config.ts';

describe("today in the operator's time zone", () => {
  // 22:30 on 18/11/2026 in Bogotá (UTC−5): already the 19th in UTC.
  const lateInBogota = new Date('2026-11-19T03:30:00Z');
  const browserZone = process.env.TZ;
  afterEach(() => {
    setConfig({});
    if (browserZone === undefined) delete process.env.TZ;
    else process.env.TZ = browserZone;
  });

  it('is the day of the zone the server sends in /config.json, not the UTC day', () => {
    setConfig({ timeZone: 'America/Bogota' });
    expect(operatorToday(lateInBogota)).toBe('2026-11-18');
    // The relative periods follow: yesterday and the current week are Bogotá's.
    expect(resolveDatePreset('yesterday', operatorToday(lateInBogota))).toEqual({ from: '2026-11-17', to: '2026-11-17' });
    setConfig({});
    expect(operatorToday(lateInBogota)).toBe('2026-11-19');
  });

  it("never takes the browser's own zone", () => {
    process.env.TZ = 'Asia/Tokyo';
    expect(lateInBogota.getDate(), "the browser's day").toBe(19);
    setConfig({ timeZone: 'America/Bogota' });
    expect(operatorToday(lateInBogota)).toBe('2026-11-18');
    process.env.TZ = 'Pacific/Honolulu';
    expect(lateInBogota.getDate(), "the browser's day").toBe(18);
    setConfig({});
    expect(operatorToday(lateInBogota)).toBe('2026-11-19');
  });

  it('keeps UTC when the server names no zone or one it cannot read', () => {
    for (const timeZone of [undefined, '', 'Bogota', '-05:00', 42]) {
      expect(setConfig({ timeZone } as never).timeZone, String(timeZone)).toBe('UTC');
      expect(operatorToday(lateInBogota)).toBe('2026-11-19');
    }
  });
});
