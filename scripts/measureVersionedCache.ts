// npx tsx scripts/measureVersionedCache.ts [--today D] [--runs N] (DATABASE_URL: a filled database; without it, PGlite
// in memory filled with the demo data of --today): the answers the versioned cache keeps (server/http/versionedCache.ts,
// issue 41 §2), each visited first (the cache empty: the report's SQL and the versions) and then N times more (the
// versions only): per visit the statements run, their summed time as the server waited for them ("SQL"), and the
// answer's time through app.inject; medians of the later visits. Then the same later visits with the cache off.
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import type { Db } from '../server/db/Db.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/openPglite.ts';
import { openPostgres } from '../server/db/openPostgres.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { loadDemoData } from '../server/demo/loadDemoData.ts';
import { signToken } from '../server/http/auth.ts';
import { median } from './bench/stats.ts';

const { values } = parseArgs({
  options: {
    today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    runs: { type: 'string', default: '15' },
  },
});
const today = values.today;
const runs = Number(values.runs);
const [year, month] = today.split('-').map(Number) as [number, number];
const first = `${year}-${String(month).padStart(2, '0')}-01`;
const last = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const calls = [
  ['occupancy months', `/api/v1/report/booking/ocupacion?year=${year}`],
  ['KPIs of a year', `/api/v1/report/kpis?year=${year}`],
  ['pace', '/api/v1/report/kpis/pace?months=12'],
  ['housekeeping month', `/api/v1/report/task?dateStart=${first}&dateEnd=${last}`],
] as const;

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let db: Db;
if (process.env.DATABASE_URL) {
  db = await openPostgres(process.env.DATABASE_URL, { max: 4 });
} else {
  db = await openPglite('memory://');
  await migrate(db);
  const started = performance.now();
  await loadDemoData(db, { scale: 'demo', today });
  console.log(`demo data loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** `db` with each statement's time added to `sql.ms` and counted in `sql.statements`. */
const sql = { ms: 0, statements: 0 };
const timed = (inner: Db): Db => {
  const wrapped: Db = {
    kind: inner.kind,
    get primary() {
      return wrapped;
    },
    async query(text, params) {
      const started = performance.now();
      try {
        return await inner.query(text, params);
      } finally {
        sql.ms += performance.now() - started;
        sql.statements += 1;
      }
    },
    exec: (text) => inner.exec(text),
    transaction: (work) => inner.transaction(work),
    streamJson: (text, params, batch) => inner.streamJson(text, params, batch),
    close: () => inner.close(),
  };
  return wrapped;
};

const secret = new TextEncoder().encode('measure-versioned-cache-secret-32-bytes!');
const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
const token = await signToken({ secret, ttlSeconds: 600 }, { employeeId: employee!.id, email: demoEmployee.email });
const options = { jwtSecret: secret, now: () => new Date(`${today}T15:00:00Z`), sessionCacheSeconds: 3600, readReuseMs: 0 };

async function visit(app: Awaited<ReturnType<typeof buildApp>>, url: string) {
  sql.ms = 0;
  sql.statements = 0;
  const started = performance.now();
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const answerMs = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  return { sqlMs: sql.ms, statements: sql.statements, answerMs, chars: response.body.length };
}

const cached = await buildApp({ db: timed(db), ...options });
const uncached = await buildApp({ db: timed(db), ...options, versionedCacheMb: 0 });
await cached.inject({ method: 'GET', url: '/api/v1/trm', headers: { authorization: `Bearer ${token}` } });
await uncached.inject({ method: 'GET', url: '/api/v1/trm', headers: { authorization: `Bearer ${token}` } });
const f = (ms: number) => ms.toFixed(1);
console.log(`${engine}, today ${today}, ${runs} later visits, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log('call | first visit: statements, SQL ms, answer ms | later visits (median): statements, SQL ms, answer ms | cache off (median): SQL ms, answer ms | answer kB');
for (const [name, url] of calls) {
  const firstVisit = await visit(cached, url);
  const later: Awaited<ReturnType<typeof visit>>[] = [];
  const off: Awaited<ReturnType<typeof visit>>[] = [];
  // Cache on and off alternated, so that the machine's phases weigh on both alike.
  for (let i = 0; i < runs; i++) {
    later.push(await visit(cached, url));
    off.push(await visit(uncached, url));
  }
  console.log(
    `${name} | ${firstVisit.statements}, ${f(firstVisit.sqlMs)}, ${f(firstVisit.answerMs)} | ${median(later.map((v) => v.statements))}, ${f(median(later.map((v) => v.sqlMs)))}, ${f(median(later.map((v) => v.answerMs)))} | ${f(median(off.map((v) => v.sqlMs)))}, ${f(median(off.map((v) => v.answerMs)))} | ${(firstVisit.chars / 1024).toFixed(0)}`,
  );
}
await cached.close();
await uncached.close();
await db.close();
