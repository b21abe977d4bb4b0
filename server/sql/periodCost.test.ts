import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { explainExamined } from '../../tests/support/examinedRows.ts';
import { openPgliteRetrying } from '../../tests/support/openPgliteRetrying.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/Db.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/openPostgres.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { loadDemoData } from '../demo/loadDemoData.ts';
import { signToken } from '../http/auth.ts';

/**
 * A month costs a month (issue 41 §1): every GET route with a period parameter, asked for the same month on the
 * demo hotel with 2 years and with 4 years of history, examines at most 1.2× the rows on 4 years. (2 years, not 1: the
 * KPIs compare a period with the same nights a year earlier, which 1 year of history lacks; a read of the whole history
 * still shows as 1.8×, 2.5 years of nightly rates against 4.5, and two histories cost less to build than three.)
 *
 * "Examined" rows of a statement, from EXPLAIN (ANALYZE, FORMAT JSON): over every node that reads a table (it names
 * a relation: sequential, index, index-only, bitmap heap and TID scans), (rows it returned + rows its filter removed
 * + rows an index recheck removed) × its loops (EXPLAIN gives those per loop). A hash join that reads every booking to
 * keep a month's few hundred counts every booking read; a nested loop that probes bookings by primary key counts one
 * per probe. What EXPLAIN cannot show is an index entry a B-tree walk skips inside the index (a condition on a
 * column after the first that cannot bound the walk): such a walk is counted by the rows it returns only.
 *
 * The routes are walked from the server's own list (app.routeList) and their querystring schemas, not listed by
 * hand: a GET route whose querystring takes a period (dateStart/dateEnd, initDate/endDate, stayFrom/stayTo, a
 * day range such as createdAt, year, date, months) is asked once per way of giving it. Routes with a path parameter
 * (one booking, one client) are left out: their rows are that entity's. The data is the demo scale's hotel (its
 * rooms, typologies, clients and business) generated for the same anchor day with `historyYears` 2 and 4.
 *
 * A route's narrowing parameters are asked too, each on the route's first way of giving the period, in the same bound:
 * an optional choice of what is shown (a zod enum such as `shape` or Comercial's `bookings`) once per value, and a
 * room (`place`, a room id or a list of them) as each room that sold in the month in both histories, chosen from the
 * data, their rows summed. Their rows are the period's of less (one room's bookings, totals without rows), and no less
 * bound by it.
 */

const today = '2026-11-20';
const month = { from: '2026-10-01', to: '2026-10-31' };
const year = 2026;
const maxRatio = 1.2;

interface Call {
  name: string;
  /** One URL, or several whose examined rows are summed (`place`: one per room). */
  urls: string[];
}

/** Querystring keys of a route's zod schema (through refinements and pipes). */
function queryKeys(schema: unknown): Map<string, { safeParse(v: unknown): { success: boolean } }> {
  let s = schema as { shape?: Record<string, unknown>; def?: { in?: unknown; innerType?: unknown; schema?: unknown } } | undefined;
  for (let i = 0; s && !s.shape && i < 10; i++) s = (s.def?.in ?? s.def?.innerType ?? s.def?.schema) as typeof s;
  return new Map(Object.entries(s?.shape ?? {}) as Array<[string, { safeParse(v: unknown): { success: boolean } }]>);
}

/** The values of an optional zod enum (`z.enum([…]).optional()`), or none for any other type. */
function optionalEnumValues(type: unknown): string[] {
  const def = (type as { def?: { type?: string; innerType?: { def?: { type?: string; entries?: Record<string, string> } } } } | undefined)?.def;
  const inner = def?.type === 'optional' ? def.innerType?.def : undefined;
  return inner?.type === 'enum' ? Object.values(inner.entries ?? {}) : [];
}

/**
 * The month (or its year, a day of it, the months ahead) in each way a route's querystring takes a period; then its
 * narrowing parameters on the first of them: each value of an optional enum (what is shown), and `place=<room>`.
 */
