import { Rng } from './random.ts';
import type { Scale, ScaleParams, Span } from './scales.ts';
import type { Sink } from './sink.ts';
import { at, dayMs, isoTime, monthOf, yearOf } from './days.ts';

/** What every generator step gets: the knobs, the calendar, the sink and its own random streams. */
export class Ctx {
  constructor(
    readonly seed: number,
    readonly scale: Scale,
    readonly params: ScaleParams,
    readonly span: Span,
    readonly out: Sink,
  ) {}

  /** An independent stream per purpose, so one part of the data does not shift when another changes. */
  rng(stream: string): Rng {
    return new Rng(this.seed, stream);
  }

  /** Instants on "today" stay before noon: the demo's "now" can be any time of the anchor day. */
  get todayNoon(): number {
    return at(this.span.today, 11 * 60 + 59);
  }

  /** Caps an instant at today noon and formats it. */
  time(ms: number): string {
    return isoTime(Math.min(ms, this.todayNoon));
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
