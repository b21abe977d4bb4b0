import type { AddressInfo } from 'node:net';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { demoEmployee } from '../../server/demo/demoAccounts.ts';
import { signToken } from '../../server/http/auth.ts';
import { barePglite, barePostgres, type BareSql } from './bareSql.ts';
import type { BenchEngine } from './engines.ts';
import { heavyRoutes, lightCalls, mixNames, type BenchCall } from './heavyRoutes.ts';
import type { NonRepeatingData } from './honest.ts';
import { recordingDb, type Statement } from './recordingDb.ts';
import { ascending, median, ms, percentile, ratio, timeRuns, wantsMoreRuns } from './stats.ts';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { clientSession, inClientProcess, type ClientJob, type ClientSession, type TimedCall, type TimedHttpClient } from './clientProcess.ts';
import { fetchBody, type ThroughputResult, type WaitBehindResult } from './throughput.ts';

export interface RouteResult {
  name: string;
  url: string;
  /**
   * Median API time over the socket, the body read to its last byte as sent (br): the client does not decode it, as a
   * browser decodes in native code on its own machine; decoding in a Node stream added up to 2 ms to 20 kB answers.
   */
  apiMs: number;
  apiP95Ms: number;
  /** How many timed calls the API's median is of (timeRuns: at least `runs`, more for short calls). */
  apiRuns: number;
  /** Median time of the route's statements replayed bare (PostgreSQL: with the pool's jit setting). */
  sqlMs: number;
  sqlRuns: number;
  /**
   * The A/A control: the same statements timed again as a second arm, alternated with the first (the one sqlMs is
   * of), first arm's median over the second's. Its spread over the routes (honest.ts aaSpread) is how far noise alone
   * moves a ratio: a route's verdict on apiOverSql is given only when that spread allows it.
   */
  aaRatio: number;
  apiOverSql: number;
  /** The same calls asked without compression (no Accept-Encoding): the API's time less compression's. */
  apiPlainMs: number;
  plainOverSql: number;
  /**
   * Median time of `/api/health` over the same connection, timed in the same rounds: what any answer of this server
   * costs over the socket (the exchange, fastify's routing and hooks; no token, no database).
   */
  floorMs: number;
  /** (apiMs − floorMs) / sqlMs: the API's own work past the floor, over its SQL. */
  pastFloorOverSql: number;
  /** Body bytes as JSON (uncompressed). */
  bytes: number;
  /** Body bytes as sent to a browser (br). */
  sentBytes: number;
  statements: number;
  /** PostgreSQL: the bare statements with jit on and off, alternated. */
  jit?: { compiled: number; onMs: number; offMs: number; offOverOn: number };
}

export interface EngineResult {
  kind: string;
  load?: BenchEngine['load'];
  poolJit?: string;
  routes: RouteResult[];
  lightCalls: Array<{ url: string; medianMs: number; p95Ms: number }>;
  /**
   * The headline: each client's every turn its own period and page (honest.ts nonRepeatingMix), on a server that
   * shares and reuses nothing (no shared reads, no ended read reused, no lookup or compressed answer kept): every call is
   * worked anew, the dashboard's too.
   */
  throughputNothingRepeats: ThroughputResult;
  /** The same calls on a server as it runs (reads shared and reused, compressed answers kept): what its caches add when nothing repeats. */
  throughputNothingRepeatsAsRun: ThroughputResult;
  /** Cached: every client asking the same five calls (the app as it runs: identical reads shared, ended ones reused, compressed forms kept). */
  throughput: ThroughputResult;
  /** The same with shared reads off (coalesceReads: false, nothing shared or reused): what sharing them saves. */
  throughputUnshared: ThroughputResult;
  /** The dashboard's time while big all-rows answers stream. */
  waitBehind: WaitBehindResult & EventLoopDelay;
  /** The dashboard's time beside all-rows downloads left unread (slow clients' exports), no ended read reused. */
  besideStalled: WaitBehindResult & EventLoopDelay;
  /** The server's event loop during the headline many-clients run. */
  variedEventLoop: EventLoopDelay;
}