function periodCalls(url: string, schema: unknown, rooms: number[]): Call[] {
  const keys = queryKeys(schema);
  const calls: Call[] = [];
  const add = (how: string, query: string) => calls.push({ name: `${url} ${how}`, urls: [`${url}?${query}`] });
  const range = `${month.from},${month.to}`;
  const takesRange = (key: string) => keys.get(key)?.safeParse(range).success === true;
  for (const key of ['dateStart', 'dateEnd', 'createdAt']) {
    if (keys.has(key) && takesRange(key)) add(key, `${key}=${range}`);
  }
  if (keys.has('dateStart') && keys.has('dateEnd') && !takesRange('dateStart')) add('dateStart–dateEnd', `dateStart=${month.from}&dateEnd=${month.to}`);
  if (keys.has('initDate') && keys.has('endDate')) add('initDate–endDate', `initDate=${month.from}&endDate=${month.to}`);
  if (keys.has('stayFrom') && keys.has('stayTo')) add('stay', `stayFrom=${month.from}&stayTo=${month.to}`);
  if (keys.has('year')) add('year', `year=${year}`);
  if (keys.has('date')) add('date', `date=${month.from.slice(0, 8)}15`);
  if (keys.has('months')) add('months', 'months=6');
  if (keys.has('period')) add('period', 'period=monthToDate');
  const first = calls[0];
  if (!first) return calls;
  const narrow = (how: string, queries: string[]) => calls.push({ name: `${first.name} ${how}`, urls: queries.map((q) => `${first.urls[0]}&${q}`) });
  for (const [key, type] of keys) {
    if (key === 'period') continue;
    for (const value of optionalEnumValues(type)) narrow(`${key}=${value}`, [`${key}=${value}`]);
  }
  if (keys.get('place')?.safeParse(String(rooms[0])).success) narrow(`place (${rooms.length} rooms)`, rooms.map((id) => `place=${id}`));
  return calls;
}

/**
 * The rooms asked as `place`: those that sold in the month in both histories, each asked once and their rows summed
 * (as a user opening every room of the month). One room's read of its whole history would add tens of rows on 4
 * years, hidden by slackRows; every room's adds the hotel's bookings of two years.
 */
async function soldRooms(histories: History[]): Promise<number[]> {
  const counts = await Promise.all(histories.map((h) => h.db.query<{ place_id: number; n: number }>(
    `SELECT b.place_id, count(DISTINCT b.id)::int AS n
       FROM booking_rates r JOIN bookings b ON b.id = r.booking_id
      WHERE r.date BETWEEN $1::date AND $2::date AND b.status IN ('confirmed', 'checked_in', 'checked_out') AND NOT b.is_virtual
      GROUP BY b.place_id`, [month.from, month.to])));
  const least = new Map(counts[0]!.map((c) => [c.place_id, c.n]));
  for (const rows of counts.slice(1)) {
    const here = new Map(rows.map((c) => [c.place_id, c.n]));
    for (const [id, n] of least) least.set(id, Math.min(n, here.get(id) ?? 0));
  }
  const rooms = [...least].filter(([, n]) => n > 0).map(([id]) => id).sort((a, b) => a - b);
  expect(rooms.length, 'rooms sold in the month in both histories').toBeGreaterThan(10);
  return rooms;
}

interface Statement {
  sql: string;
  params: unknown[];
}

/** The same Db, recording each read statement (query and streamJson) while `recording` is set. */
function recorded(db: Db) {
  const state: { statements: Statement[] | undefined } = { statements: undefined };
  const wrapped = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if ((key === 'query' || key === 'streamJson') && typeof value === 'function') {
        return (sql: string, params: unknown[] = [], ...rest: unknown[]) => {
          if (state.statements && /^\s*(SELECT|WITH)\b/i.test(sql)) state.statements.push({ sql, params: [...params] });
          return value.call(target, sql, params, ...rest);
        };
      }
      return value;
    },
  });
  return { db: wrapped, state };
}

