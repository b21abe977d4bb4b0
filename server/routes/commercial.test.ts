import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingDb } from '../../scripts/bench/recordingDb.ts';
import { explainExamined } from '../../tests/support/examinedRows.ts';
import { startTestServer, testNow, testSecret, type TestServer } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { bookingComercialAnswer } from '../../schema/contract/lodgingAnswers.ts';
import { expectError, getOk as getOkFrom } from '../../tests/support/apiAssertions.ts';

let server: TestServer;

interface RawBooking {
  id: number;
  ref: string;
  status: string;
  is_virtual: boolean;
  place_id: number;
}
interface RawRate {
  booking_id: number;
  date: string;
  total_rate: number;
}
interface RawRoom {
  id: number;
  name: string;
  typology: string | null;
  in_service: boolean;
}

let bookings: Map<number, RawBooking>;
let rates: RawRate[];
let rooms: RawRoom[];

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.db.query<RawBooking>('SELECT id, ref, status, is_virtual, place_id FROM bookings');
  bookings = new Map(rows.map((b) => [b.id, b]));
  rates = await server.db.query<RawRate>('SELECT booking_id, date, total_rate FROM booking_rates');
  rooms = await server.db.query<RawRoom>(
    `SELECT p.id, p.name, t.name AS typology, (NOT p.is_space AND NOT p.deleted) AS in_service
       FROM places p LEFT JOIN typologies t ON t.id = p.typology_id`,
  );
});
afterAll(() => server.close());

const getOk = (url: string) => getOkFrom(server, url);

const cents = (n: number) => Math.round(n * 100);
const sold = (b: RawBooking | undefined) =>
  !!b && ['confirmed', 'checked_in', 'checked_out'].includes(b.status) && !b.is_virtual;

/** The sold nights of a period, recomputed from the raw rows. */
const soldNights = (from: string, to: string) =>
  rates.filter((r) => r.date >= from && r.date <= to && sold(bookings.get(r.booking_id)));

function sumCents<T>(list: T[], amount: (t: T) => number) {
  return list.reduce((s, t) => s + cents(amount(t)), 0);
}

interface Group {
  _id: number;
  name: string;
  totalByTypology: number;
  rooms: Array<{
    _id: number;
    name: string;
    totalSales: number;
    bookings: Array<{ _id: number; ref: string; place?: unknown; nightsInPeriod: number; totalInPeriod: number }>;
  }>;
}

