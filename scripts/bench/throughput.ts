import http from 'node:http';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { extraWait } from './honest.ts';
import { ascending, ms, percentile } from './stats.ts';
import type { BenchCall } from './heavyRoutes.ts';

/** Keep-alive connections for the timed calls, as a browser keeps its connection to the app open. */
const timedAgent = new http.Agent({ keepAlive: true });

const decoders: Record<string, () => Transform> = { gzip: zlib.createGunzip, br: zlib.createBrotliDecompress, deflate: zlib.createInflate };

/**
 * GETs `url` and reads its body to the end, decompressing it as a browser would unless `decode` is false; its bytes
 * (after decompression when decoded). Anything but 200 throws. Over node:http rather than fetch: undici's fetch costs
 * the client 0.4–1 ms a call more (WHATWG streams), which is the client's work and not the API's (a browser's network
 * stack is native code).
 */
export function fetchBody(base: string, url: string, headers: Record<string, string>, decode = true): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${url}`, { headers, agent: timedAgent }, (res) => {
        const decoder = decode ? decoders[String(res.headers['content-encoding'])] : undefined;
        const body = decoder ? res.pipe(decoder()) : res;
        res.once('error', reject);
        const chunks: Buffer[] = [];
        let bytes = 0;
        body.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (res.statusCode !== 200 && chunks.length < 4) chunks.push(chunk);
        });
        body.once('error', reject);
        body.once('end', () => {
          if (res.statusCode === 200) resolve(bytes);
          else reject(new Error(`${url} answered ${res.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 200)}`));
        });
      })
      .once('error', reject);
  });
}

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
  /** The calls sent in the warm-up before the timed seconds, counted apart: what a cold start looks like. */
  warmup: { seconds: number; requests: number; errors: number; p99Ms: number; maxMs: number };
}

/**
 * `clients` concurrent clients, each asking for the calls in turn (from its own offset) for `warmupSeconds` and then
 * `seconds`: the same calls for all, or each client's own for each of its turns through them (`mix(client, turn)`, named
 * alike: honest.ts nonRepeatingMix makes every turn of every client ask its own period and page). Only the calls sent after
 * the warm-up make the figures; the warm-up's are counted apart. A new server process and a new clients' process start
 * on cold code, cold caches and, with each client on its own month, reads that nobody has asked yet: on `large` the
 * first two seconds took up to 2 s a call against at most 0.6 s after, and at a few hundred requests a second those
 * few hundred calls alone made the p99 of a 20 s run. Each reads its answer to the end as it came, without
 * decompressing it: a browser decodes on its own machine, in native code; here decoding 50 clients' answers on the
 * server's two cores, through fetch's streams, made the biggest answers the slowest for the clients' sake (commercial,
 * 925 kB decoded in 16 kB turns of a busy event loop: p50 0.9–1.1 s against 40–80 ms for the small answers).
 */
export async function throughput(
  base: string,
  headers: Record<string, string>,
  mix: readonly BenchCall[] | ((client: number, turn: number) => readonly BenchCall[]),
  clients: number,
  seconds: number,
  warmupSeconds = 0,
): Promise<ThroughputResult> {
  const callsOf = typeof mix === 'function' ? mix : () => mix;
  const calls = callsOf(0, 0);
  const times = new Map(calls.map((c) => [c.name, [] as number[]]));
  const warmupTimes: number[] = [];
  let errors = 0;
  let warmupErrors = 0;
  const warmupStarted = performance.now();
  const started = warmupStarted + warmupSeconds * 1000;
  const until = started + seconds * 1000;
  const calls0 = calls;
  const client = async (index: number) => {
    let turn = -1;
    let calls = calls0;
    for (let i = index; performance.now() < until; i++) {
      // A turn is one pass through the mix from the client's own offset.
      const turnNow = Math.floor((i - index) / calls0.length);
      if (turnNow !== turn) calls = callsOf(index, (turn = turnNow));
      const call = calls[i % calls.length]!;
      const sent = performance.now();
      const warmingUp = sent < started;
      try {
        await fetchBody(base, call.url, headers, false);
        (warmingUp ? warmupTimes : times.get(call.name)!).push(performance.now() - sent);
      } catch {
        if (warmingUp) warmupErrors++;
        else errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const elapsed = (performance.now() - started) / 1000;
  const all = ascending([...times.values()].flat());
  const warm = ascending(warmupTimes);
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
    warmup: { seconds: warmupSeconds, requests: warm.length, errors: warmupErrors, p99Ms: ms(percentile(warm, 99)), maxMs: ms(warm.at(-1) ?? NaN) },
  };
}

export interface WaitBehindResult {
  /** The light call timed. */
  light: string;
  /** The big answers streaming meanwhile. */
  heavy: string[];
  /** The light call alone, one after the other. */
  aloneP50Ms: number;
  aloneP95Ms: number;
  aloneMaxMs: number;
  /**
   * The same while `heavy` answers are being sent: each client reading them to their end, over and over, or with
   * `stalled` downloads, each left unread after its first bytes (a slow client's export).
   */
  duringP50Ms: number;
  duringP95Ms: number;
  duringP99Ms: number;
  duringMaxMs: number;
  /** What the light call waited behind the big answers: its worst time during minus its median alone. */
  worstWaitMs: number;
  /** Its extra wait while they stream: its median during minus its median alone, and the same of the p95s (honest.ts extraWait). */
  extraWaitP50Ms: number;
  extraWaitP95Ms: number;
  samples: number;
  /** Downloads left unread meanwhile (0: the heavy answers were read). */
  stalled: number;
}

/**
 * How long a light screen call (the dashboard) waits behind big all-rows answers: `light` is timed alone, then
 * again, one call after another, while one client per `heavy` call keeps asking for it and reading it to its end;
 * or, with `stalled` > 0, while that many downloads of the `heavy` calls (in turn) are left unread after their first
 * bytes, each holding what the server gave it.
 */
export async function waitBehind(
  base: string,
  headers: Record<string, string>,
  light: BenchCall,
  heavy: readonly BenchCall[],
  samples: number,
  stalled = 0,
): Promise<WaitBehindResult> {
  const time = async () => {
    const sent = performance.now();
    await fetchBody(base, light.url, headers);
    return performance.now() - sent;
  };
  for (let i = 0; i < 3; i++) await time();
  const alone: number[] = [];
  for (let i = 0; i < samples; i++) alone.push(await time());
  let streaming = true;
  const heavyClient = async (call: BenchCall) => {
    while (streaming) {
      const res = await fetch(`${base}${call.url}`, { headers });
      await res.arrayBuffer();
    }
  };
  const held: http.ClientRequest[] = [];
  const stall = (call: BenchCall) => {
    const request = http.get(`${base}${call.url}`, { headers }, (res) => res.once('data', () => res.pause()));
    request.on('error', () => undefined); // destroyed at the end
    held.push(request);
  };
  const clients = stalled > 0 ? [] : heavy.map(heavyClient);
  for (let i = 0; i < stalled; i++) stall(heavy[i % heavy.length]!);
  // Let the big answers start (and the stalled ones fill the sockets' buffers) before timing.
  await new Promise((resolve) => setTimeout(resolve, stalled > 0 ? 1000 : 200));
  const during: number[] = [];
  try {
    for (let i = 0; i < samples; i++) during.push(await time());
  } finally {
    streaming = false;
    for (const request of held) request.destroy();
    await Promise.all(clients);
  }
  const a = ascending(alone);
  const d = ascending(during);
  return {
    light: light.name,
    heavy: heavy.map((c) => c.name),
    aloneP50Ms: ms(percentile(a, 50)),
    aloneP95Ms: ms(percentile(a, 95)),
    aloneMaxMs: ms(a.at(-1)!),
    duringP50Ms: ms(percentile(d, 50)),
    duringP95Ms: ms(percentile(d, 95)),
    duringP99Ms: ms(percentile(d, 99)),
    duringMaxMs: ms(d.at(-1)!),
    worstWaitMs: ms(d.at(-1)! - percentile(a, 50)),
    ...(({ p50Ms, p95Ms }) => ({ extraWaitP50Ms: p50Ms, extraWaitP95Ms: p95Ms }))(extraWait(a, d)),
    samples,
    stalled,
  };
}
