import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db.ts';
import { migrate } from '../db/migrate.ts';
import { openPgliteRetrying } from '../../tests/support/openPgliteRetrying.ts';
import { demoEmployee, restrictedEmployee } from './demoAccounts.ts';
import { demoNow, loadDemoData, type DemoOptions } from './loadDemoData.ts';
import { tableOrder } from './rows.ts';

const today = '2026-03-16';
const now = `${today}T15:00:00.000Z`;
const options: DemoOptions = { scale: 'small', today, now, seed: 20231201 };
/** Another seed, anchored on the first day of a month (the emptiest "current month" there is). */
const otherOptions: DemoOptions = { scale: 'small', today: '2026-04-01', seed: 7 };
/** The same day loaded early in the morning, before most of its planned work has happened. */
const morningNow = `${today}T06:40:00.000Z`;
const morningOptions: DemoOptions = { ...options, now: morningNow };
const slow = { timeout: 240_000 };

async function freshDb(): Promise<Db> {
  const db = await openPgliteRetrying('memory://');
  await migrate(db);
  return db;
}

/** md5 of every table's rows in a fixed order. */
async function checksums(db: Db): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const table of tableOrder) {
    const [row] = await db.query<{ sum: string | null }>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS sum FROM ${table} t`,
    );
    result[table] = row?.sum ?? '';
  }
  return result;
}

async function value<T = number>(db: Db, sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await db.query<{ v: T }>(sql, params);
  return row!.v;
}

async function values<T = string>(db: Db, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await db.query<{ v: T }>(sql, params)).map((r) => r.v);
}

let a: Db;
let b: Db;
let other: Db;
let morning: Db;
let countsA: Record<string, number>;
let indexesBefore: string[];
const progress: Array<{ done: number; total: number; label: string }> = [];

const indexDefinitions = (db: Db) =>
  values(db, `SELECT indexdef AS v FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`);

beforeAll(async () => {
  [a, b, other, morning] = await Promise.all([freshDb(), freshDb(), freshDb(), freshDb()]);
  indexesBefore = await indexDefinitions(a);
  countsA = await loadDemoData(a, { ...options, onProgress: (done, total, label) => progress.push({ done, total, label }) });
  await loadDemoData(b, options);
  await loadDemoData(other, otherOptions);
  await loadDemoData(morning, morningOptions);
}, 600_000);

afterAll(async () => {
  await Promise.all([a?.close(), b?.close(), other?.close(), morning?.close()]);
});

describe('determinism', () => {
  it('gives identical tables for the same options and different ones for another seed', slow, async () => {
    const [sumA, sumB, sumOther] = await Promise.all([checksums(a), checksums(b), checksums(other)]);
    expect(sumB).toEqual(sumA);
    expect(sumOther.bookings).not.toEqual(sumA.bookings);
    expect(sumOther.pos_orders).not.toEqual(sumA.pos_orders);
  });

  it('reports progress as the progress bar shows it: rows done never past the total, ending at every row loaded', slow, async () => {
    const loaded = Object.values(countsA).reduce((n, c) => n + c, 0);
    expect(progress.length).toBeGreaterThan(3);
    for (const step of progress) expect(step.done, step.label).toBeLessThanOrEqual(step.total);
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((x, y) => x - y));
    expect(progress.at(-1)).toEqual({ done: loaded, total: loaded, label: 'listo' });
  });

  it('fills every table and reports the row counts', slow, async () => {
    for (const table of tableOrder) {
      expect(countsA[table], table).toBeGreaterThan(0);
      expect(await value(a, `SELECT count(*)::int AS v FROM ${table}`), table).toBe(countsA[table]);
    }
  });

  it('leaves every foreign key satisfied and every index as the migration made it', slow, async () => {
    const keys = await a.query<{ child: string; parent: string; pairs: [string, string][] }>(`
      SELECT k.conrelid::regclass::text AS child, k.confrelid::regclass::text AS parent,
             (SELECT json_agg(json_build_array(ca.attname, pa.attname) ORDER BY u.ord)
                FROM unnest(k.conkey, k.confkey) WITH ORDINALITY u(c, p, ord)
                JOIN pg_attribute ca ON ca.attrelid = k.conrelid AND ca.attnum = u.c
                JOIN pg_attribute pa ON pa.attrelid = k.confrelid AND pa.attnum = u.p) AS pairs
        FROM pg_constraint k
       WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace`);
    expect(keys.length).toBeGreaterThan(20);
    for (const key of keys) {
      const on = key.pairs.map(([c, p]) => `p."${p}" = c."${c}"`).join(' AND ');
      const present = key.pairs.map(([c]) => `c."${c}" IS NOT NULL`).join(' AND ');
      const orphans = await value(a, `SELECT count(*)::int AS v FROM ${key.child} c WHERE ${present} AND NOT EXISTS (SELECT 1 FROM ${key.parent} p WHERE ${on})`);
      expect(orphans, `${key.child} → ${key.parent}`).toBe(0);
    }
    expect(await indexDefinitions(a)).toEqual(indexesBefore);
  });

  it('refuses a database that already has data', slow, async () => {
    await expect(loadDemoData(a, options)).rejects.toThrow(/already has bookings/);
  });
});

describe("the demo's now", () => {
  it('is the clock on the anchor day, else the anchor day\'s last second', () => {
    expect(demoNow(today, new Date(`${today}T08:12:00Z`))).toBe(`${today}T08:12:00.000Z`);
    expect(demoNow(today, new Date('2026-03-20T08:12:00Z'))).toBe(`${today}T23:59:59.000Z`);
  });

  it('must fall on the anchor day', async () => {
    await expect(loadDemoData(other, { ...options, now: '2026-03-17T01:00:00Z' })).rejects.toThrow(/instant on 2026-03-16/);
  });

  // Every table whose screens list movements newest first, by its creation column.
  const movements = ['payments', 'booking_orders', 'space_reservations', 'service_orders', 'event_tickets', 'pos_orders', 'reviews', 'leads', 'bookings'];

  it('creates nothing after it', slow, async () => {
    for (const table of [...movements, 'clients', 'tips', 'task_transactions']) {
      expect(await value(a, `SELECT count(*)::int AS v FROM ${table} WHERE created_at > $1`, [now]), table).toBe(0);
    }
  });

  /**
   * Columns whose values may lie after "now" because they are plans, not facts: each with the rows where it is a plan
   * (`true`: every row). Every other date or time column of every table is a fact (created, closed, completed, paid,
   * used…) and must not be later than the load's "now" (a date: not later than its day).
   */
  const plans: Record<string, string> = {
    'bookings.date_start': `status IN ('confirmed', 'not_confirmed', 'in_progress', 'canceled')`, // arrivals to come; checked in or no-show: a fact
    'bookings.date_end': `status NOT IN ('checked_out', 'no_show')`, // departures to come
    'booking_rates.date': 'NOT closed', // nights still to come; a closed night is a fact
    'events.date_start': 'true', // scheduled events
    'events.date_end': 'true',
    'space_reservations.date_start': 'true', // spaces booked ahead
    'space_reservations.date_end': 'true',
    'space_reservations.recurrence_until': 'true',
    'tasks.date_end': `status = 'process'`, // a task under way: its expected end; completed or cancelled: a fact
    'trm.date': 'true', // the exchange rate projected for future nights' prices
    'booking_nights.first_night': 'true', // a booking's span of booking_rates.date (migration 014): its nights to come
    'booking_nights.last_night': 'true',
  };
  /** Written by the migration runner when the schema was made, not by the demo data. */
  const notDemoData = ['schema_migrations.applied_at'];

  it.each([['at 15:00', () => a, now], ['at 06:40', () => morning, morningNow]] as const)(
    'records no fact after it, in any date or time column of any table (%s)',
    slow,
    async (_label, db, moment) => {
      const columns = await db().query<{ t: string; c: string; type: string }>(`
        SELECT table_name AS t, column_name AS c, data_type AS type FROM information_schema.columns
         WHERE table_schema = current_schema() AND (data_type = 'date' OR data_type LIKE 'timestamp%')
         ORDER BY 1, 2`);
      expect(columns.length).toBeGreaterThan(30);
      const late: Record<string, number> = {};
      for (const { t, c, type } of columns) {
        const key = `${t}.${c}`;
        if (notDemoData.includes(key)) continue;
        const limit = type === 'date' ? '$1::timestamptz::date' : '$1::timestamptz';
        const n = await value(db(), `SELECT count(*)::int AS v FROM "${t}" WHERE "${c}" > ${limit} AND NOT (${plans[key] ?? 'false'})`, [moment]);
        if (n > 0) late[key] = n;
      }
      expect(late).toEqual({});
      // Each plan is one: the columns named above exist and some hold what is still to come.
      for (const key of Object.keys(plans)) expect(columns.some(({ t, c }) => `${t}.${c}` === key), key).toBe(true);
      // Today's app use is what was used by now, not a whole day's.
      const since = await value(db(), `SELECT coalesce(max(seconds), 0)::int AS v FROM app_usage WHERE date = $1::timestamptz::date`, [moment]);
      expect(since).toBeLessThanOrEqual((Date.parse(moment) - Date.parse(`${today}T00:00:00Z`)) / 1000);
      // A task's and an order's story stops at "now": what would have ended later is still under way.
      expect(await value(db(), `SELECT count(*)::int AS v FROM tasks WHERE status = 'process' AND date_start::date = $1::timestamptz::date`, [moment])).toBeGreaterThan(0);
      expect(await value(db(), `SELECT count(*)::int AS v FROM pos_orders WHERE status IN ('open', 'inProgress', 'readyToDelivery')`)).toBeGreaterThan(0);
    },
  );

  it('spreads the records created today over the day, as a real day is', slow, async () => {
    for (const table of movements) {
      const [spread] = await a.query<{ n: number; busiest: number; hours: number }>(
        `SELECT coalesce(sum(n), 0)::int AS n, coalesce(max(n), 0)::int AS busiest, count(DISTINCT h)::int AS hours
           FROM (SELECT date_trunc('minute', created_at) AS m, extract(hour FROM created_at) AS h, count(*) AS n
                   FROM ${table} WHERE created_at >= $1::date AND created_at < $1::date + 1 GROUP BY 1, 2) x`,
        [today],
      );
      expect(spread!.busiest, `${table}: records in the busiest minute of ${spread!.n}`).toBeLessThanOrEqual(3);
      if (spread!.n >= 10) expect(spread!.hours, `${table}: hours with records`).toBeGreaterThanOrEqual(4);
    }
    // The screens' first pages have today's activity to show.
    for (const table of ['payments', 'booking_orders', 'space_reservations', 'service_orders', 'pos_orders']) {
      expect(await value(a, `SELECT count(*)::int AS v FROM ${table} WHERE created_at >= $1::date`, [today]), table).toBeGreaterThan(0);
    }
  });
});

describe('lodging invariants', () => {
  it('has every booking status, short and long stays, virtual and OTA bookings', slow, async () => {
    expect((await values(a, 'SELECT DISTINCT status AS v FROM bookings ORDER BY 1')).sort()).toEqual(
      ['canceled', 'checked_in', 'checked_out', 'confirmed', 'in_progress', 'no_show', 'not_confirmed'],
    );
    expect(await value(a, 'SELECT count(*)::int AS v FROM bookings WHERE is_short_stay')).toBeGreaterThan(0);
    expect(await value(a, 'SELECT count(*)::int AS v FROM bookings WHERE NOT is_short_stay AND price_by_month > 0')).toBeGreaterThan(0);
    const virtualShare = await value(a, 'SELECT avg(is_virtual::int)::float AS v FROM bookings');
    expect(virtualShare).toBeGreaterThan(0.02);
    expect(virtualShare).toBeLessThan(0.1);
    expect(await value(a, `SELECT count(*)::int AS v FROM bookings WHERE cloud_id IS NOT NULL AND way_contact_name IN ('Booking.com', 'Airbnb', 'Expedia')`)).toBeGreaterThan(0);
    expect(await value(a, 'SELECT count(*)::int AS v FROM bookings WHERE length(way_contact_name) >= 12')).toBeGreaterThan(0);
    expect(await value(a, `SELECT count(*)::int AS v FROM bookings WHERE status = 'canceled' AND date_start > $1`, [today])).toBeGreaterThan(0);
  });

  it('keeps statuses consistent with the dates around today', slow, async () => {
    const wrong = await value(a, `
      SELECT count(*)::int AS v FROM bookings WHERE status <> 'canceled' AND NOT (
        (date_end < $1 AND status IN ('checked_out', 'no_show')) OR
        (date_end = $1 AND status IN ('checked_in', 'checked_out')) OR
        (date_start < $1 AND date_end > $1 AND status = 'checked_in') OR
        (date_start = $1 AND status IN ('checked_in', 'confirmed', 'not_confirmed')) OR
        (date_start > $1 AND status IN ('confirmed', 'not_confirmed', 'in_progress')))`, [today]);
    expect(wrong).toBe(0);
  });

  it('gives today arrivals, departures, in-house guests and bookings created today', slow, async () => {
    const q = (where: string) => value(a, `SELECT count(*)::int AS v FROM bookings WHERE status <> 'canceled' AND ${where}`, [today]);
    expect(await q('date_start = $1')).toBeGreaterThan(0);
    expect(await q('date_end = $1')).toBeGreaterThan(0);
    expect(await q(`date_end = $1 AND status = 'checked_in'`)).toBeGreaterThan(0);
    expect(await q(`date_start <= $1 AND date_end > $1 AND status = 'checked_in'`)).toBeGreaterThan(0);
    expect(await value(a, `SELECT count(*)::int AS v FROM bookings WHERE created_at::date = $1`, [today])).toBeGreaterThan(0);
  });

  // The collection screen's defaults: the month of today, its four statuses, real bookings only.
  it.each([['the test data', () => a, today], ['another seed on the first of a month', () => other, otherOptions.today]] as const)(
    'gives the current month sales in every typology, extras, several nationalities and balances of both signs (%s)',
    slow,
    async (_label, db, day) => {
      const month = [`${day.slice(0, 7)}-01`, day];
      const counted = `b.status IN ('checked_in', 'checked_out', 'confirmed', 'not_confirmed') AND NOT b.is_virtual`;
      const unsold = await values(db(), `
        SELECT t.name AS v FROM typologies t
         WHERE EXISTS (SELECT 1 FROM places p WHERE p.typology_id = t.id AND NOT p.is_space AND NOT p.deleted)
           AND NOT EXISTS (SELECT 1 FROM booking_rates r JOIN bookings b ON b.id = r.booking_id JOIN places p ON p.id = b.place_id
                            WHERE p.typology_id = t.id AND ${counted} AND r.date BETWEEN $1::date AND $2::date)`, month);
      expect(unsold).toEqual([]);
      expect(await value(db(), `
        SELECT count(*)::int AS v FROM booking_orders o JOIN bookings b ON b.id = o.booking_id
         WHERE ${counted} AND NOT o.is_for_lodging AND o.total > 0 AND o.created_at::date BETWEEN $1::date AND $2::date`, month)).toBeGreaterThan(0);
      expect(await value(db(), `
        SELECT count(DISTINCT c.nationality)::int AS v FROM bookings b JOIN clients c ON c.id = b.user_id
         WHERE ${counted} AND b.date_end > $1::date AND b.date_start <= $2::date`, month)).toBeGreaterThan(1);
      // Active balances: guests in house who owe (red) and one in credit (green).
      const balances = await values<number>(db(), `
        SELECT (coalesce((SELECT sum(total_rate) FROM booking_rates WHERE booking_id = b.id), 0)
              + coalesce((SELECT sum(total) FROM booking_orders WHERE booking_id = b.id AND NOT is_for_lodging), 0)
              - coalesce((SELECT sum(amount) FROM payments WHERE booking_id = b.id), 0))::float AS v
          FROM bookings b WHERE b.status = 'checked_in' AND NOT b.is_virtual`);
      expect(balances.some((v) => v < 0)).toBe(true);
      expect(balances.some((v) => v > 0)).toBe(true);
    },
  );

  it('never double-books a room', slow, async () => {
    const overlaps = await value(a, `
      SELECT count(*)::int AS v FROM bookings x JOIN bookings y
        ON x.place_id = y.place_id AND x.id < y.id AND x.date_start < y.date_end AND y.date_start < x.date_end
       WHERE x.status <> 'canceled' AND y.status <> 'canceled' AND NOT x.is_virtual AND NOT y.is_virtual`);
    expect(overlaps).toBe(0);
  });

  it('has one rate per night, totals equal to their sum, and only past nights closed', slow, async () => {
    expect(await value(a, `
      SELECT count(*)::int AS v FROM bookings b
       WHERE b.total <> (SELECT coalesce(sum(total_rate), 0) FROM booking_rates r WHERE r.booking_id = b.id)
          OR (b.date_end - b.date_start) <> (SELECT count(*) FROM booking_rates r
                                              WHERE r.booking_id = b.id AND r.date >= b.date_start AND r.date < b.date_end)`)).toBe(0);
    expect(await value(a, 'SELECT count(*)::int AS v FROM booking_rates WHERE closed AND date >= $1', [today])).toBe(0);
    expect(await value(a, 'SELECT count(*)::int AS v FROM booking_rates WHERE closed')).toBeGreaterThan(0);
  });

  it('invoices exactly the closed nights and keeps order totals consistent with their items', slow, async () => {
    expect(await value(a, `
      SELECT count(*)::int AS v FROM bookings b
       WHERE (SELECT coalesce(sum(r.total_rate), 0) FROM booking_rates r WHERE r.booking_id = b.id AND r.closed)
          <> (SELECT coalesce(sum(i.price_subtotal), 0) FROM booking_orders o JOIN booking_order_items i ON i.order_id = o.id
               WHERE o.booking_id = b.id AND o.is_for_lodging AND i.count_type = 'noche')`)).toBe(0);
    expect(await value(a, `
      SELECT count(*)::int AS v FROM booking_orders o
       WHERE o.total <> (SELECT sum(price_total) FROM booking_order_items i WHERE i.order_id = o.id) - o.discount
          OR o.subtotal <> (SELECT sum(price_subtotal) FROM booking_order_items i WHERE i.order_id = o.id AND NOT i.is_free)`)).toBe(0);
    expect((await values(a, 'SELECT DISTINCT type_code AS v FROM booking_order_items')).sort()).toEqual(['EXENTO', 'INC', 'IVA']);
    expect(await value(a, 'SELECT count(*)::int AS v FROM booking_order_items WHERE is_free')).toBeGreaterThan(0);
  });

  it('has paid bookings, balances due and overpayments by several methods', slow, async () => {
    const balances = await db_balances(a);
    expect(balances.paid).toBeGreaterThan(0);
    expect(balances.due).toBeGreaterThan(0);
    expect(balances.over).toBeGreaterThan(0);
    expect(await value(a, 'SELECT count(DISTINCT payment_method)::int AS v FROM payments')).toBeGreaterThanOrEqual(5);
    expect(await value(a, 'SELECT count(*)::int AS v FROM payments WHERE split_amount IS NOT NULL')).toBeGreaterThan(0);
    expect(await value(a, 'SELECT count(DISTINCT is_for_lodging)::int AS v FROM payments')).toBe(2);
    expect(await value(a, 'SELECT count(*)::int AS v FROM payments WHERE created_at > ($1::date + 1)', [today])).toBe(0);
  });
});

async function db_balances(db: Db) {
  const [row] = await db.query<{ paid: number; due: number; over: number }>(`
    WITH x AS (
      SELECT b.id,
             (SELECT coalesce(sum(total), 0) FROM booking_orders o WHERE o.booking_id = b.id) AS charged,
             (SELECT coalesce(sum(amount), 0) FROM payments p WHERE p.booking_id = b.id) AS paid
        FROM bookings b WHERE b.status IN ('checked_out', 'checked_in'))
    SELECT count(*) FILTER (WHERE charged > 0 AND paid = charged)::int AS paid,
           count(*) FILTER (WHERE paid < charged)::int AS due,
           count(*) FILTER (WHERE paid > charged)::int AS over
      FROM x`);
  return row!;
}

describe('point of sale invariants', () => {
  it('keeps order money consistent with the lines', slow, async () => {
    expect(await value(a, `
      SELECT count(*)::int AS v FROM pos_orders o
        JOIN (SELECT order_id, sum(CASE WHEN gift THEN 0 ELSE qty * unit_price END) AS gross, sum(tax) AS tax, sum(discount) AS discount
                FROM pos_order_lines GROUP BY order_id) l ON l.order_id = o.id
       WHERE o.subtotal <> l.gross - o.discount_amount OR o.tax_amount <> l.tax OR o.discount_amount <> l.discount
          OR o.total <> o.subtotal + o.tax_amount + o.tip_amount`)).toBe(0);
    expect(await value(a, 'SELECT count(*)::int AS v FROM pos_orders o WHERE NOT EXISTS (SELECT 1 FROM pos_order_lines l WHERE l.order_id = o.id)')).toBe(0);
  });

  it('has every order status, a history that starts open and ends in the status, with 2–60 minute steps', slow, async () => {
    expect((await values(a, 'SELECT DISTINCT status AS v FROM pos_orders')).sort()).toEqual(['cancelled', 'closed', 'inProgress', 'open', 'readyToDelivery']);
    expect(await value(a, `
      SELECT count(*)::int AS v FROM pos_orders o
       WHERE (SELECT status FROM pos_order_history h WHERE h.order_id = o.id ORDER BY updated_at, id LIMIT 1) <> 'open'
          OR (SELECT status FROM pos_order_history h WHERE h.order_id = o.id ORDER BY updated_at DESC, id DESC LIMIT 1) <> o.status`)).toBe(0);
    const [gaps] = await a.query<{ lo: number; hi: number }>(`
      SELECT min(gap)::float AS lo, max(gap)::float AS hi FROM (
        SELECT extract(epoch FROM updated_at - lag(updated_at) OVER (PARTITION BY order_id ORDER BY updated_at, id)) / 60 AS gap
          FROM pos_order_history) g WHERE gap IS NOT NULL`);
    expect(gaps!.lo).toBeGreaterThanOrEqual(2);
    expect(gaps!.hi).toBeLessThanOrEqual(61);
  });

  it('has tips, discounts, courtesies, room service, app orders, internal clients and every moment of the day', slow, async () => {
    const count = (where: string) => value(a, `SELECT count(*)::int AS v FROM pos_orders o WHERE ${where}`);
    expect(await count('tip_amount > 0')).toBe(await value(a, 'SELECT count(*)::int AS v FROM tips WHERE pos_order_id IS NOT NULL'));
    expect(await value(a, 'SELECT count(*)::int AS v FROM tips t JOIN pos_orders o ON o.id = t.pos_order_id WHERE t.amount <> o.tip_amount')).toBe(0);
    expect(await count('coupon IS NOT NULL AND discount_perc > 0')).toBeGreaterThan(0);
    expect(await value(a, 'SELECT count(*)::int AS v FROM pos_order_lines WHERE gift')).toBeGreaterThan(0);
    expect(await count('room_service AND booking_id IS NOT NULL')).toBeGreaterThan(0);
    expect(await count('by_client_app')).toBeGreaterThan(0);
    expect(await count('event')).toBeGreaterThan(0);
    expect(await count(`EXISTS (SELECT 1 FROM clients c WHERE c.id = o.user_id AND c.category IN ('empleado', 'socio'))`)).toBeGreaterThan(0);
    for (const [from, to] of [[6, 12], [12, 18], [18, 24]]) {
      expect(await count(`extract(hour FROM created_at) >= ${from} AND extract(hour FROM created_at) < ${to}`)).toBeGreaterThan(0);
    }
    expect(await count(`created_at::date = '${today}'`)).toBeGreaterThan(0);
    // The POS screens default to today, this month and the previous month: each has closed orders, today a courtesy.
    const month = today.slice(0, 7);
    const previous = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1)).toISOString().slice(0, 7);
    for (const period of [today, month, previous]) {
      expect(await count(`status = 'closed' AND to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') LIKE '${period}%'`), period).toBeGreaterThan(0);
    }
    expect(await value(a, `SELECT count(*)::int AS v FROM pos_order_lines l JOIN pos_orders o ON o.id = l.order_id
                             WHERE l.gift AND o.status = 'closed' AND (o.created_at AT TIME ZONE 'UTC')::date = $1`, [today])).toBeGreaterThan(0);
    expect(await value(a, `SELECT count(*)::int AS v FROM tips WHERE created_at::date = $1`, [today])).toBeGreaterThan(0);
  });
});