/**
 * Downloads the bench leaves unread beside the dashboard: more than a PostgreSQL server's pool for requests holds
 * (defaultPostgresPoolSizes, openPostgres.ts), so that streams on that pool would take every connection of it.
 */
const stalledDownloads = 12;

/** How late the server's event loop ran its timers (perf_hooks): the longest any request waited behind another's work on the thread. */
export interface EventLoopDelay {
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
}

/** `work`'s result with the delay of this thread's event loop (the server's) while it ran. */
async function watchingEventLoop<T>(work: () => Promise<T>): Promise<T & EventLoopDelay> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  try {
    const result = await work();
    return { ...result, eventLoopP99Ms: ms(histogram.percentile(99) / 1e6), eventLoopMaxMs: ms(histogram.max / 1e6) };
  } finally {
    histogram.disable();
  }
}

interface Settings {
  /** The routes timed against their bare SQL (heavyRoutes first). */
  calls: BenchCall[];
  runs: number;
  clients: number;
  seconds: number;
  /** Seconds each many-clients run goes on before its timed `seconds` (counted apart). */
  warmupSeconds: number;
  today: string;
  /** The timed calls' client (clientProcess.ts). */
  httpClient: TimedHttpClient;
}

const warmups = 2;
/** What any answer of the server costs over the socket: public, no database (RouteResult.floorMs). */
const floorCall: BenchCall = { name: 'floor', url: '/api/health' };
/** A route's timed runs add up to at least this much (timeRuns), on the API's side and on the bare replay's alike. */
const timedAtLeastMs = 1000;
const maxRuns = 100;
// What Chromium sends (on http://localhost too): compression is part of the API's time.
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' };

type SqlTiming = { sqlMs: number; sqlRuns: number; aaRatio: number; jit?: RouteResult['jit'] };

/** PGlite: the bare statements of each route, replayed once the app has closed (they need its directory). */
async function replay(bare: BareSql, captured: Map<string, Statement[]>, runs: number) {
  const out = new Map<string, SqlTiming>();
  // A connection just opened (a WebAssembly instance still on its baseline compiler) is slow at first.
  for (let i = 0; i < warmups; i++) for (const statements of captured.values()) await bare.run(statements);
  for (const [name, statements] of captured) {
    // Two arms of the same statements, alternating which goes first: the second is the A/A control.
    const arms: [number[], number[]] = [[], []];
    const timeOnce = async () => {
      const started = performance.now();
      await bare.run(statements);
      return performance.now() - started;
    };
    for (let i = 0; i < warmups; i++) await timeOnce();
    let total = 0;
    for (let i = 0; wantsMoreRuns(arms[0].length, total, { runs, atLeastMs: timedAtLeastMs, maxRuns }); i++) {
      for (const arm of i % 2 === 0 ? [0, 1] : [1, 0]) arms[arm]!.push(await timeOnce());
      total += arms[0].at(-1)!;
    }
    out.set(name, { sqlMs: median(arms[0]), sqlRuns: arms[0].length, aaRatio: ratio(median(arms[0]), median(arms[1])) });
  }
  return out;
}

interface PostgresTimingJobs {
  /** The route as a browser asks it (br), one call. */
  compressed: ClientJob;
  /** The same without compression. */
  plain: ClientJob;
  /** The floor: `/api/health` (RouteResult.floorMs). */
  floor: ClientJob;
}

/**
 * PostgreSQL: one route's API as a browser asks it, the same uncompressed, the floor (`/api/health`) and its bare
 * statements with jit on and off and once more with the pool's setting (the A/A control's second arm), one of each per round, in rounds until the API's calls add up to timedAtLeastMs (at
 * least `runs`). This host's speed moves in phases of seconds (the same route 270 ms for a few calls, then 430 ms,
 * whatever the encoding) and over minutes (a statement's bare time 1.6× between two runs of the same code): timed in
 * turn, the five see the same phases, and their ratios measure the API rather than the host. The jit pair alternates which goes first so that
 * neither always meets the warmer cache.
 */
