import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openBenchEngine, type EngineKind } from './bench/engines.ts';
import { benchEngine, type EngineResult } from './bench/benchEngine.ts';
import type { TimedHttpClient } from './bench/clientProcess.ts';
import { heavyRoutes } from './bench/heavyRoutes.ts';
import { screenCalls } from './bench/screenCalls.ts';
import { aaSpread, aaVerdict, verdictText } from './bench/honest.ts';
import { ratio } from './bench/stats.ts';
import { benchXlsx, type XlsxResult } from './bench/xlsxExport.ts';
import type { Scale } from '../server/demo/loadDemoData.ts';

// Performance figures of the API (not a test): per heavy route the API time over a real socket against the bare SQL
// of the same statements, PGlite against PostgreSQL, many clients on a mix of screen calls; all written to JSON.
const usage = `Usage: npm run bench -- [--scale small|demo|large] [--runs N] [--clients N] [--seconds N] [--warmup-seconds N]
                       [--today YYYY-MM-DD] [--out FILE] [--engines pglite,postgres] [--reuse] [--pglite-dir DIR]
                       [--xlsx-rows 100000,1048575] [--routes screens|heavy] [--http-client lean|node] [--only NAME,…]

  Loads the demo data into a fresh PGlite (temporary directory) and, when DATABASE_URL is set, into a fresh
  database created on that server (dropped at the end); --reuse uses DATABASE_URL's database as it is and
  --pglite-dir an existing PGlite directory (already filled, e.g. by npm run demo-data: pass the same --today).
  --xlsx-rows: sizes of the server-built Excel files timed per engine (time, peak RSS); '' for none.
  --seconds: how long each many-clients run is timed, after --warmup-seconds (5) of the same calls counted apart (a
  new server and clients' process start cold).
  --routes: the routes timed against their bare SQL: the heavy ones and every call the report screens make when
  they open with their default filters (screens, the default), or the heavy ones alone (heavy).
  --only: keeps the routes whose name holds one of these texts (comma-separated), e.g. forecast,movements/payment.
  --http-client: how those routes are timed: a lean keep-alive connection that reads each answer as a browser's
  network stack does (lean, the default), or node:http's client, whose own JavaScript adds 0.03-0.15 ms a call (node).

  Nothing flatters: the per-route loop runs on a server that keeps nothing (no ended read reused, no lookup answer,
  no compressed form of an answer); beside every ratio an A/A control (the same SQL timed twice as two arms,
  alternated) and a route's verdict on its goal only when that control's spread over the routes allows it, else
  "undecided". The many-clients headline is the mix where nothing repeats (each client's every turn its own period
  and page, on a server that shares and keeps nothing), the cached mix (the same five calls) beside it. Memory is
  growth over the RSS before; the dashboard's extra wait while two all-rows answers stream is its median and p95
  during minus alone.`;

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'demo' },
    runs: { type: 'string', default: '9' },
    clients: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    'warmup-seconds': { type: 'string', default: '5' },
    today: { type: 'string' },
    out: { type: 'string', default: 'bench-results.json' },
    engines: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    'pglite-dir': { type: 'string' },
    'xlsx-rows': { type: 'string', default: '100000,1048575' },
    routes: { type: 'string', default: 'screens' },
    'http-client': { type: 'string', default: 'lean' },
    only: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const engines = (values.engines?.split(',') ?? (databaseUrl ? ['pglite', 'postgres'] : ['pglite'])) as EngineKind[];
if (engines.includes('postgres') && !databaseUrl) throw new Error('The postgres engine needs DATABASE_URL.');
if (values.routes !== 'screens' && values.routes !== 'heavy') throw new Error(`--routes is screens or heavy, not ${values.routes}.`);
if (values['http-client'] !== 'lean' && values['http-client'] !== 'node') throw new Error(`--http-client is lean or node, not ${values['http-client']}.`);
const httpClient = values['http-client'] as TimedHttpClient;
const today = values.today ?? new Date().toISOString().slice(0, 10);
const only = values.only?.split(',').filter(Boolean);
const calls = (values.routes === 'heavy' ? heavyRoutes(today) : await screenCalls(today, heavyRoutes(today))).filter(
  (c) => !only || only.some((text) => c.name.includes(text)),
);
if (calls.length === 0) throw new Error(`--only ${values.only}: no route's name holds it.`);
const settings = {
  routes: values.routes,
  scale: values.scale as Scale,
  runs: Number(values.runs),
  clients: Number(values.clients),
  seconds: Number(values.seconds),
  warmupSeconds: Number(values['warmup-seconds']),
  today,
  httpClient,
};

