import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../http/auth.ts';
import { startTestServer, testToday, type TestServer } from '../../tests/support/testServer.ts';
import { getOk as getOkFrom, utcDay } from '../../tests/support/apiAssertions.ts';
import { clientName } from '../../core/format.ts';
import { accentedWord, holdsKeyword, spellings } from '../../tests/support/keyword.ts';
import { outOfSpanishOrder } from '../../tests/support/spanishOrder.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface BookingRow {
  _id: number;
  ref: string;
  status: string;
  dateStart: string;
  dateEnd: string;
  createdAt: string;
  wayContactName: string;
  total: number;
  isVirtual: boolean;
  place: { _id: number; name: string; typology: { _id: number; name: string } | null };
  user: { _id: number; name: string; lastName: string; email: string | null };
  rates?: Array<{ date: string; totalRate: number; closed: boolean }>;
  orders?: Array<{ _id: number }>;
  pays?: Array<{ _id: number; booking: { ref: string } }>;
}

const getOk = (url: string) => getOkFrom(server, url);

/** Every booking the report answers for `query`, in the order it answers them. */
async function reportRows(query: string): Promise<BookingRow[]> {
  const body = await getOk(`/api/v1/report/booking?itemsPerPage=-1${query ? `&${query}` : ''}`);
  expect(body.total).toBe(body.data.length);
  return body.data;
}

const sorted = (refs: string[]) => [...refs].sort();
const refsOf = (rows: Array<{ ref: string }>) => rows.map((r) => r.ref);

async function rawRefs(where: string, params: unknown[] = []): Promise<string[]> {
  const rows = await server.db.query<{ ref: string }>(`SELECT b.ref FROM bookings b WHERE ${where}`, params);
  return sorted(refsOf(rows));
}

/** Asserts the report keeps exactly the bookings the raw selection names, and that there are some. */
async function expectSameBookings(query: string, where: string, params: unknown[] = []) {
  const expected = await rawRefs(where, params);
  expect(expected.length, `test data has bookings for ${query}`).toBeGreaterThan(0);
  expect(sorted(refsOf(await reportRows(query)))).toEqual(expected);
  return expected;
}

const round2 = (n: number, d: number) => Math.floor((n * 20_000 + d) / (2 * d)) / 100;

