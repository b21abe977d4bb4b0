/** Percentile of an ascending list (nearest rank); NaN when empty. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export const ascending = (values: readonly number[]) => [...values].sort((a, b) => a - b);

export const median = (values: readonly number[]) => percentile(ascending(values), 50);

/** Milliseconds rounded to 0.1, for the JSON file. */
export const ms = (value: number) => Math.round(value * 10) / 10;

export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : NaN);

/** Runs `work` `warmups` times untimed, then `runs` times; returns each timed run's milliseconds. */
export async function timeRuns(runs: number, warmups: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmups; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}