interface History {
  years: number;
  db: Db;
  /** Examined rows per call name, and per table. */
  examined: Map<string, { total: number; tables: Map<string, number>; scans: string[] }>;
  drop?: () => Promise<void>;
}

const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const secret = new TextEncoder().encode('period-cost-secret-of-at-least-32-bytes');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile() && !path.endsWith('.test.ts'))
    .sort();
}

/**
 * Where the PGlite database of `years` of history is kept once built (a tarball of its data directory, as
 * tests/support/setupPglite.ts keeps `small`): named by the schema's and the generator's sources, the day and the
 * years, so that a change to any of them builds it again. Generating the three histories is most of this file's time.
 */
function historySnapshot(years: number): string {
  const hash = createHash('sha256').update(JSON.stringify({ scale: 'demo', today, years }));
  for (const file of [...filesUnder('server/db'), ...filesUnder('server/demo')]) hash.update(readFileSync(file));
  return join('.cache/test-db', `history-${years}y-${hash.digest('hex').slice(0, 16)}.tar`);
}

async function openHistory(years: number): Promise<History> {
  if (engine === 'pglite') {
    const snapshot = historySnapshot(years);
    if (existsSync(snapshot)) {
      const db = await openPgliteRetrying('memory://', new Blob([readFileSync(snapshot)]));
      return { years, db, examined: new Map() };
    }
    const db = await openPgliteRetrying('memory://');
    await migrate(db);
    await loadDemoData(db, { scale: 'demo', today, historyYears: years });
    // Written under a name of its own, then renamed: another run reading the same snapshot never sees half of it.
    mkdirSync(dirname(snapshot), { recursive: true });
    const part = `${snapshot}.${process.pid}.part`;
    writeFileSync(part, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
    renameSync(part, snapshot);
    return { years, db, examined: new Map() };
  }
  const base = new URL(inject('postgresUrl'));
  const name = `${base.pathname.slice(1)}_history${years}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openPostgres(url.toString(), { max: 2 });
  await migrate(db);
  await loadDemoData(db, { scale: 'demo', today, historyYears: years });
  return {
    years,
    db,
    examined: new Map(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Asks every call on the history's data, recording its statements, and sums their examined rows under EXPLAIN ANALYZE. */
async function measure(history: History, rooms: number[], given?: Call[]): Promise<Call[]> {
  const recorder = recorded(history.db);
  const app = await buildApp({
    db: recorder.db,
    jwtSecret: secret,
    now: () => new Date(`${today}T15:00:00Z`),
    lookupCacheSeconds: 0,
    readReuseMs: 0,
    coalesceReads: false,
  });
  await app.ready();
  const [employee] = await history.db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
  const token = await signToken({ secret, ttlSeconds: 600 }, { employeeId: employee!.id, email: demoEmployee.email });
  const authorization = `Bearer ${token}`;
  // The session's employee is read once before, so that no call counts it.
  await app.inject({ method: 'GET', url: '/api/v1/trm', headers: { authorization } });
  const all = given ?? app.routeList
    .filter((r) => r.method === 'GET' && !r.url.includes(':') && !r.url.includes('*'))
    .filter((r, i, routes) => routes.findIndex((o) => o.url === r.url) === i)
    .flatMap((r) => periodCalls(r.url, (r.schema as { querystring?: unknown } | undefined)?.querystring, rooms));
  for (const call of all) {
    const tables = new Map<string, number>();
    const scans: string[] = [];
    for (const url of call.urls) {
      recorder.state.statements = [];
      const res = await app.inject({ method: 'GET', url, headers: { authorization } });
      const statements = recorder.state.statements;
      recorder.state.statements = undefined;
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      for (const s of statements) await explainExamined(history.db, s.sql, s.params, tables, scans);
    }
    history.examined.set(call.name, { total: [...tables.values()].reduce((a, b) => a + b, 0), tables, scans });
  }
  await app.close();
  return all;
}

/**
 * Rows a call may examine over maxRatio× without growing with the history: two plans that are each proportional to
 * the month (a page of 50 walked from the newest booking against the month's 250 sorted) can differ by a few hundred
 * rows, and the two histories' months are not the same rows (the generator's growth over the span and its random
 * streams). What a read of the whole history adds is thousands: a year of the demo hotel is about 3,000 bookings,
 * 36,000 nightly rates, 8,000 POS orders.
 */
const slackRows = 300;

let short: History;
let long: History;
let calls: Call[] = [];

beforeAll(async () => {
  // Each PGlite runs in a worker of its own: the two are generated side by side.
  [short, long] = await Promise.all([openHistory(2), openHistory(4)]);
  const rooms = await soldRooms([short, long]);
  calls = await measure(short, rooms);
  await measure(long, rooms, calls);
  // Two histories generated and every period call explained on each: 1–2 minutes alone, over 400 s at a load of 14.
}, 900_000);

afterAll(async () => {
  for (const h of [short, long]) {
    await h?.db.close();
    await h?.drop?.();
  }
});

describe(`a month costs a month (${engine})`, () => {
  it('walks the routes with a period from the server itself', () => {
    const names = calls.map((c) => c.name);
    for (const expected of [
      '/api/v1/report/booking/comercial dateStart–dateEnd',
      '/api/v1/report/booking/forecast dateStart–dateEnd',
      '/api/v1/report/booking/recaudoPotecialVsReal stay',
      '/api/v1/report/booking/recaudoNationalities stay',
      '/api/v1/report/booking/ocupacion year',
      '/api/v1/report/kpis dateStart–dateEnd',
      '/api/v1/report/group-order initDate–endDate',
      '/api/v1/report/client-internal-external initDate–endDate',
      '/api/v1/report/booking/comercial dateStart–dateEnd bookings=none',
    ]) {
      expect(names).toContain(expected);
    }
    expect(names.filter((n) => /^\/api\/v1\/report\/booking\/comercial dateStart–dateEnd place \(\d+ rooms\)$/.test(n))).toHaveLength(1);
    expect(calls.length).toBeGreaterThan(40);
  });

  it('the history of 4 years holds about 1.8 times the nightly rates of 2 years (each has 6 months ahead)', async () => {
    const count = async (db: Db) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM booking_rates'))[0]!.n;
    expect((await count(long.db)) / (await count(short.db))).toBeGreaterThan(1.6);
  });

  it(`every call examines at most ${maxRatio}× the rows on 4 years of history as on 2 (or ${slackRows} rows more)`, () => {
    const lines: string[] = [];
    const over: string[] = [];
    for (const call of calls) {
      const a = short.examined.get(call.name)!;
      const b = long.examined.get(call.name)!;
      const ratio = b.total / Math.max(a.total, 1);
      const worst = [...b.tables]
        .map(([t, n]) => [t, n / Math.max(a.tables.get(t) ?? 0, 1), n] as const)
        .sort((x, y) => y[1] - x[1])[0];
      const line = `${ratio.toFixed(2)}× ${String(a.total).padStart(7)} → ${String(b.total).padStart(7)}  ${call.name}${worst && worst[1] > maxRatio ? `  (${worst[0]} ${a.tables.get(worst[0]) ?? 0} → ${worst[2]})` : ''}`;
      lines.push(line);
      if (ratio > maxRatio && b.total > a.total + slackRows) {
        if (process.env.PERIOD_COST_PLANS) console.info(`${call.name}\n  2 years: ${a.scans.join('; ')}\n  4 years: ${b.scans.join('; ')}`);
        over.push(line);
      }
    }
    console.info(`rows examined, 2 years → 4 years of history (${engine}):\n${lines.join('\n')}`);
    expect(over).toEqual([]);
  });

  it('no call reads every client: clients are read by key from the period\'s rows', () => {
    const scans = calls.flatMap((call) =>
      [short, long].flatMap((h) => (h.examined.get(call.name)?.scans ?? []).filter((scan) => scan.startsWith('Seq Scan clients')).map((scan) => `${call.name} (${h.years} y): ${scan}`)),
    );
    expect(scans).toEqual([]);
  });
});
