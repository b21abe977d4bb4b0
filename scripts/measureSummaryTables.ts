// DATABASE_URL=… npx tsx scripts/measureSummaryTables.ts [--rounds 2] (issue 41 §2): the choice between summary tables
// kept by triggers (a PMS night audit) and answers kept under data versions (server/http/versionedCache.ts), on the
// writers' side and the readers'. A lower bound of the summary tables: one table of nights sold and revenue per night,
// kept by a row-level trigger on booking_rates alone (the real thing would also need bookings' status changes, places and
// the pace's as-of cuts). Per round, in fresh databases beside DATABASE_URL's: the `demo` load with the versions'
// statement triggers (migration 013), and with the summary's row trigger added; then the year's nights read from the
// summary, and the versions' statement a kept answer reads.
import { parseArgs } from 'node:util';
import { migrate } from '../server/db/migrate.ts';
import { openPostgres } from '../server/db/openPostgres.ts';
import { loadDemoData } from '../server/demo/loadDemoData.ts';
import { dataVersionsSql, lodgingTables } from '../server/http/versionedCache.ts';
import { median } from './bench/stats.ts';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2' }, today: { type: 'string', default: '2026-11-27' } } });
const base = process.env.DATABASE_URL;
if (!base) throw new Error('DATABASE_URL: a PostgreSQL server where databases may be created.');
const summarySql = `
  CREATE TABLE night_summary (night date PRIMARY KEY, nights bigint NOT NULL, revenue numeric NOT NULL);
  CREATE FUNCTION keep_night_summary() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      UPDATE night_summary SET nights = nights - 1, revenue = revenue - OLD.total_rate WHERE night = OLD.date;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO night_summary AS s VALUES (NEW.date, 1, NEW.total_rate)
        ON CONFLICT (night) DO UPDATE SET nights = s.nights + 1, revenue = s.revenue + NEW.total_rate;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER booking_rates_night_summary AFTER INSERT OR UPDATE OR DELETE ON booking_rates
    FOR EACH ROW EXECUTE FUNCTION keep_night_summary();`;

const admin = await openPostgres(base, { max: 1 });
const loads: Record<'versions' | 'summary', number[]> = { versions: [], summary: [] };
let reads: { summary: number[]; versions: number[] } = { summary: [], versions: [] };
for (let round = 0; round < Number(values.rounds); round++) {
  for (const kind of ['versions', 'summary'] as const) {
    await admin.query('DROP DATABASE IF EXISTS mirador_summary_cmp WITH (FORCE)');
    await admin.query('CREATE DATABASE mirador_summary_cmp');
    const url = new URL(base);
    url.pathname = '/mirador_summary_cmp';
    const db = await openPostgres(url.toString(), { max: 2 });
    await migrate(db);
    if (kind === 'summary') await db.exec(summarySql);
    const started = performance.now();
    await loadDemoData(db, { scale: 'demo', today: values.today });
    loads[kind].push((performance.now() - started) / 1000);
    if (kind === 'summary') {
      const year = Number(values.today.slice(0, 4));
      for (let i = 0; i < 21; i++) {
        let t = performance.now();
        await db.query(`SELECT extract(month FROM night)::int AS month, sum(nights) AS nights, sum(revenue) AS revenue
                          FROM night_summary WHERE night BETWEEN make_date($1, 1, 1) AND make_date($1, 12, 31) GROUP BY 1`, [year]);
        reads.summary.push(performance.now() - t);
        t = performance.now();
        await db.query(dataVersionsSql, [lodgingTables]);
        reads.versions.push(performance.now() - t);
      }
    }
    await db.close();
  }
}
await admin.query('DROP DATABASE IF EXISTS mirador_summary_cmp WITH (FORCE)');
await admin.close();
const f = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(', ');
console.log(`demo load, versions' statement triggers: ${f(loads.versions)} s; with the summary's row trigger too: ${f(loads.summary)} s`);
console.log(`a year's nights from the summary: median ${median(reads.summary).toFixed(2)} ms; the versions' read: ${median(reads.versions).toFixed(2)} ms`);
console.log(`load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
