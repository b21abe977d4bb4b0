import { describe, expect, it } from 'vitest';
import { aaSpread, aaVerdict, distinctRequests, extraWait, growthMb, growthRatio, nonRepeatingMix, verdictText } from './honest.ts';
import { mixNames } from './heavyRoutes.ts';

describe('A/A verdict', () => {
  it('takes the least and greatest finite ratio as the spread', () => {
    expect(aaSpread([1.1, 0.8, NaN, 1.3, 0])).toEqual({ lo: 0.8, hi: 1.3 });
    expect(aaSpread([NaN])).toBeUndefined();
  });

  it('says within only when the ratio over the low end of the spread is still within the goal', () => {
    expect(verdictText(aaVerdict(1.1, 1.3, { lo: 0.9, hi: 1.1 }))).toBe('within 1.3×');
    expect(verdictText(aaVerdict(1.25, 1.3, { lo: 0.9, hi: 1.1 }))).toBe('undecided: A/A spread 0.90–1.10');
    expect(verdictText(aaVerdict(1.5, 1.3, { lo: 0.9, hi: 1.1 }))).toBe('over 1.3×');
  });

  it('is undecided for a 1.2× route when the same SQL timed twice spans 0.31–1.60', () => {
    expect(aaVerdict(1.2, 1.3, { lo: 0.31, hi: 1.6 })).toEqual({ kind: 'undecided', goal: 1.3, spread: { lo: 0.31, hi: 1.6 } });
    expect(aaVerdict(2.2, 1.3, { lo: 0.31, hi: 1.6 }).kind).toBe('over');
  });

  it('counts the spread as reaching 1 at least, so a spread all above 1 does not make a ratio look smaller', () => {
    // 1.35 / 1.05 is 1.29: without reaching 1 the spread would call it within.
    expect(aaVerdict(1.35, 1.3, { lo: 1.05, hi: 1.1 }).kind).toBe('undecided');
    expect(aaVerdict(1.29, 1.3, { lo: 1.05, hi: 1.4 }).kind).toBe('within');
  });

  it('is undecided without a spread or a ratio', () => {
    expect(aaVerdict(1, 1.3, undefined).kind).toBe('undecided');
    expect(aaVerdict(NaN, 1.3, { lo: 0.9, hi: 1.1 }).kind).toBe('undecided');
  });
});

describe('memory growth', () => {
  it('is the peak over the RSS before, never below 0', () => {
    expect(growthMb(270, 317.7)).toBe(47.7);
    expect(growthMb(300, 290)).toBe(0);
  });

  it('compares files by their growth, not by peaks that hold the baseline', () => {
    // Peaks of 274.9 and 317.7 MB over a 270 MB bench: 1.16× as peaks, 9.73× as growth.
    expect(growthRatio(270, 274.9, 317.7)).toBe(9.73);
    expect(Number.isNaN(growthRatio(270, 260, 317.7))).toBe(true);
  });
});

describe('extra wait', () => {
  it('is the median and p95 during minus the same alone', () => {
    const alone = Array.from({ length: 20 }, (_, i) => 10 + i);
    const during = alone.map((t) => t + 40);
    during[19] = 400;
    expect(extraWait(alone, during)).toEqual({ p50Ms: 40, p95Ms: 371 });
  });
});

describe('the non-repeating mix', () => {
  const data = { today: '2026-11-27', historyDays: 1000, pages: 30, clients: 50 };
  const mixes = Array.from({ length: 50 }, (_, client) => Array.from({ length: 60 }, (_, iteration) => nonRepeatingMix(data, client, iteration)));
  const all = mixes.flat(2);

  it('makes the five calls of the mix on every turn', () => {
    for (const mix of mixes.flat()) expect(mix.map((c) => c.name).sort()).toEqual([...mixNames].sort());
  });

  it('repeats no URL of a call with parameters across clients and turns, up to the distinct count', () => {
    expect(50 * 60).toBeLessThanOrEqual(distinctRequests(data));
    for (const name of mixNames.filter((n) => n !== 'dashboard')) {
      const urls = all.filter((c) => c.name === name).map((c) => c.url);
      expect(new Set(urls).size).toBe(urls.length);
    }
  });

  it('asks month-long periods starting in the history before the month of today, and pages of the list that exist', () => {
    for (const c of all.filter((c) => c.name === 'commercial')) {
      const [, from, to] = /dateStart=([\d-]+)&dateEnd=([\d-]+)/.exec(c.url)!;
      const days = (Date.parse(to!) - Date.parse(from!)) / 86_400_000 + 1;
      expect(days).toBeGreaterThanOrEqual(28);
      expect(days).toBeLessThanOrEqual(31);
      expect(Date.parse(from!)).toBeGreaterThanOrEqual(Date.parse('2026-11-01') - 1000 * 86_400_000);
      expect(Date.parse(from!)).toBeLessThan(Date.parse('2026-11-01'));
    }
    for (const c of all.filter((c) => c.name === 'booking page')) {
      const page = Number(new URL(c.url, 'http://x').searchParams.get('page'));
      expect(page).toBeGreaterThanOrEqual(1);
      expect(page).toBeLessThanOrEqual(30);
    }
    const recaudo = all.find((c) => c.name === 'recaudo statistics')!.url;
    expect(recaudo).toContain('status=checked_in,checked_out,confirmed,not_confirmed&isVirtual=false');
  });
});
