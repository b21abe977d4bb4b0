/** Percentile of an ascending list (nearest rank); NaN when empty. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

export const median = (values: readonly number[]) => percentile(ascending(values), 50);

/** Milliseconds rounded to 0.1, for the JSON file. */
export const ms = (value: number) => Math.round(value * 10) / 10;

export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : NaN);

/** How long timing goes on: at least `runs` runs and, when `atLeastMs` is given, until they add up to that much (at most `maxRuns`). */
export interface RunLimits {
  runs: number;
  atLeastMs?: number;
  maxRuns?: number;
}

/** Whether `done` timed runs adding up to `totalMs` call for another under `limits`. */
export const wantsMoreRuns = (done: number, totalMs: number, { runs, atLeastMs = 0, maxRuns = 100 }: RunLimits) =>
  done < runs || (totalMs < atLeastMs && done < maxRuns);

/**
 * Runs `work` `warmups` times untimed, then as wantsMoreRuns says: a call of a few milliseconds gets enough samples
 * for its median to hold, one of a second gets `runs`. Returns each timed run's milliseconds.
 */
export async function timeRuns(
  runs: number,
  warmups: number,
  work: () => Promise<unknown>,
  limits: Omit<RunLimits, 'runs'> = {},
): Promise<number[]> {
  for (let i = 0; i < warmups; i++) await work();
  const times: number[] = [];
  let total = 0;
  while (wantsMoreRuns(times.length, total, { runs, ...limits })) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
    total += times.at(-1)!;
  }
  return times;
}