async function timeRouteInTurn(
  name: string,
  client: ClientSession,
  jobs: PostgresTimingJobs,
  bare: BareSql,
  statements: Statement[],
  runs: number,
  poolJit: string | undefined,
): Promise<{ timed: TimedCall; plain: TimedCall; floor: TimedCall; sql: SqlTiming }> {
  await bare.renewJitSession!();
  const once = async (job: ClientJob) => ((await client.run(job)) as TimedCall[])[0]!;
  const bareRun = async (jit: boolean) => {
    await bare.setJit!(jit);
    const started = performance.now();
    await bare.run(statements);
    return performance.now() - started;
  };
  for (let i = 0; i < warmups; i++) {
    await once(jobs.compressed);
    await once(jobs.plain);
    await once(jobs.floor);
    await bareRun(true);
    await bareRun(false);
  }
  const timed: TimedCall = { name, times: [], bytes: 0 };
  const plain: TimedCall = { name, times: [], bytes: 0 };
  const floor: TimedCall = { name, times: [], bytes: 0 };
  const record = async (into: TimedCall, job: ClientJob) => {
    const call = await once(job);
    into.times.push(...call.times);
    into.bytes = call.bytes;
  };
  const on: number[] = [];
  const off: number[] = [];
  /** The A/A control's second arm: the statements again with the pool's jit setting, first or last in turn. */
  const twin: number[] = [];
  const poolJitOn = poolJit !== 'off';
  let total = 0;
  for (let i = 0; wantsMoreRuns(timed.times.length, total, { runs, atLeastMs: timedAtLeastMs, maxRuns }); i++) {
    await record(timed, jobs.compressed);
    total += timed.times.at(-1)!;
    await record(plain, jobs.plain);
    await record(floor, jobs.floor);
    const order = i % 2 === 0 ? (['on', 'off', 'twin'] as const) : (['twin', 'off', 'on'] as const);
    for (const arm of order) {
      if (arm === 'twin') twin.push(await bareRun(poolJitOn));
      else (arm === 'on' ? on : off).push(await bareRun(arm === 'on'));
    }
  }
  const compiled = await bare.jitCompiled!(statements);
  const onMs = median(on);
  const offMs = median(off);
  return {
    timed,
    plain,
    floor,
    sql: {
      sqlMs: poolJitOn ? onMs : offMs,
      sqlRuns: on.length,
      aaRatio: ratio(poolJitOn ? onMs : offMs, median(twin)),
      jit: { compiled, onMs: ms(onMs), offMs: ms(offMs), offOverOn: ratio(offMs, onMs) },
    },
  };
}

/** A server that keeps nothing between calls: no ended read reused, no lookup answer, no compressed form of an answer. */
const keepNothing = { readReuseMs: 0, lookupCacheSeconds: 0, compressedAnswersMaxChars: 0, versionedCacheMb: 0 } satisfies Partial<AppOptions>;

/** What the non-repeating mix needs of the data: the days of bookings before today's month and the list's pages of 50. */
async function nonRepeatingData(engine: BenchEngine, today: string, clients: number): Promise<NonRepeatingData> {
  const [row] = await engine.db.query<{ days: number; bookings: number }>(
    `SELECT greatest(1, (date_trunc('month', $1::date)::date - min(date_start)::date))::int AS days, count(*)::int AS bookings FROM bookings`,
    [today],
  );
  return { today, historyDays: row!.days, pages: Math.max(1, Math.ceil(row!.bookings / 50)), clients };
}

