/** Percentile of an ascending list (nearest rank); NaN when empty. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

export const median = (values: readonly number[]) => percentile(ascending(values), 50);

/** Milliseconds rounded to 0.1, for the JSON file. */
export const ms = (value: number) => Math.round(value * 10) / 10;

export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : NaN);

/**
 * Runs `work` `warmups` times untimed, then at least `runs` times and, when `atLeastMs` is given, until the timed runs
 * add up to that much (at most `maxRuns`): a call of a few milliseconds gets enough samples for its median to hold,
 * one of a second gets `runs`. Returns each timed run's milliseconds.
 */
export async function timeRuns(
  runs: number,
  warmups: number,
  work: () => Promise<unknown>,
  { atLeastMs = 0, maxRuns = 100 }: { atLeastMs?: number; maxRuns?: number } = {},
): Promise<number[]> {
  for (let i = 0; i < warmups; i++) await work();
  const times: number[] = [];
  let total = 0;
  while (times.length < runs || (total < atLeastMs && times.length < maxRuns)) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
    total += times.at(-1)!;
  }
  return times;
}
