import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import type { Db } from '../server/db/Db.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/openPglite.ts';
import { openPostgres } from '../server/db/openPostgres.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { loadDemoData, type Scale } from '../server/demo/loadDemoData.ts';
import { signToken } from '../server/http/auth.ts';

// Performance figures of the API on demo data (not a test): load time, then median and p95 per call.
const { values } = parseArgs({
  options: { scale: { type: 'string', default: 'demo' }, runs: { type: 'string', default: '15' }, today: { type: 'string' } },
});
const scale = values.scale as Scale;
const runs = Number(values.runs);
const today = values.today ?? new Date().toISOString().slice(0, 10);

async function openBenchDb(): Promise<{ db: Db; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `mirador_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const db = await openPostgres(target.toString());
    return {
      db,
      async drop() {
        await db.close();
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'mirador-bench-'));
  const db = await openPglite(dir);
  return { db, drop: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })) };
}

const { db, drop } = await openBenchDb();
await migrate(db);
let started = performance.now();
// The same now as the app's clock below.
const counts = await loadDemoData(db, { scale, today, now: `${today}T15:00:00.000Z` });
const loadSeconds = (performance.now() - started) / 1000;
console.log(`${db.kind}, scale ${scale}: loaded ${Object.values(counts).reduce((a, b) => a + b, 0).toLocaleString('en-US')} rows in ${loadSeconds.toFixed(1)} s`);
console.log(Object.entries(counts).map(([t, n]) => `  ${t}: ${n.toLocaleString('en-US')}`).join('\n'));

const secret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret!');
const app = await buildApp({ db, jwtSecret: secret, now: () => new Date(`${today}T15:00:00Z`) });
const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
const token = await signToken({ secret, ttlSeconds: 3600 }, { employeeId: employee!.id, email: demoEmployee.email });
const [someRef] = await db.query<{ ref: string }>('SELECT ref FROM bookings ORDER BY id DESC LIMIT 1');
const year = today.slice(0, 4);

const calls = [
  '/api/v1/report/dashboard',
  `/api/v1/report/booking/ocupacion?year=${year}`,
  '/api/v1/report/booking?itemsPerPage=50',
  '/api/v1/report/booking?itemsPerPage=50&status=checked_out&sortBy=total&sortDesc=true',
  '/api/v1/report/booking?itemsPerPage=1000&select=rates&populate=orders,pays&dateStart=2023-12-01,2023-12-31',
  '/api/v1/report/booking?itemsPerPage=50&search=ana',
  `/api/v1/booking/ref/${someRef!.ref}`,
  `/api/v1/booking/balance/${someRef!.ref}`,
  `/api/v1/booking/order/${someRef!.ref}`,
  '/api/v1/user?search=mar',
  '/api/v1/trm',
];

const rows: Array<{ call: string; median: number; p95: number }> = [];
for (const url of calls) {
  const times: number[] = [];
  for (let i = 0; i < runs + 2; i++) {
    started = performance.now();
    const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
    if (i >= 2) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  rows.push({ call: url, median: times[Math.floor(times.length / 2)]!, p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]! });
}
console.log(`\nAPI through inject(), ${runs} runs after 2 warm-ups (ms):`);
for (const r of rows) console.log(`  ${r.median.toFixed(1).padStart(8)} median ${r.p95.toFixed(1).padStart(8)} p95  ${r.call}`);
await app.close();
await drop();