/** Every figure of one engine; closes its database before returning (PGlite's bare replay needs the directory). */
export async function benchEngine(engine: BenchEngine, settings: Settings): Promise<EngineResult> {
  const { today, runs, calls } = settings;
  const recorder = recordingDb(engine.db);
  const secret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret!');
  const now = () => new Date(`${today}T15:00:00Z`);
  // The timed calls repeat one URL: with an ended read's rows, a lookup's answer or an answer's compressed form kept,
  // they would time the copy, not the route's work (and leave no statement to replay). Nothing is kept here.
  const app = await buildApp({ db: recorder.db, jwtSecret: secret, now, ...keepNothing });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const [employee] = await engine.db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
  const token = await signToken({ secret, ttlSeconds: 3600 }, { employeeId: employee!.id, email: demoEmployee.email });
  const headers = { ...browserHeaders, authorization: `Bearer ${token}` };
  const poolJit = engine.kind === 'postgres' ? (await engine.db.query<{ jit: string }>('SHOW jit'))[0]!.jit : undefined;

  const get = (url: string) => fetchBody(base, url, headers);

  console.log(`\n${engine.kind}: routes over ${base}`);
  const captured = new Map<string, Statement[]>();
  const routeCalls = calls;
  for (const { name, url } of routeCalls) {
    await get(url);
    captured.set(name, (await recorder.record(() => get(url))).statements);
  }
  // Timed from the clients' process, as a browser would read them; one process for every route, warmed by the calls
  // before each (a client process's first calls run on cold code).
  const timedJob = { kind: 'time', base, headers, calls: routeCalls, runs, warmups, atLeastMs: timedAtLeastMs, via: settings.httpClient } as const;
  const plainJob = { ...timedJob, headers: { authorization: headers.authorization } };
  const floorJob = { ...timedJob, calls: [floorCall] };
  let timed: TimedCall[];
  let plain: TimedCall[];
  /** The floor's times: per route on PostgreSQL (timed in its rounds), one for every route on PGlite. */
  let floors: Map<string, number[]>;
  let sql: Map<string, SqlTiming> | undefined;
  if (engine.kind === 'postgres') {
    const bare = await barePostgres(engine.connectionString!);
    const client = clientSession();
    try {
      // Every route once first: a client process's first calls run on cold code.
      await client.run({ ...timedJob, runs: 1, warmups: 0, atLeastMs: 0 });
      [timed, plain, sql, floors] = [[], [], new Map(), new Map()];
      const once = { runs: 1, warmups: 0, atLeastMs: 0 };
      for (const call of routeCalls) {
        const one = { calls: [call], ...once };
        const jobs = { compressed: { ...timedJob, ...one }, plain: { ...plainJob, ...one }, floor: { ...floorJob, ...once } };
        const route = await timeRouteInTurn(call.name, client, jobs, bare, captured.get(call.name)!, runs, poolJit);
        timed.push(route.timed);
        plain.push(route.plain);
        floors.set(call.name, route.floor.times);
        sql.set(call.name, route.sql);
      }
    } finally {
      await client.close();
      await bare.close();
    }
  } else {
    timed = await inClientProcess(timedJob);
    plain = await inClientProcess(plainJob);
    const [floor] = await inClientProcess(floorJob);
    floors = new Map(routeCalls.map((c) => [c.name, floor!.times]));
  }
  const api: Array<Omit<RouteResult, 'sqlMs' | 'sqlRuns' | 'aaRatio' | 'apiOverSql' | 'plainOverSql' | 'pastFloorOverSql' | 'jit'>> = timed.map(({ name, times, bytes: sentBytes }) => {
    const sorted = ascending(times);
    const statements = captured.get(name)!.length;
    const { bytes, times: plainTimes } = plain.find((p) => p.name === name)!;
    console.log(
      `  ${name}: ${percentile(sorted, 50).toFixed(1)} ms (${times.length} runs), ${statements} statement(s), ` +
        `${(bytes / 1024).toFixed(0)} kB (${(sentBytes / 1024).toFixed(0)} kB sent)`,
    );
    return {
      name,
      url: routeCalls.find((c) => c.name === name)!.url,
      apiMs: percentile(sorted, 50),
      apiP95Ms: ms(percentile(sorted, 95)),
      apiRuns: times.length,
      apiPlainMs: median(plainTimes),
      floorMs: median(floors.get(name)!),
      bytes,
      sentBytes,
      statements,
    };
  });

  const [someRef] = await engine.db.query<{ ref: string }>('SELECT ref FROM bookings ORDER BY id DESC LIMIT 1');
  const light = [];
  for (const { url } of lightCalls(today, someRef!.ref)) {
    const times = ascending(await timeRuns(runs, warmups, () => get(url)));
    light.push({ url, medianMs: ms(percentile(times, 50)), p95Ms: ms(percentile(times, 95)) });
  }

  const mix = heavyRoutes(today).filter((c) => mixNames.includes(c.name));
  const sameMix = Array.from({ length: settings.clients }, () => mix);
  const nonRepeating = await nonRepeatingData(engine, today, settings.clients);
  /** `work` on an app of its own with `options` (the server's own settings by default), given its address. */
  const onApp = async <T>(options: Partial<AppOptions>, work: (address: string) => Promise<T>): Promise<T> => {
    const served = await buildApp({ db: engine.db, jwtSecret: secret, now, ...options });
    await served.listen({ port: 0, host: '127.0.0.1' });
    try {
      return await work(`http://127.0.0.1:${(served.server.address() as AddressInfo).port}`);
    } finally {
      await served.close();
    }
  };
  /** Many clients for `settings.seconds` on an app of their own with `options`. */
  const throughputOn = (calls: { mixes: BenchCall[][] } | { nonRepeating: NonRepeatingData }, options: Partial<AppOptions> = {}) =>
    onApp(options, async (address) => {
      const { eventLoopP99Ms, eventLoopMaxMs, ...result } = await watchingEventLoop(() =>
        inClientProcess({ kind: 'throughput', base: address, headers, ...calls, seconds: settings.seconds, warmupSeconds: settings.warmupSeconds }),
      );
      return { result, eventLoop: { eventLoopP99Ms, eventLoopMaxMs } };
    });
  console.log(`  ${settings.clients} clients for ${settings.warmupSeconds} + ${settings.seconds} s, nothing repeating, nothing kept…`);
  const { result: nothingRepeats, eventLoop: variedEventLoop } = await throughputOn({ nonRepeating }, { ...keepNothing, coalesceReads: false });
  console.log(`  the same calls as the server runs…`);
  const { result: nothingRepeatsAsRun } = await throughputOn({ nonRepeating });
  console.log(`  the same five calls for all, as the server runs (cached)…`);
  const { result: load } = await throughputOn({ mixes: sameMix });
  console.log(`  the same with shared reads off…`);
  const { result: unshared } = await throughputOn({ mixes: sameMix }, { coalesceReads: false });
  const routes = heavyRoutes(today);
  const named = (name: string) => {
    const call = routes.find((c) => c.name === name);
    if (!call) throw new Error(`No heavy route named ${name}`);
    return call;
  };
  console.log('  the dashboard while all-rows answers stream…');
  const behind = await watchingEventLoop(() =>
    inClientProcess({
      kind: 'waitBehind',
      base,
      headers,
      light: named('dashboard'),
      heavy: [named('booking all rows'), named('follow-up year, all rows')],
      samples: 30,
    }),
  );
  // More downloads left unread than the streams' pool holds; every dashboard call asks the database (nothing kept).
  console.log(`  the dashboard beside ${stalledDownloads} downloads of every booking left unread…`);
  const besideStalled = await onApp(keepNothing, (address) =>
    watchingEventLoop(() =>
      inClientProcess({ kind: 'waitBehind', base: address, headers, light: named('dashboard'), heavy: [named('booking all rows')], samples: 30, stalled: stalledDownloads }),
    ),
  );
  await app.close();

  if (!sql) {
    await engine.db.close();
    const bare = await barePglite(engine.dataDir!);
    try {
      console.log(`  bare SQL replay…`);
      sql = await replay(bare, captured, runs);
    } finally {
      await bare.close();
    }
  }

  return {
    kind: engine.kind,
    load: engine.load,
    poolJit,
    routes: api.map((a) => {
      const s = sql!.get(a.name)!;
      return {
        ...a,
        apiMs: ms(a.apiMs),
        sqlMs: ms(s.sqlMs),
        sqlRuns: s.sqlRuns,
        aaRatio: s.aaRatio,
        apiOverSql: ratio(a.apiMs, s.sqlMs),
        apiPlainMs: ms(a.apiPlainMs),
        plainOverSql: ratio(a.apiPlainMs, s.sqlMs),
        floorMs: ms(a.floorMs),
        pastFloorOverSql: ratio(a.apiMs - a.floorMs, s.sqlMs),
        ...(s.jit && { jit: s.jit }),
      };
    }),
    lightCalls: light,
    throughputNothingRepeats: nothingRepeats,
    throughputNothingRepeatsAsRun: nothingRepeatsAsRun,
    throughput: load,
    throughputUnshared: unshared,
    variedEventLoop,
    waitBehind: behind,
    besideStalled,
  };
}
