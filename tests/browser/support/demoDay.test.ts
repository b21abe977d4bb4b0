import { describe, expect, it } from 'vitest';
import { demoDay, longestBrowserRunMs, waitForOneDayMs } from './demoDay.ts';

describe('the browser run stays within the day of its demo data', () => {
  it('starts at once while the day has room for the longest run', () => {
    expect(waitForOneDayMs(new Date('2026-11-23T12:00:00Z'))).toBe(0);
    expect(waitForOneDayMs(new Date(Date.parse('2026-11-24T00:00:00Z') - longestBrowserRunMs))).toBe(0);
    expect(waitForOneDayMs(new Date('2026-11-24T00:00:01Z'))).toBe(0);
  });

  it('waits until a second past midnight UTC when the run could pass it', () => {
    // The CI run that failed began at 23:48:45: its last files asked for a day with no data.
    expect(waitForOneDayMs(new Date('2026-11-23T23:48:45Z'))).toBe(11 * 60_000 + 15_000 + 1000);
    expect(waitForOneDayMs(new Date('2026-12-31T23:59:59.500Z'))).toBe(1500);
  });

  it('anchors the data on the day it is loaded and ends it at its last second', () => {
    expect(demoDay(new Date('2027-01-01T00:00:01Z'))).toEqual({ today: '2027-01-01', env: { DEMO_TODAY: '2027-01-01', DEMO_NOW: '2027-01-01T23:59:59Z' } });
  });
});
