/** Calendar arithmetic on UTC day numbers (days since 1970-01-01), so nothing depends on the host clock or zone. */

export const dayMs = 86_400_000;
export const minuteMs = 60_000;

const isoCache = new Map<number, string>();

export function parseDay(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`not a YYYY-MM-DD date: "${iso}"`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) {
    throw new Error(`not a real calendar date: "${iso}"`);
  }
  return ms / dayMs;
}

/** YYYY-MM-DD of a day number (memoised: the same few thousand days are formatted millions of times). */
export function isoDay(day: number): string {
  let text = isoCache.get(day);
  if (text === undefined) {
    text = new Date(day * dayMs).toISOString().slice(0, 10);
    isoCache.set(day, text);
  }
  return text;
}

/** An instant as ISO-8601 UTC text, from epoch milliseconds. */
export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** Epoch milliseconds of `minutes` after midnight of `day`. */
export function at(day: number, minutes: number): number {
  return day * dayMs + Math.round(minutes * minuteMs);
}

export function dayOf(ms: number): number {
  return Math.floor(ms / dayMs);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** 1 … 12. */
export function monthOf(day: number): number {
  return new Date(day * dayMs).getUTCMonth() + 1;
}

export function yearOf(day: number): number {
  return new Date(day * dayMs).getUTCFullYear();
}

/** The same day of the month `n` months later, clamped to the month's last day. */
export function addMonths(day: number, n: number): number {
  const d = new Date(day * dayMs);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + n;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Date.UTC(y, m, Math.min(d.getUTCDate(), last)) / dayMs;
}
