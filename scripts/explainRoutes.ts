// npx tsx scripts/explainRoutes.ts (DATABASE_URL: a filled database; or --pglite-dir DIR: a filled PGlite, such as
// DATA_DIR/pglite after npm run demo-data, run through the app's own PGlite layer): each route's statements under
// EXPLAIN (ANALYZE), printing the sequential scans of tables over 1,000 rows and the execution time. What the indexes
// of the migrations were chosen from, and how a plan on PGlite differs from PostgreSQL's. The routes are the bench's (--routes screens, the default: the heavy ones and every other call the
// report screens make as they open; heavy: the heavy ones alone); --only keeps those whose name holds its text.
//
// With --compare 'name=value[,name=value]' [--runs N]: each route's statements run N times under EXPLAIN (ANALYZE,
// TIMING OFF) with the server's session settings and with those settings changed, alternated, printing the medians
// of their summed execution times and the ratio. What the server's planner settings were chosen from (PostgreSQL only).
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/app.ts';
import { defaultPostgresTimeouts, openPostgres, sessionOptions } from '../server/db/openPostgres.ts';
import { openPglite } from '../server/db/openPglite.ts';
import { heavyRoutes } from './bench/heavyRoutes.ts';
import { screenCalls } from './bench/screenCalls.ts';
import { recordingDb, type Statement } from './bench/recordingDb.ts';
import { median, ratio } from './bench/stats.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { signToken } from '../server/http/auth.ts';

const { values } = parseArgs({
  options: {
    today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    only: { type: 'string' },
    compare: { type: 'string' },
    runs: { type: 'string', default: '7' },
    routes: { type: 'string', default: 'screens' },
    'pglite-dir': { type: 'string' },
  },
});
if (values['pglite-dir'] && values.compare) throw new Error('--compare runs on PostgreSQL (DATABASE_URL), not with --pglite-dir.');
if (values.routes !== 'screens' && values.routes !== 'heavy') throw new Error(`--routes is screens or heavy, not ${values.routes}.`);
const calls = values.routes === 'heavy' ? heavyRoutes(values.today) : await screenCalls(values.today, heavyRoutes(values.today));
const db = values['pglite-dir'] ? await openPglite(values['pglite-dir']) : await openPostgres(process.env.DATABASE_URL!);
const recorder = recordingDb(db);
const secret = new TextEncoder().encode('explain-secret-explain-secret-explain!');
const app = await buildApp({ db: recorder.db, jwtSecret: secret, now: () => new Date(`${values.today}T15:00:00Z`), lookupCacheSeconds: 0 });
const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
const token = await signToken({ secret, ttlSeconds: 600 }, { employeeId: employee!.id, email: demoEmployee.email });
const big = new Map((await db.query<{ relname: string; n: number }>(`SELECT relname, n_live_tup::int AS n FROM pg_stat_user_tables`)).map((r) => [r.relname, r.n]));
const queries = (statements: Statement[]) => statements.filter((s) => /^\s*(SELECT|WITH)/i.test(s.sql));

const compared = values.compare?.split(',').map((pair) => {
  const [name, value] = pair.split('=');
  if (!name || value === undefined || !/^\w+$/.test(name)) throw new Error(`--compare: name=value, not ${pair}`);
  return { name, value };
});
// A session of its own with the server's settings (its pool's options), to change and reset between runs.
const options = sessionOptions(defaultPostgresTimeouts.statementMs);
const session = compared && new pg.Client({ connectionString: process.env.DATABASE_URL, options });
await session?.connect();
const executionMs = async (statements: Statement[]) => {
  let ms = 0;
  for (const s of queries(statements)) {
    const { rows } = await session!.query<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>(
      `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${s.sql}`,
      [...s.params],
    );
    ms += rows[0]!['QUERY PLAN'][0]!['Execution Time'];
  }
  return ms;
};

/** Per route compared: the server's settings' median and the changed one's. */
const comparedTimes: Array<[server: number, changed: number]> = [];
for (const { name, url } of calls) {
  if (values.only && !name.includes(values.only)) continue;
  const { statements } = await recorder.record(() => app.inject({ url, headers: { authorization: `Bearer ${token}` } }));
  if (compared) {
    const server: number[] = [];
    const changed: number[] = [];
    await executionMs(statements); // warm the caches for both
    for (let i = 0; i < Number(values.runs); i++) {
      for (const change of i % 2 === 0 ? [false, true] : [true, false]) {
        for (const { name: setting, value } of compared) {
          await session!.query(change ? `SELECT set_config($1, $2, false)` : `RESET ${setting}`, change ? [setting, value] : []);
        }
        (change ? changed : server).push(await executionMs(statements));
      }
    }
    const [a, b] = [median(server), median(changed)];
    comparedTimes.push([a, b]);
    console.log(`${name.padEnd(26)} server ${a.toFixed(1).padStart(8)} ms   ${values.compare} ${b.toFixed(1).padStart(8)} ms   ${ratio(b, a)}×`);
    continue;
  }
  for (const s of queries(statements)) {
    // On PGlite the clock reads of per-node timing cost more than the work (the forecast once: 389 ms with them, 44 ms without).
    const timing = values['pglite-dir'] ? ', TIMING OFF' : '';
    const plan = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF${timing}) ${s.sql}`, [...s.params])).map((r) => r['QUERY PLAN']);
    const seq = plan.filter((l) => /Seq Scan on (\w+)/.test(l) && (big.get(/Seq Scan on (\w+)/.exec(l)![1]!) ?? 0) > 1000);
    console.log(`${name}: ${plan.find((l) => l.startsWith('Execution Time'))}`);
    for (const l of process.env.FULL ? plan : seq) console.log(`   ${process.env.FULL ? l : l.trim()}`);
  }
}
if (comparedTimes.length > 0) {
  const geometricMean = Math.exp(comparedTimes.reduce((sum, [a, b]) => sum + Math.log(b / a), 0) / comparedTimes.length);
  const summed = comparedTimes.reduce((sum, [, b]) => sum + b, 0) / comparedTimes.reduce((sum, [a]) => sum + a, 0);
  const faster = comparedTimes.filter(([a, b]) => b < a * 0.95).length;
  const slower = comparedTimes.filter(([a, b]) => b > a * 1.05).length;
  console.log(
    `${values.compare} over the server's settings on ${comparedTimes.length} routes: geometric mean ${ratio(geometricMean, 1)}×, ` +
      `summed times ${ratio(summed, 1)}×; over 5 % faster on ${faster}, over 5 % slower on ${slower}`,
  );
}
await session?.end();
await app.close();
await db.close();
