// DATABASE_URL=… npx tsx scripts/measurePlanModes.ts [--today D] [--rounds 200]
//
// Each call the report screens make as they open (the bench's routes), its statements captured as the server runs
// them, then replayed on four sessions in turn, one round of each at a time: as node-pg runs them (unnamed, parsed
// and planned at each call, what the server does), named (prepared once per session) with PostgreSQL's own choice of
// plan, named with a plan per call (`plan_cache_mode = force_custom_plan`), and unnamed with no parallel workers
// (`max_parallel_workers_per_gather = 0`). Prints each call's medians and their ratios to the first. README,
// "Measured and left as they are". A measurement, not a test.
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { openPostgres, sessionOptions } from '../server/db/openPostgres.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { signToken } from '../server/http/auth.ts';
import { heavyRoutes } from './bench/heavyRoutes.ts';
import { recordingDb, type Statement } from './bench/recordingDb.ts';
import { screenCalls } from './bench/screenCalls.ts';
import { median, ratio } from './bench/stats.ts';
import { fetchBody } from './bench/throughput.ts';

const { values } = parseArgs({
  options: {
    today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    rounds: { type: 'string', default: '200' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL names the filled PostgreSQL database to measure.');
const rounds = Number(values.rounds);
const today = values.today;

// The statements of each call, as the server runs them (reads reused and lookups cached would leave none).
const db = await openPostgres(databaseUrl);
const recorder = recordingDb(db);
const secret = new TextEncoder().encode('plan-modes-secret-plan-modes-secret!!!');
const app = await buildApp({ db: recorder.db, jwtSecret: secret, now: () => new Date(`${today}T15:00:00Z`), readReuseMs: 0, lookupCacheSeconds: 0 });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
const token = await signToken({ secret, ttlSeconds: 3600 }, { employeeId: employee!.id, email: demoEmployee.email });
const captured: Array<{ name: string; statements: Statement[] }> = [];
for (const call of await screenCalls(today, heavyRoutes(today))) {
  const get = () => fetchBody(base, call.url, { authorization: `Bearer ${token}` });
  await get();
  // Plain reads only: a stream's cursor statements are not planned per call the same way.
  const statements = (await recorder.record(get)).statements.filter((s) => s.method === 'query');
  if (statements.length > 0) captured.push({ name: call.name, statements });
}
await app.close();
await db.close();

const asText = (text: string) => text;
interface Mode {
  label: string;
  setting?: string;
  named: boolean;
}
const modes: Mode[] = [
  { label: 'unnamed', named: false },
  { label: 'named', named: true },
  { label: 'named, custom plans', setting: 'SET plan_cache_mode = force_custom_plan', named: true },
  { label: 'no parallel workers', setting: 'SET max_parallel_workers_per_gather = 0', named: false },
];
const sessions = await Promise.all(
  modes.map(async (mode) => {
    const client = new pg.Client({ connectionString: databaseUrl, options: sessionOptions(0), types: { getTypeParser: () => asText } as pg.CustomTypesConfig });
    await client.connect();
    if (mode.setting) await client.query(mode.setting);
    return client;
  }),
);
const names = new Map<string, string>();
const nameOf = (sql: string) => names.get(sql) ?? names.set(sql, `measured_${names.size + 1}`).get(sql)!;
async function replay(client: pg.Client, statements: readonly Statement[], named: boolean): Promise<number> {
  const start = performance.now();
  for (const s of statements) {
    await client.query({ text: s.sql, values: s.params as unknown[], rowMode: 'array', ...(named && { name: nameOf(s.sql) }) });
  }
  return performance.now() - start;
}

console.log(`call\t${modes.map((m) => `${m.label} ms`).join('\t')}\t${modes.slice(1).map((m) => `${m.label} / unnamed`).join('\t')}`);
for (const { name, statements } of captured) {
  const times = modes.map(() => [] as number[]);
  // Ten rounds first: a named statement turns generic after its fifth call, and every session warms its caches.
  for (let round = -10; round < rounds; round++) {
    for (const [i, mode] of modes.entries()) {
      const took = await replay(sessions[i]!, statements, mode.named);
      if (round >= 0) times[i]!.push(took);
    }
  }
  const medians = times.map((t) => median(t));
  console.log(`${name}\t${medians.map((m) => m.toFixed(2)).join('\t')}\t${medians.slice(1).map((m) => ratio(m, medians[0]!)).join('\t')}`);
}
await Promise.all(sessions.map((s) => s.end()));
