// npx tsx scripts/explainRoutes.ts (DATABASE_URL: a filled database): each heavy route's statements under
// EXPLAIN (ANALYZE), printing the sequential scans of tables over 1,000 rows and the execution time. What the indexes
// of the migrations were chosen from.
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.ts';
import { openPostgres } from '../server/db/openPostgres.ts';
import { heavyRoutes } from './bench/heavyRoutes.ts';
import { recordingDb } from './bench/recordingDb.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { signToken } from '../server/http/auth.ts';

const { values } = parseArgs({ options: { today: { type: 'string', default: new Date().toISOString().slice(0, 10) }, only: { type: 'string' } } });
const db = await openPostgres(process.env.DATABASE_URL!);
const recorder = recordingDb(db);
const secret = new TextEncoder().encode('explain-secret-explain-secret-explain!');
const app = await buildApp({ db: recorder.db, jwtSecret: secret, now: () => new Date(`${values.today}T15:00:00Z`), lookupCacheSeconds: 0 });
const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
const token = await signToken({ secret, ttlSeconds: 600 }, { employeeId: employee!.id, email: demoEmployee.email });
const big = new Map((await db.query<{ relname: string; n: number }>(`SELECT relname, n_live_tup::int AS n FROM pg_stat_user_tables`)).map((r) => [r.relname, r.n]));
for (const { name, url } of heavyRoutes(values.today)) {
  if (values.only && !name.includes(values.only)) continue;
  const { statements } = await recorder.record(() => app.inject({ url, headers: { authorization: `Bearer ${token}` } }));
  for (const s of statements) {
    if (!/^\s*(SELECT|WITH)/i.test(s.sql)) continue;
    const plan = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${s.sql}`, [...s.params])).map((r) => r['QUERY PLAN']);
    const seq = plan.filter((l) => /Seq Scan on (\w+)/.test(l) && (big.get(/Seq Scan on (\w+)/.exec(l)![1]!) ?? 0) > 1000);
    console.log(`${name}: ${plan.find((l) => l.startsWith('Execution Time'))}`);
    for (const l of process.env.FULL ? plan : seq) console.log(`   ${process.env.FULL ? l : l.trim()}`);
  }
}
await app.close();
await db.close();
