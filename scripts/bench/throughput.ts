import { ascending, ms, percentile } from './stats.ts';
import type { BenchCall } from './heavyRoutes.ts';

export interface ThroughputResult {
  clients: number;
  seconds: number;
  requests: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  perCall: Array<{ name: string; requests: number; p50Ms: number; p99Ms: number }>;
}

/** `clients` concurrent clients, each asking for the calls in turn (from its own offset) for `seconds`. */
export async function throughput(
  base: string,
  headers: Record<string, string>,
  calls: readonly BenchCall[],
  clients: number,
  seconds: number,
): Promise<ThroughputResult> {
  const times = new Map(calls.map((c) => [c.name, [] as number[]]));
  let errors = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const client = async (index: number) => {
    for (let i = index; performance.now() < until; i++) {
      const call = calls[i % calls.length]!;
      const sent = performance.now();
      try {
        const res = await fetch(`${base}${call.url}`, { headers });
        await res.arrayBuffer();
        if (res.ok) times.get(call.name)!.push(performance.now() - sent);
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const elapsed = (performance.now() - started) / 1000;
  const all = ascending([...times.values()].flat());
  return {
    clients,
    seconds: Math.round(elapsed * 10) / 10,
    requests: all.length,
    errors,
    requestsPerSecond: Math.round((all.length / elapsed) * 10) / 10,
    p50Ms: ms(percentile(all, 50)),
    p99Ms: ms(percentile(all, 99)),
    maxMs: ms(all.at(-1) ?? NaN),
    perCall: calls.map((c) => {
      const t = ascending(times.get(c.name)!);
      return { name: c.name, requests: t.length, p50Ms: ms(percentile(t, 50)), p99Ms: ms(percentile(t, 99)) };
    }),
  };
}
