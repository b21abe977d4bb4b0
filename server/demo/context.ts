import { Rng } from './random.ts';
import type { Scale, ScaleParams, Span } from './scales.ts';
import type { Sink } from './sink.ts';
import { at, dayMs, isoTime, minuteMs, monthOf, yearOf } from './days.ts';

/** When the anchor day's activity starts, and how much of it there is at least when "now" comes earlier. */
const openingMinute = 7 * 60;
const shortestWindowMs = 60 * minuteMs;

/** What every generator step gets: the knobs, the calendar, the sink, its own random streams and the demo's "now". */
export class Ctx {
  /** Draws the moments of what would otherwise happen after "now" (one stream, used in generation order). */
  private readonly clock: Rng;

  constructor(
    readonly seed: number,
    readonly scale: Scale,
    readonly params: ScaleParams,
    readonly span: Span,
    readonly out: Sink,
    /** Epoch ms of the demo's "now", on the anchor day: nothing is created after it. */
    readonly now: number = at(span.today, 24 * 60) - 1000,
  ) {
    this.clock = new Rng(seed, 'clock');
  }

  /** An independent stream per purpose, so one part of the data does not shift when another changes. */
  rng(stream: string): Rng {
    return new Rng(this.seed, stream);
  }

  /** Start of the anchor day's activity so far: 07:00, or the last hour before a very early "now". */
  private get todayOpen(): number {
    return Math.max(at(this.span.today, 0), Math.min(at(this.span.today, openingMinute), this.now - shortestWindowMs));
  }

  /** `ms` when it is not after now; else a moment of today's activity so far (not before `notBefore`), so later work spreads over the day instead of piling up at one instant. */
  past(ms: number, notBefore = 0): number {
    if (ms <= this.now) return ms;
    const from = Math.min(Math.max(this.todayOpen, notBefore), this.now);
    return Math.round((from + this.clock.next() * (this.now - from)) / 1000) * 1000;
  }

  /** Like `past`, but spread over the last days' opening hours (what was booked ahead was booked some days ago). */
  recentPast(ms: number, meanDays: number): number {
    if (ms <= this.now) return ms;
    const daysAgo = Math.min(30, Math.floor(this.clock.exp(meanDays)));
    const moment = at(this.span.today - daysAgo, this.clock.int(openingMinute, 21 * 60) + this.clock.next());
    return this.past(Math.round(moment / 1000) * 1000);
  }

  /** A minute of `day` between `from` and `to`; on the anchor day only minutes before now (the last hour before an early now). */
  minuteOf(rng: Rng, day: number, from: number, to: number): number {
    if (day !== this.span.today) return rng.int(from, to);
    const nowMinute = Math.floor((this.now - at(day, 0)) / minuteMs);
    const last = Math.min(to, nowMinute);
    return from <= last ? rng.int(from, last) : rng.int(Math.max(0, nowMinute - 60), nowMinute);
  }

  /** An instant not after now (see `past`), as ISO text. */
  time(ms: number, notBefore = 0): string {
    return isoTime(this.past(ms, notBefore));
  }
}

/** Prices rise with inflation: 2023 prices times this factor. */
export function priceFactor(day: number): number {
  const years = yearOf(day) - 2023 + (monthOf(day) - 1) / 12;
  return Math.pow(1.085, Math.max(years, -1));
}

/** Room rates per month of the year (Medellín: December, Feria de las Flores, mid-year holidays). */
const seasonByMonth = [0, 1.15, 0.92, 1.0, 1.05, 0.95, 1.1, 1.12, 1.2, 0.9, 0.93, 0.95, 1.25];

export function season(day: number): number {
  return seasonByMonth[monthOf(day)] as number;
}

/** Business grows over the span: 0.75 of today's volume at its start. */
export function growth(ctx: Ctx, day: number): number {
  const span = Math.max(1, ctx.span.today - ctx.span.start);
  return 0.75 + 0.4 * Math.min(1, Math.max(0, (day - ctx.span.start) / span));
}

export function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

export function dayStartMs(day: number): number {
  return day * dayMs;
}

/** ASCII e-mail local part from a person's names. */
export function emailLocal(...parts: string[]): string {
  return parts
    .join('.')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '.')
    .replace(/[^a-z.]/g, '')
    .replace(/\.+/g, '.');
}
