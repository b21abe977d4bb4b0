// npx tsx scripts/measureCommercialShapes.ts [--today D] [--runs N] (DATABASE_URL: a filled database, or an empty one with --fill; without it, PGlite in
// memory filled with the demo data of --today): issue 41 §3, the commercial answer as the screen now asks it (the calls
// planned by the engine from reports/general/comercial.ts). For the
// previous month and its year: the full answer (every room's bookings), `bookings=none` (typologies and rooms with their
// totals) and `place=<id>` (the room with the most bookings), each with its answer's bytes and the median of its
// statements' summed execution time under EXPLAIN (ANALYZE, TIMING OFF), N rounds.
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import type { Db } from '../server/db/Db.ts';
import { buildApp } from '../server/app.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/openPglite.ts';
import { openPostgres } from '../server/db/openPostgres.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { loadDemoData } from '../server/demo/loadDemoData.ts';
import { signToken } from '../server/http/auth.ts';
import { executionMs as sqlMs, recordingDb, type Statement } from './bench/recordingDb.ts';

const executionMs = (statements: Statement[]) => sqlMs(db, statements);
import { median } from './bench/stats.ts';
import comercial from '../reports/general/comercial.ts';
import { planExpandRequest, planRequest } from '../core/data/planRequest.ts';
import type { RequestSpec } from '../core/data/requestSpec.ts';
import { walkBlocks } from '../core/data/walkBlocks.ts';
import { reportDefinitionSchema, type ReportDefinition, type TableBlock } from '../schema/reportDefinition.ts';

const { values } = parseArgs({
  options: {
    today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    runs: { type: 'string', default: '15' },
    // Migrate and fill DATABASE_URL (an empty database) with the demo data of --today first.
    fill: { type: 'boolean', default: false },
  },
});
const today = values.today;
const runs = Number(values.runs);
const [y, m] = today.split('-').map(Number) as [number, number];
const periods: Array<[string, string, string]> = [
  ['month', new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10), new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10)],
  ['year', `${y}-01-01`, `${y}-12-31`],
];

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let db: Db;
if (process.env.DATABASE_URL) {
  db = await openPostgres(process.env.DATABASE_URL, { max: 1 });
  if (values.fill) {
    await migrate(db);
    await loadDemoData(db, { scale: 'demo', today });
    await db.exec('ANALYZE');
  }
} else {
  db = await openPglite('memory://');
  await migrate(db);
  await loadDemoData(db, { scale: 'demo', today });
  await db.exec('SET random_page_cost = 1.1');
}
const secret = new TextEncoder().encode('measure-commercial-shapes-secret-32-bytes!');
const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
const token = await signToken({ secret, ttlSeconds: 600 }, { employeeId: employee!.id, email: demoEmployee.email });
const recorder = recordingDb(db);
const app = await buildApp({ db: recorder.db, jwtSecret: secret, now: () => new Date(`${today}T15:00:00Z`), lookupCacheSeconds: 0, coalesceReads: false, versionedCacheMb: 0 });
await app.ready();
const headers = { authorization: `Bearer ${token}` };
await app.inject({ method: 'GET', url: '/api/v1/trm', headers });

async function call(url: string) {
  const { result, statements } = await recorder.record(() => app.inject({ method: 'GET', url, headers }));
  if (result.statusCode !== 200) throw new Error(`${url}: ${result.statusCode} ${result.body.slice(0, 200)}`);
  return { body: result.body, statements: statements.filter((s) => /^\s*(SELECT|WITH)/i.test(s.sql)) };
}

console.log(`${engine}, today ${today}, ${runs} rounds, load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
// The calls as the engine plans them from Comercial's definition: the screen's (its source's screenParams), the file's
// (with lines: the whole answer) and an opened room's (expand.source with the room's `_id`).
const definition = reportDefinitionSchema.parse(comercial);
const rooms = walkFind(definition);
const url = (request: RequestSpec) => `${request.path}?${new URLSearchParams(request.query as Array<[string, string]>).toString()}`;
for (const [name, from, to] of periods) {
  const context = { filters: { period: { range: true, from, to } }, routeParams: {} };
  const file = url(planRequest(definition, rooms.source, { ...context, withLines: true }));
  const full = await call(file);
  const all = (JSON.parse(full.body) as { data: Array<{ rooms: Array<{ _id: number; bookings: unknown[] }> }> }).data.flatMap((g) => g.rooms);
  const busiest = all.reduce((a, b) => (b.bookings.length > a.bookings.length ? b : a));
  const screen = url(planRequest(definition, rooms.source, context));
  const opened = url(planExpandRequest(definition, rooms.expand!, busiest, context));
  if (name === 'month') console.log(`screen ${screen}\nroom   ${opened}\nfile   ${file}`);
  const shapes = [['full (file)', full], ['bookings=none (screen)', await call(screen)], [`place=${busiest._id} (${busiest.bookings.length} bookings)`, await call(opened)]] as const;
  for (const [shape, { body, statements }] of shapes) {
    const times: number[] = [];
    for (let r = 0; r < runs; r++) times.push(await executionMs(statements));
    console.log(`${name.padEnd(6)} ${shape.padEnd(34)} ${String(Buffer.byteLength(body)).padStart(8)} B  ${median(times).toFixed(2).padStart(8)} ms`);
  }
}
/** Comercial's table of rooms, whose rows expand to their bookings. */
function walkFind(report: ReportDefinition): TableBlock {
  let found: TableBlock | undefined;
  walkBlocks(report.blocks, (block) => {
    if (block.kind === 'table' && block.expand?.source !== undefined) found = block;
  });
  if (!found) throw new Error('Comercial has no table whose rows expand from a source');
  return found;
}
console.log(`load average at the end ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
await app.close();
await db.close();