describe('GET /api/v1/report/dashboard', () => {
  let dashboard: {
    incomings: BookingRow[];
    inHouse: BookingRow[];
    leaves: BookingRow[];
    createdToday: BookingRow[];
    occupiedPercentage: number;
    occupiedRooms: number;
    freeRooms: number;
    date: string;
  };
  let bookings: Array<{
    ref: string;
    status: string;
    date_start: string;
    date_end: string;
    created_at: Date;
    place_id: number;
    is_virtual: boolean;
  }>;

  beforeAll(async () => {
    dashboard = (await getOk('/api/v1/report/dashboard')).data;
    bookings = await server.db.query(
      'SELECT ref, status, date_start, date_end, created_at, place_id, is_virtual FROM bookings',
    );
  });

  it("is about the clock's today", () => {
    expect(dashboard.date).toBe(testToday);
  });

  it('lists arrivals, departures, stays in house and bookings created today as the raw bookings say', () => {
    const live = (b: { status: string }) => b.status !== 'canceled' && b.status !== 'no_show';
    const expected = {
      incomings: bookings.filter((b) => b.date_start === testToday && live(b)),
      leaves: bookings.filter((b) => b.date_end === testToday && live(b)),
      inHouse: bookings.filter((b) => b.status === 'checked_in' && b.date_start <= testToday && testToday <= b.date_end),
      createdToday: bookings.filter((b) => utcDay(b.created_at) === testToday),
    };
    for (const [list, rows] of Object.entries(expected)) {
      expect(rows.length, `test data has ${list} for today`).toBeGreaterThan(0);
      expect(sorted(refsOf(dashboard[list as keyof typeof expected])), list).toEqual(sorted(refsOf(rows)));
    }
  });

  it('gives each list row the columns of the tabs', () => {
    for (const row of [...dashboard.incomings, ...dashboard.inHouse, ...dashboard.leaves, ...dashboard.createdToday]) {
      expect(row).toMatchObject({
        ref: expect.any(String),
        wayContactName: expect.any(String),
        dateStart: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        dateEnd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        status: expect.any(String),
        user: { name: expect.any(String) },
        place: { name: expect.any(String), typology: { name: expect.any(String) } },
      });
    }
  });

  it('counts occupied and free rooms for tonight and their percentage', async () => {
    const rooms = await server.db.query<{ id: number }>('SELECT id FROM places WHERE is_space = false AND deleted = false');
    const roomIds = new Set(rooms.map((r) => r.id));
    const occupied = new Set(
      bookings
        .filter((b) => ['confirmed', 'checked_in', 'checked_out'].includes(b.status) && !b.is_virtual)
        .filter((b) => b.date_start <= testToday && testToday < b.date_end && roomIds.has(b.place_id))
        .map((b) => b.place_id),
    );
    expect(occupied.size, 'test data has rooms occupied tonight').toBeGreaterThan(0);
    expect(dashboard.occupiedRooms).toBe(occupied.size);
    expect(dashboard.freeRooms).toBe(roomIds.size - occupied.size);
    expect(dashboard.occupiedPercentage).toBe(round2(occupied.size, roomIds.size));
    expect(dashboard.occupiedPercentage).toBeCloseTo((occupied.size / roomIds.size) * 100, 2);
  });

  it('takes no parameters', async () => {
    expect((await server.get('/api/v1/report/dashboard?date=2024-01-01')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/report/booking/ocupacion', () => {
  const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

  it.each([2024, 2025, 2026])('answers 12 months of %i recomputed night by night', async (year) => {
    const [{ n: rooms } = { n: 0 }] = await server.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM places WHERE NOT is_space AND NOT deleted',
    );
    const nights = await server.db.query<{ date: string; total_rate: number }>(
      `SELECT r.date, r.total_rate FROM bookings b JOIN booking_rates r ON r.booking_id = b.id
        WHERE b.status IN ('confirmed', 'checked_in', 'checked_out') AND b.is_virtual = false
          AND to_char(r.date, 'YYYY') = $1`,
      [String(year)],
    );
    const count = Array<number>(12).fill(0);
    const cents = Array<number>(12).fill(0);
    for (const night of nights) {
      const month = Number(night.date.slice(5, 7)) - 1;
      count[month]! += 1;
      cents[month]! += Math.round(night.total_rate * 100);
    }
    const { data } = await getOk(`/api/v1/report/booking/ocupacion?year=${year}`);
    expect(data).toHaveLength(12);
    expect(nights.length, `test data has nights sold in ${year}`).toBeGreaterThan(0);
    data.forEach((row: { month: number; percentage: number; count: number; total: number }, i: number) => {
      expect(Object.keys(row)).toEqual(['month', 'percentage', 'count', 'total']);
      expect(row.month).toBe(i + 1);
      expect(row.count).toBe(count[i]);
      expect(Math.round(row.total * 100)).toBe(cents[i]);
      expect(row.percentage).toBe(round2(count[i]!, rooms * daysIn(year, i + 1)));
    });
  });

  it('answers zeros for a year without bookings', async () => {
    const { data } = await getOk('/api/v1/report/booking/ocupacion?year=2000');
    expect(data).toEqual(Array.from({ length: 12 }, (_, i) => ({ month: i + 1, percentage: 0, count: 0, total: 0 })));
  });

  const badYears = ['year=abc', 'year=1999', 'year=2101', 'year=2024.5', '', 'year=2024&month=1'];
  it.each(badYears)('rejects %s in Spanish', async (query) => {
    const res = await server.get(`/api/v1/report/booking/ocupacion?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Parámetro/);
  });
});

describe('GET /api/v1/report/booking: filters', () => {
  it('answers every booking with its total when nothing filters', async () => {
    const [{ n } = { n: 0 }] = await server.db.query<{ n: number }>('SELECT count(*) AS n FROM bookings');
    const body = await getOk('/api/v1/report/booking');
    expect(body.total).toBe(n);
    expect(body.data).toHaveLength(Math.min(50, n));
  });

  it.each([
    ['true', 'b.is_virtual'],
    ['false', 'NOT b.is_virtual'],
  ])('isVirtual=%s keeps exactly those bookings', async (value, where) => {
    await expectSameBookings(`isVirtual=${value}`, where);
  });

  it('user keeps the bookings of the listed clients, in every list syntax', async () => {
    const users = await server.db.query<{ user_id: number }>(
      'SELECT user_id FROM bookings GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 2',
    );
    const [a, b] = users.map((u) => u.user_id);
    const expected = await expectSameBookings(`user=${a}&user=${b}`, 'b.user_id IN ($1, $2)', [a, b]);
    expect(sorted(refsOf(await reportRows(`user[]=${a}&user[]=${b}`)))).toEqual(expected);
    expect(sorted(refsOf(await reportRows(`user=${a},${b}`)))).toEqual(expected);
  });

  it('status keeps the listed statuses, in every list syntax', async () => {
    const where = "b.status IN ('confirmed', 'checked_out')";
    const expected = await expectSameBookings('status=confirmed&status=checked_out', where);
    expect(sorted(refsOf(await reportRows('status[]=confirmed&status[]=checked_out')))).toEqual(expected);
    expect(sorted(refsOf(await reportRows('status=confirmed,checked_out')))).toEqual(expected);
  });

  it('reads the status no_confirmed as not_confirmed', async () => {
    const expected = await expectSameBookings('status=not_confirmed', "b.status = 'not_confirmed'");
    expect(sorted(refsOf(await reportRows('status=no_confirmed')))).toEqual(expected);
  });

  it.each(['in_progress', 'canceled', 'checked_in', 'no_show'])('status=%s keeps exactly that status', async (status) => {
    await expectSameBookings(`status=${status}`, 'b.status = $1', [status]);
  });

  it('typology keeps the bookings of rooms of the listed typologies', async () => {
    const [t] = await server.db.query<{ id: number }>('SELECT min(id) AS id FROM typologies');
    const rows = await reportRows(`typology=${t!.id}`);
    expect(rows.every((r) => r.place.typology?._id === t!.id)).toBe(true);
    await expectSameBookings(`typology=${t!.id}`, 'b.place_id IN (SELECT id FROM places WHERE typology_id = $1)', [t!.id]);
  });

  it('place keeps the bookings of the listed rooms', async () => {
    const places = await server.db.query<{ place_id: number }>(
      'SELECT DISTINCT place_id FROM bookings ORDER BY place_id LIMIT 2',
    );
    const ids = places.map((p) => p.place_id);
    await expectSameBookings(`place=${ids.join(',')}`, 'b.place_id = ANY($1::int[])', [ids]);
  });

  for (const [param, column] of [
    ['dateStart', 'date_start'],
    ['dateEnd', 'date_end'],
  ] as const) {
    it(`${param} is a single day or an inclusive range`, async () => {
      const [busy] = await server.db.query<{ day: string }>(
        `SELECT ${column} AS day FROM bookings GROUP BY ${column} ORDER BY count(*) DESC, ${column} LIMIT 1`,
      );
      const day = busy!.day;
      const single = await expectSameBookings(`${param}=${day}`, `b.${column} = $1`, [day]);
      expect(single.length).toBeGreaterThan(0);
      // Up to the next day that has bookings too, so that the range holds more than the day.
      const [next] = await server.db.query<{ day: string }>(`SELECT min(${column}) AS day FROM bookings WHERE ${column} > $1`, [day]);
      const to = next!.day;
      const range = await expectSameBookings(`${param}=${day}&${param}=${to}`, `b.${column} >= $1 AND b.${column} <= $2`, [
        day,
        to,
      ]);
      expect(range.length).toBeGreaterThan(single.length);
      expect(sorted(refsOf(await reportRows(`${param}[]=${day}&${param}[]=${to}`)))).toEqual(range);
    });
  }

  it('createdAt is a UTC calendar day or a range of them', async () => {
    const all = await server.db.query<{ ref: string; created_at: Date }>('SELECT ref, created_at FROM bookings');
    const day = testToday;
    const from = '2026-03-01';
    const single = sorted(refsOf(all.filter((b) => utcDay(b.created_at) === day)));
    const range = sorted(refsOf(all.filter((b) => utcDay(b.created_at) >= from && utcDay(b.created_at) <= day)));
    expect(single.length).toBeGreaterThan(0);
    expect(sorted(refsOf(await reportRows(`createdAt=${day}`)))).toEqual(single);
    expect(sorted(refsOf(await reportRows(`createdAt=${from},${day}`)))).toEqual(range);
  });

  it('stayFrom and stayTo keep the stays with a night in the period (the follow-up screen)', async () => {
    // Its own formulation: a booking has a nightly rate dated inside December 2023.
    await expectSameBookings(
      'stayFrom=2023-12-01&stayTo=2023-12-31',
      "EXISTS (SELECT 1 FROM booking_rates r WHERE r.booking_id = b.id AND r.date BETWEEN '2023-12-01' AND '2023-12-31')",
    );
  });

  it('combines filters with AND', async () => {
    await expectSameBookings(
      'isVirtual=false&status=checked_out,confirmed&dateStart=2025-01-01&dateStart=2025-12-31',
      "NOT b.is_virtual AND b.status IN ('checked_out', 'confirmed') AND b.date_start BETWEEN '2025-01-01' AND '2025-12-31'",
    );
  });
});

describe('GET /api/v1/report/booking: search', () => {
  let haystack: Array<{ ref: string; fields: string[] }>;
  beforeAll(async () => {
    const rows = await server.db.query<{ ref: string; fields: string[] }>(
      `SELECT b.ref, ARRAY[b.ref, b.way_contact_name, c.name || ' ' || c.last_name, coalesce(c.email, ''), p.name] AS fields
         FROM bookings b JOIN clients c ON c.id = b.user_id JOIN places p ON p.id = b.place_id`,
    );
    haystack = rows.map((r) => ({ ref: r.ref, fields: r.fields }));
  });
  const expectedFor = (keyword: string) =>
    sorted(haystack.filter((h) => holdsKeyword(h.fields, keyword)).map((h) => h.ref));

  it('finds by reference, contact, client name, last name, e-mail and room name', async () => {
    type Sample = { ref: string; contact: string; name: string; last_name: string; email: string; room: string };
    const [sample] = await server.db.query<Sample>(
      `SELECT b.ref, b.way_contact_name AS contact, c.name, c.last_name, c.email, p.name AS room
         FROM bookings b JOIN clients c ON c.id = b.user_id JOIN places p ON p.id = b.place_id
        WHERE c.email IS NOT NULL ORDER BY b.id LIMIT 1`,
    );
    const s = sample!;
    const keywords = [s.ref, s.contact, s.name, s.last_name.toUpperCase(), `${s.name} ${s.last_name}`, s.email, s.room];
    for (const keyword of keywords) {
      const refs = sorted(refsOf(await reportRows(`search=${encodeURIComponent(keyword)}`)));
      expect(refs, keyword).toEqual(expectedFor(keyword));
      expect(refs).toContain(s.ref);
    }
  });

  it('ignores case and accents: garcia, GARCÍA and García find the same bookings', async () => {
    const word = accentedWord(haystack.flatMap((h) => h.fields.slice(2, 3)));
    expect(word, 'test data has an accented client name').toBeDefined();
    for (const keyword of ['García', word!]) {
      const expected = expectedFor(keyword);
      expect(expected.length, keyword).toBeGreaterThan(0);
      for (const spelt of spellings(keyword)) {
        expect(sorted(refsOf(await reportRows(`search=${encodeURIComponent(spelt)}`))), spelt).toEqual(expected);
      }
    }
  });

  it.each(["O'", "'; DROP TABLE bookings; --", '%', '_', '100%', 'a_b', '\\', ';', '.*', '[', '(a|b)', 'MR0+'])(
    'reads %s as plain text',
    async (keyword) => {
      const refs = sorted(refsOf(await reportRows(`search=${encodeURIComponent(keyword)}`)));
      expect(refs).toEqual(expectedFor(keyword.trim()));
    },
  );

  it('leaves the data alone after a hostile search', async () => {
    const [{ n } = { n: 0 }] = await server.db.query<{ n: number }>('SELECT count(*) AS n FROM bookings');
    expect(n).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/report/booking: paging and sorting', () => {
  it('pages are disjoint and together give every booking once', async () => {
    const all = sorted(refsOf(await reportRows('')));
    const size = Math.max(7, Math.ceil(all.length / 9));
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / size); page++) {
      const body = await getOk(`/api/v1/report/booking?itemsPerPage=${size}&page=${page}`);
      expect(body.total).toBe(all.length);
      expect(body.data.length).toBe(Math.min(size, all.length - (page - 1) * size));
      seen.push(...refsOf(body.data));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(sorted(seen)).toEqual(all);
    const beyond = await getOk(`/api/v1/report/booking?itemsPerPage=${size}&page=${Math.ceil(all.length / size) + 1}`);
    expect(beyond).toEqual({ data: [], total: all.length });
  });

  it('pages a filtered selection with the filtered total', async () => {
    const expected = await rawRefs("b.status = 'checked_out'");
    const body = await getOk('/api/v1/report/booking?status=checked_out&itemsPerPage=5&page=2');
    expect(body.total).toBe(expected.length);
    expect(body.data).toHaveLength(Math.min(5, Math.max(0, expected.length - 5)));
  });

  it('sorts by check-in, newest first, unless told', async () => {
    const rows = await reportRows('');
    const raw = await server.db.query<{ ref: string }>('SELECT ref FROM bookings ORDER BY date_start DESC, id');
    expect(refsOf(rows)).toEqual(refsOf(raw));
  });

  const sortColumns: Record<string, string> = {
    ref: 'b.ref',
    status: 'b.status',
    dateEnd: 'b.date_end',
    createdAt: 'b.created_at',
    total: 'b.total',
    wayContactName: 'b.way_contact_name',
    'place.name': 'p.name',
    'typology.name': 't.name',
  };
  it.each(Object.keys(sortColumns).flatMap((field) => [[field, false] as const, [field, true] as const]))(
    'sorts by %s (descending: %s) with a stable tie-break',
    async (field, desc) => {
      const rows = await reportRows(`sortBy=${field}&sortDesc=${desc}&status=checked_out,checked_in`);
      const raw = await server.db.query<{ ref: string }>(
        `SELECT b.ref FROM bookings b JOIN clients c ON c.id = b.user_id JOIN places p ON p.id = b.place_id
           LEFT JOIN typologies t ON t.id = p.typology_id
          WHERE b.status IN ('checked_out', 'checked_in')
          ORDER BY ${sortColumns[field]} ${desc ? 'DESC' : 'ASC'}, b.id`,
      );
      expect(raw.length).toBeGreaterThan(1);
      expect(refsOf(rows)).toEqual(refsOf(raw));
    },
  );

  it.each([false, true])('sorts Cliente by the name the screen shows (descending: %s)', async (desc) => {
    const rows = await reportRows(`sortBy=user.name&sortDesc=${desc}`);
    const shown = rows.map((row) => clientName(row.user));
    // In Spanish order (accents and case folded, ñ after n), as the browser's tables sort.
    expect(new Set(shown).size).toBeGreaterThan(1);
    expect(outOfSpanishOrder(shown, desc)).toEqual([]);
  });

  it('sorts by several fields, each in its own direction', async () => {
    const rows = await reportRows('sortBy=status&sortBy=dateStart&sortDesc=false&sortDesc=true');
    const raw = await server.db.query<{ ref: string }>('SELECT ref FROM bookings ORDER BY status, date_start DESC, id');
    expect(refsOf(rows)).toEqual(refsOf(raw));
  });
});

describe('GET /api/v1/report/booking: select and populate', () => {
  it('answers rates, orders and pays only when asked', async () => {
    const [row] = (await getOk('/api/v1/report/booking?itemsPerPage=1')).data;
    expect(row).not.toHaveProperty('rates');
    expect(row).not.toHaveProperty('orders');
    expect(row).not.toHaveProperty('pays');
    expect(row).toMatchObject({ place: { typology: { name: expect.any(String) } }, user: { name: expect.any(String) } });
    const [withOrders] = (await getOk('/api/v1/report/booking?itemsPerPage=1&populate=orders')).data;
    expect(withOrders).toHaveProperty('orders');
    expect(withOrders).not.toHaveProperty('pays');
    expect(withOrders).not.toHaveProperty('rates');
  });

  it.each([
    'populate=orders,pays',
    'populate=orders&populate=pays',
    'populate[]=orders&populate[]=pays',
    'populate=orders%20pays',
    'populate=orders+pays',
  ])(
    'reads %s as both orders and pays',
    async (populate) => {
      const [row] = (await getOk(`/api/v1/report/booking?itemsPerPage=1&select=rates&${populate}`)).data;
      expect(row).toHaveProperty('orders');
      expect(row).toHaveProperty('pays');
      expect(row).toHaveProperty('rates');
    },
  );

  it("matches every booking's rates, orders and pays with the raw rows", async () => {
    const rows = await reportRows('select=rates&populate=orders,pays');
    const rates = await server.db.query<{ booking_id: number; date: string; total_rate: number }>(
      'SELECT booking_id, date, total_rate FROM booking_rates ORDER BY booking_id, date',
    );
    const orders = await server.db.query<{ booking_id: number; id: number }>('SELECT booking_id, id FROM booking_orders');
    const pays = await server.db.query<{ booking_id: number; id: number }>('SELECT booking_id, id FROM payments');
    const group = <T extends { booking_id: number }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const item of list) map.set(item.booking_id, [...(map.get(item.booking_id) ?? []), item]);
      return map;
    };
    const ratesBy = group(rates);
    const ordersBy = group(orders);
    const paysBy = group(pays);
    expect(rows.some((r) => r.orders!.length > 0)).toBe(true);
    expect(rows.some((r) => r.pays!.length > 0)).toBe(true);
    let nightsChecked = 0;
    for (const row of rows) {
      const raw = ratesBy.get(row._id) ?? [];
      expect(row.rates!.map((r) => [r.date, r.totalRate])).toEqual(raw.map((r) => [r.date, r.total_rate]));
      if (raw.length) {
        const nights = (Date.parse(row.dateEnd) - Date.parse(row.dateStart)) / 86_400_000;
        expect(row.rates!.length, row.ref).toBe(nights);
        nightsChecked++;
      }
      const idsOf = (list: Array<{ _id?: number; id?: number }>) => sorted(list.map((x) => String(x._id ?? x.id)));
      expect(idsOf(row.orders!)).toEqual(idsOf(ordersBy.get(row._id) ?? []));
      expect(idsOf(row.pays!)).toEqual(idsOf(paysBy.get(row._id) ?? []));
      expect(row.pays!.every((p) => p.booking.ref === row.ref)).toBe(true);
    }
    expect(nightsChecked).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/report/booking: bad input and sign-in', () => {
  const tenThousandIds = Array.from({ length: 10_000 }, (_, i) => i + 1).join(',');
  it.each([
    ['a day that does not exist', 'dateStart=2024-02-30'],
    ['a reversed range', 'dateEnd=2024-03-02&dateEnd=2024-03-01'],
    ['three dates', 'createdAt=2024-01-01,2024-01-02,2024-01-03'],
    ['a negative page', 'page=-1'],
    ['a page size of 0', 'itemsPerPage=0'],
    ['a page size above a million', 'itemsPerPage=1000001'],
    ['an unknown status', 'status=bogus'],
    ['an id list of 10,000 entries', `place=${tenThousandIds}`],
    ['a non-numeric id', 'typology=abc'],
    ['an unknown parameter', 'colour=red'],
    ['a sort field outside the whitelist', 'sortBy=password_hash'],
    ['an unknown select', 'select=password_hash'],
    ['an unknown populate', 'populate=orders,employees'],
    ['a bad boolean', 'isVirtual=yes'],
  ])('answers 400 in Spanish to %s', async (_label, query) => {
    const res = await server.get(`/api/v1/report/booking?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).toMatch(/Parámetro/);
    expect(body.message).not.toMatch(/select .*from|sqlstate|stack|\.ts:/i);
  });

  it.each(['/api/v1/report/booking', '/api/v1/report/dashboard', '/api/v1/report/booking/ocupacion?year=2025'])(
    'answers 401 to %s without a token or with a forged one',
    async (url) => {
      expect((await server.get(url, null)).statusCode).toBe(401);
      const forged = await signToken(
        { secret: new TextEncoder().encode('another-secret-of-at-least-32-bytes!!'), ttlSeconds: 600 },
        { employeeId: 1, email: 'intruso@example.com' },
      );
      const res = await server.get(url, forged);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/sesión/);
    },
  );
});