describe('other reports', () => {
  it('has every review type, client category and lead status', slow, async () => {
    expect((await values(a, 'SELECT DISTINCT type AS v FROM reviews')).sort()).toEqual(['community', 'employee', 'product', 'service', 'task']);
    expect((await values(a, 'SELECT DISTINCT category AS v FROM clients')).sort()).toEqual(['cliente', 'empleado', 'huesped', 'miembro', 'socio']);
    expect((await values(a, 'SELECT DISTINCT status AS v FROM leads')).sort()).toEqual(['contactado', 'convertido', 'descartado', 'nuevo']);
    for (const flag of ['deleted', 'is_company', 'is_underage', 'master_id IS NOT NULL']) {
      expect(await value(a, `SELECT count(*)::int AS v FROM clients WHERE ${flag}`), flag).toBeGreaterThan(0);
    }
    expect(await value(a, `SELECT count(*)::int AS v FROM clients WHERE extra_data ? 'purposeOfTravel' AND extra_data ? 'linkedInProfile'`)).toBeGreaterThan(0);
    expect(await value(a, `SELECT count(*)::int AS v FROM reviews WHERE jsonb_typeof("values") <> 'array' OR jsonb_array_length("values") = 0`)).toBe(0);
    // The review screens open on the current month, even on its first day: today has every type.
    expect((await values(a, `SELECT DISTINCT type AS v FROM reviews WHERE created_at::date = $1`, [today])).sort())
      .toEqual(['community', 'employee', 'product', 'service', 'task']);
  });

  it('has a TRM for every day from the first night (December 2023 at the latest) to six months after today', slow, async () => {
    expect(await value(a, `SELECT min(date_start) <= '2023-12-01' AS v FROM bookings`)).toBe(true);
    expect(await value(a, `
      SELECT count(*)::int AS v
        FROM generate_series((SELECT min(date_start) FROM bookings), ($1::date + interval '6 months')::date, interval '1 day') d
       WHERE NOT EXISTS (SELECT 1 FROM trm WHERE trm.date = d::date)`, [today])).toBe(0);
    expect(await value(a, `SELECT count(*)::int AS v FROM trm WHERE date > ($1::date + interval '6 months')`, [today])).toBe(0);
    const [range] = await a.query<{ lo: number; hi: number }>('SELECT min(value_30) AS lo, max(value_30) AS hi FROM trm');
    expect(range!.lo).toBeGreaterThanOrEqual(3800);
    expect(range!.hi).toBeLessThanOrEqual(4300);
  });

  it('has tasks whose transactions follow their status, and events, reservations and tickets', slow, async () => {
    expect((await values(a, 'SELECT DISTINCT status AS v FROM tasks')).sort()).toEqual(['cancel', 'completed', 'process']);
    expect(await value(a, `
      SELECT count(*)::int AS v FROM tasks t
       WHERE (t.status = 'completed' AND NOT EXISTS (
               SELECT 1 FROM task_transactions p JOIN task_transactions c ON c.task_id = p.task_id
                WHERE p.task_id = t.id AND p.status = 'process' AND c.status = 'completed' AND c.created_at > p.created_at))
          OR NOT EXISTS (SELECT 1 FROM task_transactions x WHERE x.task_id = t.id AND x.status = t.status)`)).toBe(0);
    expect((await values(a, 'SELECT DISTINCT recurrence AS v FROM space_reservations')).sort()).toEqual(['mensual', 'none', 'semanal']);
    // Weekly and monthly series end on a day; one of each runs across today.
    expect(await value(a, `SELECT count(*)::int AS v FROM space_reservations WHERE (recurrence IN ('semanal', 'mensual')) <> (recurrence_until IS NOT NULL)`)).toBe(0);
    expect((await values(a, `SELECT DISTINCT recurrence AS v FROM space_reservations WHERE date_start < $1::date AND recurrence_until > $1::date`, [today])).sort())
      .toEqual(['mensual', 'semanal']);
    expect(await value(a, 'SELECT count(*)::int AS v FROM event_tickets WHERE reason_cancellation IS NOT NULL')).toBeGreaterThan(0);
    expect(await value(a, `SELECT count(*)::int AS v FROM space_reservations s JOIN places p ON p.id = s.place_id WHERE NOT p.is_space`)).toBe(0);
    expect(await value(a, `SELECT count(*)::int AS v FROM app_usage WHERE date = $1::date - 1`, [today])).toBeGreaterThan(0);
    expect(await value(a, `SELECT count(*)::int AS v FROM tasks WHERE date_start::date = $1`, [today])).toBeGreaterThan(0);
  });

  it('signs in the demo accounts with their published passwords', slow, async () => {
    const [demo] = await a.query<{ password_hash: string; can_see_tips: boolean }>('SELECT password_hash, can_see_tips FROM employees WHERE email = $1', [demoEmployee.email]);
    const [restricted] = await a.query<{ password_hash: string; can_see_tips: boolean }>('SELECT password_hash, can_see_tips FROM employees WHERE email = $1', [restrictedEmployee.email]);
    expect(await argon2.verify(demo!.password_hash, demoEmployee.password)).toBe(true);
    expect(await argon2.verify(restricted!.password_hash, restrictedEmployee.password)).toBe(true);
    expect(demo!.can_see_tips).toBe(true);
    expect(restricted!.can_see_tips).toBe(false);
  });
});