const results: Partial<Record<EngineKind, EngineResult>> = {};
const xlsxSizes = values['xlsx-rows'].split(',').filter(Boolean).map(Number);
const xlsx: Partial<Record<EngineKind, XlsxResult>> = {};
for (const kind of engines) {
  const engine = await openBenchEngine(kind, {
    scale: settings.scale,
    today: settings.today,
    databaseUrl,
    reuse: values.reuse,
    pgliteDir: values['pglite-dir'],
  });
  try {
    if (xlsxSizes.length > 0) xlsx[kind] = await benchXlsx(engine.db, settings.today, xlsxSizes);
    results[kind] = await benchEngine(engine, { ...settings, calls });
  } finally {
    await engine.drop();
  }
}

const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : n.toFixed(n >= 100 ? 0 : 1));
const signed = (n: number) => (n < 0 ? `−${-n}` : `+${n}`);
const r = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '' : `${n.toFixed(2)}×`);
const routes = calls.map(({ name, url }) => {
  const lite = results.pglite?.routes.find((x) => x.name === name);
  const pg = results.postgres?.routes.find((x) => x.name === name);
  return {
    name,
    url,
    pglite: lite,
    postgres: pg,
    pgliteOverPostgres: lite && pg ? { api: ratio(lite.apiMs, pg.apiMs), sql: ratio(lite.sqlMs, pg.sqlMs) } : undefined,
  };
});

