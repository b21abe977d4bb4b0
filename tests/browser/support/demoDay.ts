/**
 * The longest the browser tests have taken, from their server's start to their last file (about 20 min alone, 33 min
 * with a second copy of the suite running), with room to spare.
 */
export const longestBrowserRunMs = 45 * 60_000;

/**
 * How long the browser tests must wait before their server loads its demo data, so that the run stays within one UTC
 * day: the data is anchored on the day it is loaded, the screens open on the browser's own today, and a run that passed
 * midnight would ask for a day with no data (orders still open today, today's sales). 0 unless midnight is nearer than
 * `longestBrowserRunMs`; then until a second past it.
 */
export function waitForOneDayMs(now: Date = new Date()): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const left = midnight - now.getTime();
  return left < longestBrowserRunMs ? left + 1000 : 0;
}

/** The demo data's anchor day and its end (DEMO_TODAY and DEMO_NOW): a whole day of data today, whatever the hour. */
export function demoDay(now: Date = new Date()): { today: string; env: { DEMO_TODAY: string; DEMO_NOW: string } } {
  const today = now.toISOString().slice(0, 10);
  return { today, env: { DEMO_TODAY: today, DEMO_NOW: `${today}T23:59:59Z` } };
}
