// npx tsx scripts/measurePeriodRoutes.ts --before DIR [--today D] [--runs N] [--match REGEX] (DATABASE_URL: a filled database; without
// it, PGlite in memory filled with the demo data of --today): the period routes issue 41 §1 rewrote, their statements
// as this checkout's server runs them and as the server of DIR (a checkout of an earlier commit, e.g.
// `git archive <commit> | tar -x -C DIR` with node_modules linked) runs them, each set timed under
// EXPLAIN (ANALYZE, TIMING OFF) N rounds, the two alternated within each round; prints the medians of the summed
// execution times and their ratio. On PGlite each side runs with its own session's random_page_cost (4 before, 1.1 now).
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Db } from '../server/db/Db.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/openPglite.ts';
import { openPostgres } from '../server/db/openPostgres.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { loadDemoData } from '../server/demo/loadDemoData.ts';
import { signToken } from '../server/http/auth.ts';
import { executionMs as sqlMs, recordingDb, type Statement } from './bench/recordingDb.ts';
import { median } from './bench/stats.ts';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    runs: { type: 'string', default: '15' },
    // Only the calls whose name matches, e.g. `--match 'movement|calendar|tickets'`.
    match: { type: 'string' },
    // PGlite's random_page_cost for the DIR side: 4 before commit 8491f9c, 1.1 (as this checkout) after it.
    'before-page-cost': { type: 'string', default: '4' },
  },
});
if (!values.before) throw new Error('--before DIR: a checkout of the commit to compare with.');
const beforeDir = isAbsolute(values.before) ? values.before : resolve(values.before);
const today = values.today;
const runs = Number(values.runs);
const month = (() => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return { first, last, year: y };
})();
const allCalls: ReadonlyArray<readonly [name: string, url: string]> = [
  ['commercial', `/api/v1/report/booking/comercial?dateStart=${month.first}&dateEnd=${month.last}`],
  ['forecast', `/api/v1/report/booking/forecast?dateStart=${month.first}&dateEnd=${month.last}`],
  ['recaudo potential vs real', `/api/v1/report/booking/recaudoPotecialVsReal?stayFrom=${month.first}&stayTo=${month.last}`],
  ['recaudo nationalities', `/api/v1/report/booking/recaudoNationalities?stayFrom=${month.first}&stayTo=${month.last}`],
  ['occupancy months', `/api/v1/report/booking/ocupacion?year=${month.year}`],
  ['KPIs of a month', `/api/v1/report/kpis?dateStart=${month.first}&dateEnd=${month.last}`],
  ['KPIs of a year', `/api/v1/report/kpis?year=${month.year}`],
  ['pace', '/api/v1/report/kpis/pace?months=6'],
  ['POS clients', `/api/v1/report/group-order?initDate=${month.first}&endDate=${month.last}`],
  ['POS client kinds', `/api/v1/report/client-internal-external?initDate=${month.first}&endDate=${month.last}`],
  ['movement orders (stay)', `/api/v1/report/movements/order?stayFrom=${month.first}&stayTo=${month.last}`],
  ['movement payments (stay)', `/api/v1/report/movements/payment?stayFrom=${month.first}&stayTo=${month.last}`],
  ['spaces calendar', `/api/v1/placereservation/place/detail?dateStart=${month.first}&dateEnd=${month.last}`],
  ['event tickets', `/api/v1/event/qr/movements-table?createdAt=${month.first},${month.last}`],
];
const calls = allCalls.filter(([name]) => !values.match || new RegExp(values.match).test(name));

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let db: Db;
if (process.env.DATABASE_URL) {
  db = await openPostgres(process.env.DATABASE_URL, { max: 1 });
} else {
  db = await openPglite('memory://');
  await migrate(db);
  await loadDemoData(db, { scale: 'demo', today });
}
const secret = new TextEncoder().encode('measure-period-routes-secret-32-bytes!');
const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
const token = await signToken({ secret, ttlSeconds: 600 }, { employeeId: employee!.id, email: demoEmployee.email });

/** The statements each call runs on the server of `root`. */
async function statementsOf(root: string): Promise<Statement[][]> {
  const { buildApp } = (await import(join(root, 'server/app.ts'))) as typeof import('../server/app.ts');
  const recorder = recordingDb(db);
  const app = await buildApp({ db: recorder.db, jwtSecret: secret, now: () => new Date(`${today}T15:00:00Z`), lookupCacheSeconds: 0, coalesceReads: false, versionedCacheMb: 0 });
  await app.ready();
  await app.inject({ method: 'GET', url: '/api/v1/trm', headers: { authorization: `Bearer ${token}` } });
  const all: Statement[][] = [];
  for (const [, url] of calls) {
    const { result, statements } = await recorder.record(() => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }));
    if (result.statusCode !== 200) throw new Error(`${url} (${root}): ${result.statusCode} ${result.body.slice(0, 200)}`);
    all.push(statements.filter((s) => /^\s*(SELECT|WITH)/i.test(s.sql)));
  }
  await app.close();
  return all;
}

const before = await statementsOf(beforeDir);
const after = await statementsOf(process.cwd());

async function executionMs(statements: Statement[], pageCost: string): Promise<number> {
  if (engine === 'pglite') await db.exec(`SET random_page_cost = ${pageCost}`);
  return sqlMs(db, statements);
}

const load = (await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ');
console.log(`${engine}, today ${today}, month ${month.first}..${month.last}, ${runs} rounds, load average ${load}`);
for (const [i, [name]] of calls.entries()) {
  const a: number[] = [];
  const b: number[] = [];
  for (let r = 0; r < runs; r++) {
    if (r % 2 === 0) {
      a.push(await executionMs(before[i]!, values['before-page-cost']));
      b.push(await executionMs(after[i]!, '1.1'));
    } else {
      b.push(await executionMs(after[i]!, '1.1'));
      a.push(await executionMs(before[i]!, values['before-page-cost']));
    }
  }
  const [ma, mb] = [median(a), median(b)];
  console.log(`${name.padEnd(28)} before ${ma.toFixed(2).padStart(8)} ms  after ${mb.toFixed(2).padStart(8)} ms  ${(mb / ma).toFixed(2)}×`);
}
console.log(`load average at the end ${(await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ')}`);
await db.close();