console.log(`\n${values.routes === 'heavy' ? 'Heavy routes' : 'Heavy routes, then every other call of the screens as they open'}, scale ${settings.scale}, median of ${settings.runs} (ms), on a server that keeps nothing (no reused read, no kept lookup or compressed answer); API over a socket (compressed as a browser asks: br; PG also uncompressed: plain), SQL = the same statements replayed bare, A/A = the same SQL again as a second arm, alternated (first over second):`);
const header = ['route', 'PGlite API', 'SQL', 'API/SQL', 'A/A', 'PG API', 'SQL', 'API/SQL', 'A/A', 'API−SQL', 'floor', '−floor/SQL', 'plain', '/SQL', 'PGlite/PG', 'JIT used', 'PG jit on', 'jit off', 'off/on', 'kB', 'sent kB'];
const table = routes.map((x) => [
  x.name,
  f(x.pglite?.apiMs),
  f(x.pglite?.sqlMs),
  r(x.pglite?.apiOverSql),
  r(x.pglite?.aaRatio),
  f(x.postgres?.apiMs),
  f(x.postgres?.sqlMs),
  r(x.postgres?.apiOverSql),
  r(x.postgres?.aaRatio),
  f(x.postgres && x.postgres.apiMs - x.postgres.sqlMs),
  f(x.postgres?.floorMs),
  r(x.postgres?.pastFloorOverSql),
  f(x.postgres?.apiPlainMs),
  r(x.postgres?.plainOverSql),
  r(x.pgliteOverPostgres?.api),
  x.postgres?.jit ? `${x.postgres.jit.compiled}/${x.postgres.statements}` : '',
  f(x.postgres?.jit?.onMs),
  f(x.postgres?.jit?.offMs),
  r(x.postgres?.jit?.offOverOn),
  f((x.postgres ?? x.pglite)!.bytes / 1024),
  f((x.postgres ?? x.pglite)!.sentBytes / 1024),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
for (const row of [header, ...table]) console.log(row.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
/** The compass's goal: every report route's API time at most this many times its bare SQL's. */
const apiOverSqlGoal = 1.3;
/** The goal of PGlite over PostgreSQL on every screen call. */
const pgliteOverPostgresGoal = 3;
const spreads = Object.fromEntries(engines.map((kind) => [kind, aaSpread(routes.map((x) => x[kind]?.aaRatio ?? NaN))]));
const spreadText = (kind: EngineKind) => (spreads[kind] ? `${spreads[kind].lo.toFixed(2)}–${spreads[kind].hi.toFixed(2)}` : 'none');
/** Routes by their verdict on `goal` under the spread, each listed with its ratio. */
const verdicts = (of: (x: (typeof routes)[number]) => number | undefined, goal: number, spread: ReturnType<typeof aaSpread>) => {
  const by = { within: [] as string[], over: [] as string[], undecided: [] as string[] };
  for (const x of routes) {
    const value = of(x);
    if (value === undefined) continue;
    by[aaVerdict(value, goal, spread).kind].push(`${x.name} ${r(value)}`);
  }
  const list = (names: string[]) => (names.length ? ` (${names.join(', ')})` : '');
  return `${by.within.length} within ${goal}×, ${by.over.length} over${list(by.over)}, ${by.undecided.length} undecided${list(by.undecided)}`;
};
for (const kind of engines) {
  const spread = spreads[kind];
  const floors = routes.map((x) => x[kind]?.floorMs ?? NaN).filter((n) => !Number.isNaN(n));
  // The least an API call with a statement costs: the TRM, one row read by its key (the timing app caches nothing).
  const trm = results[kind]?.lightCalls.find((c) => c.url === '/api/v1/trm')?.medianMs;
  console.log(
    `${kind}: A/A control (the same SQL timed twice, alternated) over the ${routes.length} routes: ${spreadText(kind)}. ` +
      `API over bare SQL, a verdict only where that spread allows it (${verdictText(aaVerdict(NaN, apiOverSqlGoal, spread))} otherwise): ` +
      `${verdicts((x) => x[kind]?.apiOverSql, apiOverSqlGoal, spread)}. ` +
      `The floor, /api/health over the same connection in the same rounds (no token, no database), took ${f(Math.min(...floors))}–${f(Math.max(...floors))} ms; ` +
      `past it: ${verdicts((x) => x[kind]?.pastFloorOverSql, apiOverSqlGoal, spread)}. ` +
      `The TRM, one row read by its key (/api/v1/trm), takes ${f(trm)} ms.`,
  );
}
if (spreads.pglite && spreads.postgres) {
  // Each engine's noise moves the PGlite/PG ratio: the spread is the two A/A spreads compounded.
  const both = { lo: spreads.pglite.lo / spreads.postgres.hi, hi: spreads.pglite.hi / spreads.postgres.lo };
  console.log(
    `PGlite over PostgreSQL (API), A/A spread ${both.lo.toFixed(2)}–${both.hi.toFixed(2)} (PGlite ${spreadText('pglite')} over PG ${spreadText('postgres')}): ` +
      `${verdicts((x) => x.pgliteOverPostgres?.api, pgliteOverPostgresGoal, both)}.`,
  );
}

for (const [kind, result] of Object.entries(results)) {
  console.log(`\n${kind}: lighter calls over the socket, ${settings.runs} runs after 2 warm-ups (ms):`);
  for (const c of result.lightCalls) console.log(`  ${f(c.medianMs).padStart(7)} median ${f(c.p95Ms).padStart(7)} p95  ${c.url}`);
  const runs = [
    ['the headline: nothing repeats (each client\'s every turn its own period and page; nothing shared or kept)', result.throughputNothingRepeats],
    ['the same calls as the server runs (reads shared and reused, compressed answers kept)', result.throughputNothingRepeatsAsRun],
    ['cached: the same five calls for all, as the server runs', result.throughput],
    ['cached: the same five calls, shared reads off', result.throughputUnshared],
  ] as const;
  for (const [what, t] of runs) {
    console.log(
      `\n${kind}: ${t.clients} clients for ${t.seconds} s, ${what} (${t.perCall.map((c) => c.name).join(', ')}): ` +
        `${t.requestsPerSecond} req/s, p50 ${t.p50Ms} ms, p99 ${t.p99Ms} ms, max ${t.maxMs} ms, ${t.errors} errors ` +
        `(after a ${t.warmup.seconds} s warm-up of ${t.warmup.requests} calls: p99 ${t.warmup.p99Ms} ms, max ${t.warmup.maxMs} ms, ${t.warmup.errors} errors)`,
    );
    for (const c of t.perCall) console.log(`  ${c.name.padEnd(20)} n=${c.requests} p50 ${c.p50Ms} ms p99 ${c.p99Ms} ms`);
  }
  console.log(
    `${kind}: the server's event loop during the headline run, its warm-up included: p99 ${result.variedEventLoop.eventLoopP99Ms} ms late, at worst ${result.variedEventLoop.eventLoopMaxMs} ms`,
  );
  console.log(
    `${kind}: shared reads on over off, same calls: req/s ${r(ratio(result.throughput.requestsPerSecond, result.throughputUnshared.requestsPerSecond))}, ` +
      `p99 ${r(ratio(result.throughput.p99Ms, result.throughputUnshared.p99Ms))}`,
  );
  console.log(
    `${kind}: cached (the same five calls) over nothing repeating: req/s ${r(ratio(result.throughput.requestsPerSecond, result.throughputNothingRepeats.requestsPerSecond))}, ` +
      `p99 ${r(ratio(result.throughput.p99Ms, result.throughputNothingRepeats.p99Ms))}; the server as it runs over keeping nothing, nothing repeating: ` +
      `req/s ${r(ratio(result.throughputNothingRepeatsAsRun.requestsPerSecond, result.throughputNothingRepeats.requestsPerSecond))}, ` +
      `p99 ${r(ratio(result.throughputNothingRepeatsAsRun.p99Ms, result.throughputNothingRepeats.p99Ms))}`,
  );
  const w = result.waitBehind;
  console.log(
    `${kind}: ${w.light}'s extra wait while ${w.heavy.join(' and ')} stream (during minus alone, nothing kept): ` +
      `median ${signed(w.extraWaitP50Ms)} ms, p95 ${signed(w.extraWaitP95Ms)} ms (goal ≤ 100 ms); alone p50 ${w.aloneP50Ms} ms, p95 ${w.aloneP95Ms} ms; ` +
      `during p50 ${w.duringP50Ms} ms, p95 ${w.duringP95Ms} ms, max ${w.duringMaxMs} ms (up to ${w.worstWaitMs} ms over its median alone); ` +
      `the server's event loop meanwhile: p99 ${w.eventLoopP99Ms} ms late, at worst ${w.eventLoopMaxMs} ms`,
  );
  const s = result.besideStalled;
  console.log(
    `${kind}: ${s.light} beside ${s.stalled} downloads of ${s.heavy.join(' and ')} left unread, nothing kept: p50 ${s.duringP50Ms} ms, ` +
      `max ${s.duringMaxMs} ms (alone p50 ${s.aloneP50Ms} ms)`,
  );
}
const jit = results.postgres?.routes.filter((x) => x.jit);
if (jit?.length) {
  // Where the planner compiles nothing, on and off run the same plan: their difference is noise.
  const compiled = jit.filter((x) => x.jit!.compiled > 0);
  const offNoSlower = compiled.every((x) => x.jit!.offMs <= x.jit!.onMs * 1.05);
  console.log(
    `\nJIT (bare SQL, PostgreSQL): compiled on ${compiled.length} of ${jit.length} routes (${compiled.map((x) => x.name).join(', ') || 'none'}); ` +
      `there, off is ${offNoSlower ? 'faster or equal (within 5 %) on every one' : 'slower on some'}. Pool sessions run jit=${results.postgres!.poolJit}.`,
  );
}

const out = resolve(values.out);
writeFileSync(
  out,
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      settings,
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadAverage: loadavg(), node: process.version },
      routes,
      engines: results,
      xlsx,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nResults written to ${out}`);
