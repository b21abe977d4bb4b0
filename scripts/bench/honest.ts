import { heavyRoutes, mixNames, type BenchCall } from './heavyRoutes.ts';
import { ascending, ms, percentile, ratio } from './stats.ts';

/**
 * The spread of an A/A control: the ratios of the same work timed twice as two arms, alternated (one per route), their
 * least and greatest. A ratio between two different things measured alike is only as sure as this: its noise alone
 * moves an A/A ratio this far from 1.
 */
export interface AaSpread {
  lo: number;
  hi: number;
}

/** The least and greatest of the finite A/A ratios (undefined when there are none). */
export function aaSpread(ratios: readonly number[]): AaSpread | undefined {
  const finite = ratios.filter((r) => Number.isFinite(r) && r > 0);
  if (finite.length === 0) return undefined;
  return { lo: Math.min(...finite), hi: Math.max(...finite) };
}

export type Verdict = { kind: 'within' | 'over'; goal: number } | { kind: 'undecided'; goal: number; spread: AaSpread };

/**
 * Whether `measured` (a ratio of two timings) is within `goal`, given the A/A spread of the same timings: the true
 * ratio lies between measured / hi and measured / lo. Within when even measured / lo is at most the goal, over when
 * even measured / hi is past it, else undecided: the noise alone could put it on either side. No spread: undecided.
 */
export function aaVerdict(measured: number, goal: number, spread: AaSpread | undefined): Verdict {
  const s = spread ?? { lo: NaN, hi: NaN };
  if (Number.isFinite(measured) && s.lo > 0 && s.hi > 0) {
    if (measured / Math.min(s.lo, 1) <= goal) return { kind: 'within', goal };
    if (measured / Math.max(s.hi, 1) > goal) return { kind: 'over', goal };
  }
  return { kind: 'undecided', goal, spread: s };
}

/** A verdict as the bench prints it. */
export function verdictText(verdict: Verdict): string {
  if (verdict.kind === 'undecided') return `undecided: A/A spread ${verdict.spread.lo.toFixed(2)}–${verdict.spread.hi.toFixed(2)}`;
  return `${verdict.kind} ${verdict.goal}×`;
}

/** Memory a piece of work took: its peak RSS over the RSS before it began (MB), never below 0. */
export const growthMb = (beforeMb: number, peakMb: number) => Math.max(0, Math.round((peakMb - beforeMb) * 10) / 10);

/**
 * How many times the larger file's growth over the baseline (the RSS before the first file) is the smaller's, from
 * their peaks (NaN when the smaller grew nothing): not the peaks' ratio, which holds the baseline twice.
 */
export const growthRatio = (baselineMb: number, smallerPeakMb: number, largerPeakMb: number) =>
  ratio(growthMb(baselineMb, largerPeakMb), growthMb(baselineMb, smallerPeakMb));

/** A call's extra wait while other answers stream: its median and p95 during, each minus the same alone. */
export function extraWait(aloneMs: readonly number[], duringMs: readonly number[]): { p50Ms: number; p95Ms: number } {
  const a = ascending(aloneMs);
  const d = ascending(duringMs);
  return { p50Ms: ms(percentile(d, 50) - percentile(a, 50)), p95Ms: ms(percentile(d, 95) - percentile(a, 95)) };
}

/** What the non-repeating mix needs to know of the data: how far back it goes and how many list pages it has. */
export interface NonRepeatingData {
  /** Today (YYYY-MM-DD): periods end at most on the last day of its month. */
  today: string;
  /** Days of history before today's month on which periods may start (at least 1). */
  historyDays: number;
  /** Pages of 50 bookings in the booking list (at least 1). */
  pages: number;
  /** Clients of the run: with the client's index they number each request of the run. */
  clients: number;
}

const day = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Period lengths the mix uses, in days: a month's, so the month reports do a month's work. */
const periodDays = [28, 29, 30, 31];

/** How many requests of each call the non-repeating mix can make before any URL comes again. */
export const distinctRequests = (data: NonRepeatingData) => Math.max(1, data.historyDays) * periodDays.length;

/**
 * The five calls of the many-clients mix as client `client` sends them on its `iteration`-th turn, so that nothing
 * repeats in a run: the request's number n = iteration × clients + client picks the period (a month long, from a
 * start day n days back in the history, its length 28–31 days as n wraps) and the booking list's page (page n mod
 * pages, 50 rows, one more row each time n wraps the pages). The dashboard has no parameter: it is the same call for
 * all (the run's server must reuse nothing for it to be worked anew).
 */
export function nonRepeatingMix(data: NonRepeatingData, client: number, iteration: number): BenchCall[] {
  const history = Math.max(1, Math.floor(data.historyDays));
  const pages = Math.max(1, Math.floor(data.pages));
  const n = iteration * data.clients + client;
  const monthStart = Date.parse(`${data.today.slice(0, 7)}-01T00:00:00Z`);
  const start = monthStart - ((n % history) + 1) * day;
  const length = periodDays[Math.floor(n / history) % periodDays.length]!;
  const from = isoDay(start);
  const to = isoDay(start + (length - 1) * day);
  const page = (n % pages) + 1;
  const itemsPerPage = 50 + Math.floor(n / pages);
  return heavyRoutes(from)
    .filter((c) => mixNames.includes(c.name))
    .map((c) =>
      c.name === 'booking page'
        ? { ...c, url: `/api/v1/report/booking?itemsPerPage=${itemsPerPage}&page=${page}` }
        : // heavyRoutes gives the month of its day; the mix's period is its own window.
          { ...c, url: withPeriod(c.url, from, to) },
    );
}

/** `url` with the period heavyRoutes gave it (its month's first and last days) replaced by from..to. */
function withPeriod(url: string, from: string, to: string): string {
  const [path, query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  const pairs = [
    ['stayFrom', 'stayTo'],
    ['dateStart', 'dateEnd'],
    ['initDate', 'endDate'],
  ] as const;
  for (const [a, b] of pairs) {
    if (params.has(a)) params.set(a, from);
    if (params.has(b)) params.set(b, to);
  }
  const text = params.toString().replaceAll('%2C', ',');
  return text ? `${path}?${text}` : path!;
}
