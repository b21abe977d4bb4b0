import { migrate } from '../server/db/migrate.ts';
import { openPglite } from '../server/db/openPglite.ts';
import { openPostgres } from '../server/db/openPostgres.ts';
import { loadDemoData } from '../server/demo/loadDemoData.ts';
const tables = ['places', 'bookings', 'booking_rates', 'tasks', 'task_transactions', 'areas', 'task_options', 'employees'];
const url = process.env.DATABASE_URL;
for (const triggers of [false, true, true, false, false, true]) {
  let db;
  if (url) {
    const admin = await openPostgres(url, { max: 1 });
    await admin.query('DROP DATABASE IF EXISTS mirador_cache_load WITH (FORCE)');
    await admin.query('CREATE DATABASE mirador_cache_load');
    await admin.close();
    const u = new URL(url); u.pathname = '/mirador_cache_load';
    db = await openPostgres(u.toString(), { max: 2 });
  } else db = await openPglite('memory://');
  await migrate(db);
  if (!triggers) for (const t of tables) await db.query(`ALTER TABLE ${t} DISABLE TRIGGER ${t}_data_version`);
  const started = performance.now(); const cpu0 = process.cpuUsage();
  await loadDemoData(db, { scale: 'demo', today: '2026-11-27' });
  const ms = performance.now() - started; const cpu = process.cpuUsage(cpu0); console.log('cpu s', ((cpu.user + cpu.system) / 1e6).toFixed(1));
  const [v] = await db.query("SELECT count(*)::int AS rows, coalesce(sum(version),0)::int AS bumps FROM data_versions");
  console.log(`${url ? 'postgres' : 'pglite'} triggers ${triggers ? 'on ' : 'off'}: ${(ms / 1000).toFixed(1)} s, data_versions ${JSON.stringify(v)}`);
  await db.close();
}
