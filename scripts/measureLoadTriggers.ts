// [DATABASE_URL=…] npx tsx scripts/measureLoadTriggers.ts [--order off,on,on,off,off,on] [--set versions|nights] (issue 41
// §2): the `demo` load with a set of triggers, the data versions' (migration 013, default) or booking_nights' (migration
// 014), and with them disabled, in the order given, each into a
// fresh database (PGlite in memory, or mirador_load_triggers beside DATABASE_URL's, dropped after): wall and process
// CPU time (PGlite runs on a worker thread of this process) and the triggers' calls.
import { parseArgs } from 'node:util';
import type { Db } from '../server/db/Db.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/openPglite.ts';
import { openPostgres } from '../server/db/openPostgres.ts';
import { loadDemoData } from '../server/demo/loadDemoData.ts';

const { values } = parseArgs({
  options: { order: { type: 'string', default: 'off,on,on,off,off,on' }, today: { type: 'string', default: '2026-11-27' }, set: { type: 'string', default: 'versions' } },
});
const versioned = ['places', 'bookings', 'booking_rates', 'tasks', 'task_transactions', 'areas', 'task_options', 'employees'];
/** [table, trigger] of the set measured. */
const triggers = values.set === 'nights'
  ? [...['insert', 'update', 'delete', 'truncate'].map((op) => ['booking_rates', `booking_nights_rates_${op}`]), ['bookings', 'booking_nights_room']]
  : versioned.map((t) => [t, `${t}_data_version`]);
const url = process.env.DATABASE_URL;
for (const mode of values.order.split(',')) {
  let db: Db;
  if (url) {
    const admin = await openPostgres(url, { max: 1 });
    await admin.query('DROP DATABASE IF EXISTS mirador_load_triggers WITH (FORCE)');
    await admin.query('CREATE DATABASE mirador_load_triggers');
    await admin.close();
    const target = new URL(url);
    target.pathname = '/mirador_load_triggers';
    db = await openPostgres(target.toString(), { max: 2 });
  } else db = await openPglite('memory://');
  await migrate(db);
  if (mode === 'off') for (const [t, trigger] of triggers) await db.query(`ALTER TABLE ${t} DISABLE TRIGGER ${trigger}`);
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  await loadDemoData(db, { scale: 'demo', today: values.today });
  const wall = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const [v] = await db.query<{ calls: number }>('SELECT coalesce(sum(version), 0)::int AS calls FROM data_versions');
  const [n] = await db.query<{ rows: number }>('SELECT count(*)::int AS rows FROM booking_nights');
  console.log(`${url ? 'postgres' : 'pglite'} ${values.set} triggers ${mode}: booking_nights ${n!.rows} rows, ${wall.toFixed(1)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, trigger calls ${v!.calls}`);
  await db.close();
}
if (url) {
  const admin = await openPostgres(url, { max: 1 });
  await admin.query('DROP DATABASE IF EXISTS mirador_load_triggers WITH (FORCE)');
  await admin.close();
}
