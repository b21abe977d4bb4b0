// DATABASE_URL=… npx tsx scripts/measureTransform.ts [--today D] [--runs 15]
//
// Where a definition's grouping runs (schema/README.md, "Transforms"): the every-row bookings list a period asks, as
// the screen asks it (its size and time over a real socket), the Vega-Lite transforms of "Ingresos por canal de
// contacto" run over those rows as the browser and the server's files run them (first run, compile included, then
// warm), against the same grouping done by PostgreSQL (what a whitelisted server grouping would run). A month, a
// year and every booking of the demo data. A measurement, not a test.
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { openPostgres } from '../server/db/openPostgres.ts';
import { demoEmployee } from '../server/demo/demoAccounts.ts';
import { signToken } from '../server/http/auth.ts';
import { planRequest } from '../core/data/planRequest.ts';
import { runTransform } from '../core/data/sourceTransform.ts';
import { defaultFilterValues } from '../core/filters/defaults.ts';
import incomeByChannel from '../reports/general/incomeByChannel.ts';
import { reportDefinitionSchema } from '../schema/reportDefinition.ts';
import { median } from './bench/stats.ts';

const { values } = parseArgs({
  options: {
    today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    runs: { type: 'string', default: '15' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL names the filled PostgreSQL database to measure.');
const runs = Number(values.runs);
const today = values.today;
const definition = reportDefinitionSchema.parse(incomeByChannel);
const transform = definition.sources.channels!.transform!;
const defaults = defaultFilterValues(definition, { today });
const statuses = defaults.status as string[];

const db = await openPostgres(databaseUrl);
const secret = new TextEncoder().encode('transform-secret-transform-secret!!!');
const app = await buildApp({ db, jwtSecret: secret, now: () => new Date(`${today}T15:00:00Z`), readReuseMs: 0, lookupCacheSeconds: 0 });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
const token = await signToken({ secret, ttlSeconds: 3600 }, { employeeId: employee!.id, email: demoEmployee.email });

const year = today.slice(0, 4);
const month = today.slice(0, 7);
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
const periods = [
  { name: 'month', from: `${month}-01`, to: lastDay(Number(year), Number(today.slice(5, 7))) },
  { name: 'year', from: `${year}-01-01`, to: `${year}-12-31` },
  { name: 'all', from: '2000-01-01', to: '2100-12-31' },
];
const timed = async <T>(work: () => Promise<T>) => {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
};
const ms = (value: number) => value.toFixed(1);

console.log('period | rows | answer KB | list call ms | transform first ms | transform warm ms | SQL grouping ms | groups');
for (const period of periods) {
  // The request the screen plans for that period.
  const request = planRequest(definition, 'channels', { filters: { ...defaults, dateStart: { range: true, from: period.from, to: period.to } }, routeParams: {} });
  const query = new URLSearchParams(request.query as Array<[string, string]>);
  const fetchRows = async () => {
    const res = await fetch(`${base}/api/v1/report/booking?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.status}: ${text.slice(0, 200)}`);
    return text;
  };
  await fetchRows();
  const calls: number[] = [];
  let text = '';
  for (let i = 0; i < runs; i += 1) {
    const call = await timed(fetchRows);
    calls.push(call.ms);
    text = call.value;
  }
  const rows = (JSON.parse(text) as { data: unknown[] }).data;
  // A new copy of the transform: its first run compiles it, as a screen's first grouping does.
  const first = await timed(() => runTransform(rows, structuredClone(transform)));
  const warm: number[] = [];
  for (let i = 0; i < runs; i += 1) warm.push((await timed(() => runTransform(rows, transform))).ms);
  const sql = `SELECT coalesce(nullif(way_contact_name, ''), 'Sin canal') AS channel, sum(total) AS income, count(*) AS bookings
                 FROM bookings WHERE date_start BETWEEN $1::date AND $2::date AND status = ANY($3::text[]) GROUP BY 1`;
  const grouped: number[] = [];
  for (let i = 0; i < runs; i += 1) grouped.push((await timed(() => db.query(sql, [period.from, period.to, statuses]))).ms);
  console.log(
    [period.name, rows.length, Math.round(text.length / 1024), ms(median(calls)), ms(first.ms), ms(median(warm)), ms(median(grouped)), first.value.length].join(' | '),
  );
}
await app.close();
await db.close();