describe('GET /api/v1/report/booking/comercial', () => {
  const periods = [
    ['2026-03-01', '2026-03-31'],
    ['2025-12-20', '2026-01-10'],
    ['2026-04-01', '2026-06-30'],
  ] as const;

  it('defaults to the current month', async () => {
    const body = await getOk('/api/v1/report/booking/comercial');
    expect(body.dateStart).toBe('2026-03-01');
    expect(body.dateEnd).toBe('2026-03-31');
    const explicit = await getOk('/api/v1/report/booking/comercial?dateStart=2026-03-01&dateEnd=2026-03-31');
    expect(body).toEqual(explicit);
  });

  it.each(periods)('from %s to %s sums sold nights per room, per typology and overall', async (from, to) => {
    const body: { data: Group[]; total: number } = await getOk(
      `/api/v1/report/booking/comercial?dateStart=${from}&dateEnd=${to}`,
    );
    const nights = soldNights(from, to);
    expect(nights.length, 'test data has sold nights in the period').toBeGreaterThan(0);
    expect(cents(body.total)).toBe(sumCents(nights, (n) => n.total_rate));

    // Every room in service is listed once, in its typology, with its own sales.
    const listed = body.data.flatMap((g) => g.rooms.map((r) => ({ ...r, typology: g.name })));
    const expectedRooms = rooms.filter(
      (room) => room.in_service || nights.some((n) => bookings.get(n.booking_id)!.place_id === room.id),
    );
    expect(listed.map((r) => r._id).sort((a, b) => a - b)).toEqual(expectedRooms.map((r) => r.id).sort((a, b) => a - b));
    for (const room of listed) {
      const raw = rooms.find((r) => r.id === room._id)!;
      expect(room.typology).toBe(raw.typology);
      const roomNights = nights.filter((n) => bookings.get(n.booking_id)!.place_id === room._id);
      expect(cents(room.totalSales), room.name).toBe(sumCents(roomNights, (n) => n.total_rate));
      // The bookings listed are exactly the sold ones with a night in the period, with their share of it.
      const ids = [...new Set(roomNights.map((n) => n.booking_id))].sort((a, b) => a - b);
      expect(room.bookings.map((b) => b._id).sort((a, b) => a - b)).toEqual(ids);
      for (const b of room.bookings) {
        const own = roomNights.filter((n) => n.booking_id === b._id);
        // Listed under its own room, which it does not repeat.
        expect(bookings.get(b._id)!.place_id).toBe(room._id);
        expect(b).not.toHaveProperty('place');
        expect(b.nightsInPeriod).toBe(own.length);
        expect(cents(b.totalInPeriod)).toBe(sumCents(own, (n) => n.total_rate));
      }
    }
    for (const group of body.data) {
      expect(cents(group.totalByTypology)).toBe(sumCents(group.rooms, (r) => r.totalSales));
    }
    expect(body.data.map((g) => g.name)).toEqual([...new Set(rooms.filter((r) => r.in_service).map((r) => r.typology!))].sort());
    expect(cents(body.total)).toBe(sumCents(body.data, (g) => g.totalByTypology));
  });

  it.each(periods)('from %s to %s answers rooms with totals alone (bookings=none) and a room\'s bookings on place=<id>', async (from, to) => {
    const period = `dateStart=${from}&dateEnd=${to}`;
    const full: { data: Group[]; total: number } = await getOk(`/api/v1/report/booking/comercial?${period}`);
    const lean = await getOk(`/api/v1/report/booking/comercial?${period}&bookings=none`);
    // The same typologies, rooms and totals, in the same order, without a single booking.
    expect(lean).toEqual({
      ...full,
      data: full.data.map((g) => ({ ...g, rooms: g.rooms.map(({ bookings: _omitted, ...room }) => room) })),
    });
    expect(JSON.stringify(lean)).not.toContain('"bookings"');
    expect(bookingComercialAnswer.safeParse(lean).success, 'bookings=none as schema/contract writes it').toBe(true);
    const sold = full.data.flatMap((g) => g.rooms).filter((r) => r.bookings.length > 0);
    expect(sold.length, 'test data has sold rooms in the period').toBeGreaterThan(0);
    for (const room of sold) {
      const one = await getOk(`/api/v1/report/booking/comercial?${period}&place=${room._id}`);
      // Exactly the rows the room expands to in the full answer, in its order, and the room's sales as the total.
      expect(one).toEqual({ data: room.bookings, total: room.totalSales, dateStart: from, dateEnd: to });
      expect(bookingComercialAnswer.safeParse(one).success, 'place=<id> as schema/contract writes it').toBe(true);
    }
    const unsold = full.data.flatMap((g) => g.rooms).find((r) => r.bookings.length === 0);
    if (unsold) {
      expect(await getOk(`/api/v1/report/booking/comercial?${period}&place=${unsold._id}`)).toEqual({ data: [], total: 0, dateStart: from, dateEnd: to });
    }
  });

  it('reads a room\'s bookings on place=<id> from the period\'s nights, never from the room\'s history', async () => {
    // The same app on the same database, recording its statements (no cache, no shared reads) to explain them.
    const recorder = recordingDb(server.db);
    const app = await buildApp({ db: recorder.db, jwtSecret: testSecret, now: () => testNow, lookupCacheSeconds: 0, versionedCacheMb: 0, coalesceReads: false });
    await app.ready();
    /** Rows the call's statements examine in bookings and booking_rates under EXPLAIN ANALYZE (examinedRows.ts). */
    const examined = async (url: string) => {
      const { result, statements } = await recorder.record(() => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${server.token}` } }));
      expect(result.statusCode, url).toBe(200);
      const tables = new Map<string, number>();
      const scans: string[] = [];
      for (const s of statements.filter((s) => /^\s*(SELECT|WITH)\b/i.test(s.sql))) await explainExamined(server.db, s.sql, s.params, tables, scans);
      return { body: result.json(), read: (tables.get('bookings') ?? 0) + (tables.get('booking_rates') ?? 0), scans };
    };
    try {
      const [from, to] = periods[0];
      const period = `dateStart=${from}&dateEnd=${to}`;
      const full = await examined(`/api/v1/report/booking/comercial?${period}`);
      // The period's nights (every status: their bookings are named before any is read), one read by key of each
      // booking they name plus one per booking for EXPLAIN's rounding of a loop's rows to a whole number, then the
      // room's own bookings by key and their nights of the period again to be summed (with the same rounding); none of
      // the room's bookings outside the period (server/sql/periodCost.test.ts asks a month on 2 and 4 years of history).
      const periodNights = rates.filter((r) => r.date >= from && r.date <= to);
      const periodBound = periodNights.length + 2 * new Set(periodNights.map((r) => r.booking_id)).size;
      const soldRooms = (full.body as { data: Group[] }).data.flatMap((g) => g.rooms).filter((r) => r.bookings.length > 0);
      expect(soldRooms.length).toBeGreaterThan(1);
      for (const room of soldRooms) {
        const one = await examined(`/api/v1/report/booking/comercial?${period}&place=${room._id}`);
        expect(one.body.data).toEqual(room.bookings);
        const roomNights = periodNights.filter((r) => bookings.get(r.booking_id)!.place_id === room._id);
        const bound = periodBound + roomNights.length + 2 * room.bookings.length;
        expect(one.read, `place=${room._id}:\n${one.scans.join('\n')}`).toBeLessThanOrEqual(bound);
      }
    } finally {
      await app.close();
    }
  });

  it('lists a room\'s booking on place=<id> by its nights in the period, whatever its stay dates say', async () => {
    // Nothing in the schema ties a booking's date_start/date_end to its rates: a booking whose stay dates lie years
    // away but whose nights fall in the period is listed, in the room's answer as in the full one.
    const [from, to] = ['2026-03-02', '2026-03-30'];
    const night = soldNights(from, to)[0]!;
    const moved = bookings.get(night.booking_id)!;
    const [stay] = await server.db.query<{ date_start: string; date_end: string }>(
      'SELECT date_start::text, date_end::text FROM bookings WHERE id = $1', [moved.id]);
    await server.db.query(`UPDATE bookings SET date_start = '2030-01-01', date_end = '2030-01-03' WHERE id = $1`, [moved.id]);
    try {
      const period = `dateStart=${from}&dateEnd=${to}`;
      const full: { data: Group[] } = await getOk(`/api/v1/report/booking/comercial?${period}`);
      const room = full.data.flatMap((g) => g.rooms).find((r) => r._id === moved.place_id)!;
      expect(room.bookings.map((b) => b._id)).toContain(moved.id);
      const one = await getOk(`/api/v1/report/booking/comercial?${period}&place=${moved.place_id}`);
      expect(one).toEqual({ data: room.bookings, total: room.totalSales, dateStart: from, dateEnd: to });
    } finally {
      await server.db.query('UPDATE bookings SET date_start = $2, date_end = $3 WHERE id = $1', [moved.id, stay!.date_start, stay!.date_end]);
    }
  });

  it('refuses a bad room or bookings value with a 400 in Spanish', async () => {
    for (const query of ['place=abc', 'place=0', 'place=-3', 'bookings=some']) {
      expectError(await server.get(`/api/v1/report/booking/comercial?${query}`), 400);
    }
  });

  it('answers zeros and every room for a period without sales', async () => {
    const body: { data: Group[]; total: number } = await getOk(
      '/api/v1/report/booking/comercial?dateStart=2010-01-01&dateEnd=2010-01-31',
    );
    expect(body.total).toBe(0);
    const listed = body.data.flatMap((g) => g.rooms);
    expect(listed).toHaveLength(rooms.filter((r) => r.in_service).length);
    expect(listed.every((r) => r.totalSales === 0 && r.bookings.length === 0)).toBe(true);
  });
});

describe('GET /api/v1/report/booking/forecast', () => {
  const days = (from: string, to: string) => {
    const out: string[] = [];
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
      out.push(new Date(t).toISOString().slice(0, 10));
    }
    return out;
  };

  it.each([
    ['2026-03-01', '2026-03-31'],
    ['2026-03-16', '2026-05-15'],
    ['2026-02-28', '2026-02-28'],
  ])('from %s to %s gives each night its income on the books, the total and the daily average', async (from, to) => {
    const body = await getOk(`/api/v1/report/booking/forecast?dateStart=${from}&dateEnd=${to}`);
    expect(Object.keys(body)).toEqual(['forecast', 'total', 'average']);
    const period = days(from, to);
    expect(body.forecast.map((d: { date: string }) => d.date)).toEqual(period);
    const nights = soldNights(from, to);
    for (const day of body.forecast as Array<{ date: string; count: number; total: number }>) {
      const own = nights.filter((n) => n.date === day.date);
      expect(day.count, day.date).toBe(own.length);
      expect(cents(day.total), day.date).toBe(sumCents(own, (n) => n.total_rate));
    }
    const total = sumCents(nights, (n) => n.total_rate);
    expect(total).toBeGreaterThan(0);
    expect(cents(body.total)).toBe(total);
    expect(cents(body.average)).toBe(Math.round(total / period.length));
  });

  it('defaults to the current month', async () => {
    const body = await getOk('/api/v1/report/booking/forecast');
    expect(body.forecast).toHaveLength(31);
    expect(body.forecast[0].date).toBe('2026-03-01');
    expect(body).toEqual(await getOk('/api/v1/report/booking/forecast?dateStart=2026-03-01&dateEnd=2026-03-31'));
  });
});

describe('one month, one lodging income', () => {
  it.each(['2025-11', '2026-02', '2026-03'])(
    'answers the same lodging income for %s in ocupacion, comercial, forecast and recaudo',
    async (month) => {
      const [year, m] = month.split('-').map(Number) as [number, number];
      const last = new Date(Date.UTC(year, m, 0)).toISOString().slice(0, 10);
      const first = `${month}-01`;
      const ocupacion = (await getOk(`/api/v1/report/booking/ocupacion?year=${year}`)).data[m - 1].total;
      const comercial = (await getOk(`/api/v1/report/booking/comercial?dateStart=${first}&dateEnd=${last}`)).total;
      const forecast = (await getOk(`/api/v1/report/booking/forecast?dateStart=${first}&dateEnd=${last}`)).total;
      const recaudo = (
        await getOk(
          `/api/v1/report/booking/recaudoStatistics?stayFrom=${first}&stayTo=${last}` +
            '&status=confirmed,checked_in,checked_out&isVirtual=false',
        )
      ).data.totalRates;
      const expected = sumCents(soldNights(first, last), (n) => n.total_rate);
      expect(expected).toBeGreaterThan(0);
      expect([ocupacion, comercial, forecast, recaudo].map(cents)).toEqual([expected, expected, expected, expected]);
    },
  );
});

describe('comercial and forecast: bad input and sign-in', () => {
  const routes = ['comercial', 'forecast'];
  const bad = [
    ['a day that does not exist', 'dateStart=2026-02-30'],
    ['a malformed day', 'dateStart=01/03/2026'],
    ['a reversed period', 'dateStart=2026-03-31&dateEnd=2026-03-01'],
    ['a period over three years', 'dateStart=2020-01-01&dateEnd=2026-01-01'],
    ['two start days', 'dateStart=2026-03-01&dateStart=2026-03-02'],
    ['an unknown parameter', 'dateStart=2026-03-01&colour=red'],
    ['SQL in a day', `dateStart=${encodeURIComponent("2026-03-01'; DROP TABLE bookings; --")}`],
  ];
  it.each(routes.flatMap((route) => bad.map(([label, query]) => [route, label, query] as const)))(
    '%s answers 400 in Spanish to %s',
    async (route, _label, query) => {
      const res = await server.get(`/api/v1/report/booking/${route}?${query}`);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['message']);
      expect(body.message).toMatch(/Parámetro/);
      expect(body.message).not.toMatch(/select .*from|sqlstate|stack|\.ts:/i);
    },
  );

  it.each(routes)('%s answers 401 without a token', async (route) => {
    const res = await server.get(`/api/v1/report/booking/${route}`, null);
    expect(res.statusCode).toBe(401);
  });
});
