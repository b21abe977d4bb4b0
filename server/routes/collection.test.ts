import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { getOk as getOkFrom, utcDay } from '../../tests/support/apiAssertions.ts';
import { messages } from '../messages.ts';

let server: TestServer;

interface RawBooking {
  id: number;
  ref: string;
  status: string;
  is_virtual: boolean;
  place_id: number;
  typology_id: number;
  user_id: number;
  nationality: string | null;
  date_start: string;
  date_end: string;
  created_at: Date;
  total: number;
}
interface RawRate {
  booking_id: number;
  date: string;
  total_rate: number;
}
interface RawOrder {
  booking_id: number;
  total: number;
  is_for_lodging: boolean;
  created_at: Date;
}
interface RawPayment {
  booking_id: number;
  amount: number;
  is_for_lodging: boolean;
}

let bookings: RawBooking[];
let rates: RawRate[];
let orders: RawOrder[];
let payments: RawPayment[];
let typologies: Array<{ id: number; name: string; rooms: number[] }>;

beforeAll(async () => {
  server = await startTestServer();
  bookings = await server.db.query<RawBooking>(
    `SELECT b.id, b.ref, b.status, b.is_virtual, b.place_id, p.typology_id, b.user_id, c.nationality,
            b.date_start, b.date_end, b.created_at, b.total
       FROM bookings b, places p, clients c WHERE p.id = b.place_id AND c.id = b.user_id`,
  );
  rates = await server.db.query<RawRate>('SELECT booking_id, date, total_rate FROM booking_rates');
  orders = await server.db.query<RawOrder>('SELECT booking_id, total, is_for_lodging, created_at FROM booking_orders');
  payments = await server.db.query<RawPayment>('SELECT booking_id, amount, is_for_lodging FROM payments');
  typologies = await server.db.query(
    `SELECT t.id, t.name, array(SELECT p.id FROM places p WHERE p.typology_id = t.id AND NOT p.is_space AND NOT p.deleted
                                ORDER BY p.id) AS rooms
       FROM typologies t`,
  );
});
afterAll(() => server.close());

const getOk = (url: string) => getOkFrom(server, url);

const cents = (n: number) => Math.round(n * 100);
const sumCents = <T>(list: T[], amount: (t: T) => number) => list.reduce((s, t) => s + cents(amount(t)), 0);
const dayDiff = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);
/** Half-up to two decimals of a ratio of integers, as numeric rounding does. */
const round2 = (num: number, den: number) => Math.round((num / den) * 100) / 100;

const sold = ['confirmed', 'checked_in', 'checked_out'];
const month = { from: '2026-03-01', to: '2026-03-31' };

/** Filter cases: the query the screen sends and the bookings it should keep, in plain JS. */
const cases: Array<[string, string, (b: RawBooking) => boolean, { from?: string; to?: string }?]> = [
  ['nothing filtered', '', () => true],
  [
    "the screen's defaults for March",
    `stayFrom=${month.from}&stayTo=${month.to}&status=checked_in,checked_out,confirmed,no_confirmed&isVirtual=false`,
    (b) =>
      ['checked_in', 'checked_out', 'confirmed', 'not_confirmed'].includes(b.status) &&
      !b.is_virtual &&
      b.date_end > month.from &&
      b.date_start <= month.to,
    month,
  ],
  ['virtual bookings', 'isVirtual=true', (b) => b.is_virtual],
  ['check-in in February', 'dateStart=2026-02-01&dateStart=2026-02-28', (b) => b.date_start >= '2026-02-01' && b.date_start <= '2026-02-28'],
  ['check-out on a range', 'dateEnd=2026-01-01,2026-01-31', (b) => b.date_end >= '2026-01-01' && b.date_end <= '2026-01-31'],
  ['created in 2025', 'createdAt=2025-01-01&createdAt=2025-12-31', (b) => utcDay(b.created_at).startsWith('2025')],
  ['the status not_confirmed', 'status=not_confirmed', (b) => b.status === 'not_confirmed'],
  ['sold stays of 2025', 'stayFrom=2025-01-01&stayTo=2025-12-31&status=confirmed,checked_in,checked_out',
    (b) => sold.includes(b.status) && b.date_end > '2025-01-01' && b.date_start <= '2025-12-31', { from: '2025-01-01', to: '2025-12-31' }],
  ['stays from a day on', 'stayFrom=2026-03-10', (b) => b.date_end > '2026-03-10', { from: '2026-03-10' }],
];

/** Adds the filters that need ids from the data: the busiest client, a typology, two rooms. */
function idCases(): typeof cases {
  const counts = new Map<number, number>();
  for (const b of bookings) counts.set(b.user_id, (counts.get(b.user_id) ?? 0) + 1);
  const [user] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
  const typology = typologies[0]!.id;
  const places = [bookings[0]!.place_id, bookings[bookings.length - 1]!.place_id];
  // Refs have a fixed width, so a whole ref names one booking and no other searched field holds it.
  const ref = bookings[bookings.length - 1]!.ref;
  // One-day periods on a stay's edges: its check-out day holds none of its nights, its check-in day one.
  const edge = bookings[Math.floor(bookings.length / 2)]!;
  const stay = (day: string) =>
    [`stays on ${day}`, `stayFrom=${day}&stayTo=${day}`, (b: RawBooking) => b.date_end > day && b.date_start <= day, { from: day, to: day }] as const;
  return [
    [...stay(edge.date_end)],
    [...stay(edge.date_start)],
    ['a search by reference', `search=${ref}`, (b) => b.ref === ref],
    ['one client', `user=${user}`, (b) => b.user_id === user],
    ['one typology', `typology=${typology}`, (b) => b.typology_id === typology],
    ['two rooms', `place=${places.join(',')}`, (b) => places.includes(b.place_id)],
  ];
}

const inPeriod = (day: string, p: { from?: string; to?: string } | undefined) =>
  (!p?.from || day >= p.from) && (!p?.to || day <= p.to);

describe('GET /api/v1/report/booking/recaudoStatistics', () => {
  it('recomputes every figure for each filter from the raw rows', async () => {
    for (const [label, query, keep, period] of [...cases, ...idCases()]) {
      const kept = bookings.filter(keep);
      expect(kept.length, `test data has bookings for ${label}`).toBeGreaterThan(0);
      const ids = new Set(kept.map((b) => b.id));
      const nights = rates.filter((r) => ids.has(r.booking_id) && inPeriod(r.date, period));
      const extras = orders.filter((o) => ids.has(o.booking_id) && !o.is_for_lodging && inPeriod(utcDay(o.created_at), period));
      const stayNights = kept.reduce((s, b) => s + dayDiff(b.date_start, b.date_end), 0);
      const { data } = await getOk(`/api/v1/report/booking/recaudoStatistics${query ? `?${query}` : ''}`);
      const totalRates = sumCents(nights, (n) => n.total_rate);
      const totalExtra = sumCents(extras, (o) => o.total);
      expect(cents(data.totalRates), label).toBe(totalRates);
      expect(cents(data.totalExtraOrders), label).toBe(totalExtra);
      expect(cents(data.total), label).toBe(totalRates + totalExtra);
      expect(data.count, label).toBe(kept.length);
      expect(data.nights, label).toBe(nights.length);
      expect(data.averageNights, label).toBe(round2(stayNights, kept.length));
      expect(data.averageLodgingDays, label).toBe(round2(nights.length, kept.length));
      expect(cents(data.averageRates), label).toBe(nights.length ? Math.round(totalRates / nights.length) : 0);
    }
  });

  it('answers zeros when no booking matches', async () => {
    const { data } = await getOk('/api/v1/report/booking/recaudoStatistics?dateStart=2001-01-01');
    expect(data).toEqual({
      total: 0, totalExtraOrders: 0, totalRates: 0, averageNights: 0, averageRates: 0, averageLodgingDays: 0, count: 0, nights: 0,
    });
  });
});

describe('GET /api/v1/report/booking/recaudoNationalities', () => {
  it('counts the bookings per owner nationality for each filter', async () => {
    for (const [label, query, keep] of [...cases, ...idCases()]) {
      const counts = new Map<string, number>();
      for (const b of bookings.filter(keep)) {
        const n = b.nationality?.trim() || 'Sin nacionalidad';
        counts.set(n, (counts.get(n) ?? 0) + 1);
      }
      const { data } = await getOk(`/api/v1/report/booking/recaudoNationalities${query ? `?${query}` : ''}`);
      const rows = data as Array<{ nationality: string; count: number }>;
      expect(Object.fromEntries(rows.map((r) => [r.nationality, r.count])), label).toEqual(Object.fromEntries(counts));
      expect(rows.length, label).toBe(counts.size);
      for (let i = 1; i < rows.length; i++) expect(rows[i - 1]!.count).toBeGreaterThanOrEqual(rows[i]!.count);
    }
  });
});

describe('GET /api/v1/report/booking/recaudoPotecialVsReal', () => {
  type Row = { name: string; totalMonthPotencial: number; totalRatesReal: number };

  /** Potential = rooms × days × the typology's mean sold nightly rate in the period (else in the year before). */
  function expected(keep: (b: RawBooking) => boolean, from: string, to: string, only?: number[]) {
    const byId = new Map(bookings.map((b) => [b.id, b]));
    const days = dayDiff(from, to) + 1;
    const yearFrom = new Date(Date.parse(to) - 364 * 86_400_000).toISOString().slice(0, 10);
    const isSold = (b: RawBooking) => sold.includes(b.status) && !b.is_virtual;
    const mean = (list: RawRate[]) => (list.length ? list.reduce((s, r) => s + r.total_rate, 0) / list.length : 0);
    return typologies
      .filter((t) => t.rooms.length > 0 && (!only || only.includes(t.id)))
      .map((t) => {
        const ofT = rates.filter((r) => byId.get(r.booking_id)!.typology_id === t.id);
        const soldIn = (a: string) => ofT.filter((r) => r.date >= a && r.date <= to && isSold(byId.get(r.booking_id)!));
        const rate = soldIn(from).length ? mean(soldIn(from)) : mean(soldIn(yearFrom));
        const real = ofT.filter((r) => r.date >= from && r.date <= to && keep(byId.get(r.booking_id)!));
        return { name: t.name, potential: t.rooms.length * days * rate, real: sumCents(real, (r) => r.total_rate) };
      })
      .sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  function compare(rows: Row[], want: ReturnType<typeof expected>) {
    expect(rows.map((r) => r.name)).toEqual(want.map((w) => w.name));
    rows.forEach((row, i) => {
      expect(cents(row.totalRatesReal), row.name).toBe(want[i]!.real);
      expect(Math.abs(row.totalMonthPotencial - want[i]!.potential), row.name).toBeLessThan(0.01);
    });
  }

  it("compares each typology's potential with its real income for the screen's month", async () => {
    const [, query, keep] = cases[1]!;
    const body = await getOk(`/api/v1/report/booking/recaudoPotecialVsReal?${query}`);
    expect(body.dateStart).toBe(month.from);
    expect(body.dateEnd).toBe(month.to);
    const want = expected(keep, month.from, month.to);
    expect(want.some((w) => w.real > 0)).toBe(true);
    compare(body.data, want);
    for (const row of body.data as Row[]) expect(row.totalRatesReal).toBeLessThanOrEqual(row.totalMonthPotencial * 1.5);
  });

  it('without a month ("Ninguna") covers every night of the filtered bookings, as the cards do, and keeps them only', async () => {
    const body = await getOk('/api/v1/report/booking/recaudoPotecialVsReal?isVirtual=true');
    const virtual = new Set(bookings.filter((b) => b.is_virtual).map((b) => b.id));
    const nights = rates.filter((r) => virtual.has(r.booking_id)).map((r) => r.date).sort();
    expect(nights.length).toBeGreaterThan(0);
    const [from, to] = [nights[0]!, nights.at(-1)!];
    expect(dayDiff(from, to)).toBeGreaterThan(31);
    expect([body.dateStart, body.dateEnd]).toEqual([from, to]);
    compare(body.data, expected((b) => b.is_virtual, from, to));
  });

  it('answers only the typology asked for', async () => {
    const t = typologies.find((x) => x.rooms.length > 0)!;
    const body = await getOk(`/api/v1/report/booking/recaudoPotecialVsReal?typology=${t.id}&stayFrom=2025-07-01&stayTo=2025-09-30`);
    compare(body.data, expected((b) => b.typology_id === t.id && b.date_end > '2025-07-01' && b.date_start <= '2025-09-30', '2025-07-01', '2025-09-30', [t.id]));
    expect(body.data).toHaveLength(1);
  });

  it('prices a typology unsold in the period at its mean rate of the year before', async () => {
    const body = await getOk('/api/v1/report/booking/recaudoPotecialVsReal?stayFrom=2026-06-01&stayTo=2026-06-30');
    const want = expected((b) => b.date_end > '2026-06-01' && b.date_start <= '2026-06-30', '2026-06-01', '2026-06-30');
    // The test data's books end before June for some typologies and run past it for others.
    expect(want.some((w) => w.real === 0 && w.potential > 0)).toBe(true);
    expect(want.some((w) => w.real > 0)).toBe(true);
    compare(body.data, want);
  });

  it('answers 400 to a reversed period', async () => {
    const res = await server.get('/api/v1/report/booking/recaudoPotecialVsReal?stayFrom=2026-03-31&stayTo=2026-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Parámetro no válido «stayTo»/);
  });
});

describe('GET /api/v1/report/booking/activeBalances', () => {
  type Row = { ref: string; status: string; isVirtual: boolean; hostBalance: number; extraBalance: number; balance: number };
  let body: { data: Row[]; total: number; totalAllBalances: number };
  beforeAll(async () => {
    body = await getOk('/api/v1/report/booking/activeBalances');
  });

  it('lists the checked-in real bookings with their balances recomputed from rates, orders and payments', () => {
    const active = bookings.filter((b) => b.status === 'checked_in' && !b.is_virtual);
    expect(active.length).toBeGreaterThan(0);
    expect(body.total).toBe(active.length);
    expect(body.data.map((r) => r.ref).sort()).toEqual(active.map((b) => b.ref).sort());
    let all = 0;
    for (const b of active) {
      const row = body.data.find((r) => r.ref === b.ref)!;
      const host =
        sumCents(rates.filter((r) => r.booking_id === b.id), (r) => r.total_rate) -
        sumCents(payments.filter((p) => p.booking_id === b.id && p.is_for_lodging), (p) => p.amount);
      const extra =
        sumCents(orders.filter((o) => o.booking_id === b.id && !o.is_for_lodging), (o) => o.total) -
        sumCents(payments.filter((p) => p.booking_id === b.id && !p.is_for_lodging), (p) => p.amount);
      expect(cents(row.hostBalance), b.ref).toBe(host);
      expect(cents(row.extraBalance), b.ref).toBe(extra);
      expect(cents(row.balance), b.ref).toBe(host + extra);
      all += host + extra;
    }
    expect(cents(body.totalAllBalances)).toBe(all);
  });

  it('agrees with the booking balance of the detail', async () => {
    for (const row of body.data.slice(0, 3)) {
      const { data } = await getOk(`/api/v1/booking/balance/${row.ref}`);
      expect([data.balanceHost, data.balanceExtra, data.faltante]).toEqual([row.hostBalance, row.extraBalance, row.balance]);
    }
  });

  it('sorts by typology name unless told, and by a balance when asked', async () => {
    const raw = await server.db.query<{ ref: string }>(
      `SELECT b.ref FROM bookings b JOIN places p ON p.id = b.place_id JOIN typologies t ON t.id = p.typology_id
        WHERE b.status = 'checked_in' AND b.is_virtual = false ORDER BY t.name, p.name, b.id`,
    );
    expect(body.data.map((r) => r.ref)).toEqual(raw.map((r) => r.ref));
    const desc = await getOk('/api/v1/report/booking/activeBalances?sortBy=balance&sortDesc=true');
    const balances = (desc.data as Row[]).map((r) => r.balance);
    expect(balances).toEqual([...balances].sort((a, b) => b - a));
    expect(desc.totalAllBalances).toBe(body.totalAllBalances);
  });

  it.each(['status=confirmed', 'page=2', 'sortBy=password_hash'])('answers 400 to %s', async (query) => {
    const res = await server.get(`/api/v1/report/booking/activeBalances?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Parámetro/);
  });
});

describe('GET /api/v1/report/booking/sales', () => {
  type Row = { _id: number; ref: string; total: number; rates?: unknown[]; orders?: unknown[]; pays?: unknown[] };

  it('keeps exactly the filtered bookings and totals them, for each filter', async () => {
    for (const [label, query, keep] of [...cases, ...idCases()]) {
      const kept = bookings.filter(keep);
      const body = await getOk(`/api/v1/report/booking/sales?itemsPerPage=-1${query ? `&${query}` : ''}`);
      expect(body.total, label).toBe(kept.length);
      expect((body.data as Row[]).map((r) => r.ref).sort(), label).toEqual(kept.map((b) => b.ref).sort());
      expect(cents(body.totalCalculate), label).toBe(sumCents(kept, (b) => b.total));
    }
  });

  it('pages are disjoint, the totals are those of every match, and -1 gives all', async () => {
    const all = await getOk('/api/v1/report/booking/sales?itemsPerPage=-1&isVirtual=false');
    const size = Math.ceil(all.total / 4);
    const seen: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = await getOk(`/api/v1/report/booking/sales?itemsPerPage=${size}&page=${page}&isVirtual=false`);
      expect(body.total).toBe(all.total);
      expect(body.totalCalculate).toBe(all.totalCalculate);
      seen.push(...(body.data as Row[]).map((r) => r.ref));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual((all.data as Row[]).map((r) => r.ref));
    const first = await getOk('/api/v1/report/booking/sales');
    expect(first.data).toHaveLength(50);
  });

  it('sorts by total, descending, with a stable tie-break', async () => {
    const body = await getOk('/api/v1/report/booking/sales?itemsPerPage=-1&sortBy=total&sortDesc=true');
    const raw = await server.db.query<{ ref: string }>('SELECT ref FROM bookings ORDER BY total DESC, id');
    expect((body.data as Row[]).map((r) => r.ref)).toEqual(raw.map((r) => r.ref));
  });

  it('adds rates, orders and payments only when asked', async () => {
    const plain = (await getOk('/api/v1/report/booking/sales?itemsPerPage=1')).data[0] as Row;
    expect(plain).not.toHaveProperty('rates');
    expect(plain).not.toHaveProperty('orders');
    const full = (await getOk('/api/v1/report/booking/sales?itemsPerPage=1&select=rates&populate=orders,pays')).data[0] as Row;
    expect(full.rates!.length).toBe(rates.filter((r) => r.booking_id === full._id).length);
    expect(full.orders!.length).toBe(orders.filter((o) => o.booking_id === full._id).length);
    expect(full.pays!.length).toBe(payments.filter((p) => p.booking_id === full._id).length);
  });
});

describe('collection calls: bad input and sign-in', () => {
  const filtered = ['recaudoStatistics', 'recaudoPotecialVsReal', 'recaudoNationalities', 'sales'];
  const bad = [
    ['a day that does not exist', 'stayFrom=2026-02-30'],
    ['a reversed range', 'dateStart=2026-03-02&dateStart=2026-03-01'],
    ['an unknown status', 'status=bogus'],
    ['a non-numeric id', 'typology=abc'],
    ['a bad boolean', 'isVirtual=yes'],
    ['an unknown parameter', 'colour=red'],
    ['SQL in an id list', `user=${encodeURIComponent('1); DROP TABLE bookings; --')}`],
  ];
  it.each(filtered.flatMap((route) => bad.map(([label, query]) => [route, label, query] as const)))(
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

  // Every call taking stayFrom/stayTo, whatever file declares it (one check in bookingFilterQuery).
  const stayCalls = () => [
    ...filtered.map((route) => `/api/v1/report/booking/${route}`),
    '/api/v1/report/booking',
    '/api/v1/report/movements/order',
    '/api/v1/report/movements/payment',
    `/api/v1/client/${bookings[0]!.user_id}/bookings`,
  ];

  it('every call taking a stay period answers 400 in Spanish to a reversed one, and 200 to one night', async () => {
    for (const path of stayCalls()) {
      const reversed = await server.get(`${path}?stayFrom=2026-03-31&stayTo=2026-03-01`);
      expect(reversed.statusCode, path).toBe(400);
      expect(reversed.json(), path).toEqual({ message: messages.invalidParameter('stayTo', messages.periodReversed) });
      const oneNight = await server.get(`${path}?stayFrom=2026-03-01&stayTo=2026-03-01`);
      expect(oneNight.statusCode, path).toBe(200);
    }
  });

  it.each(['itemsPerPage=0', 'page=0', 'sortBy=password_hash', 'populate=employees'])('sales answers 400 to %s', async (query) => {
    const res = await server.get(`/api/v1/report/booking/sales?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Parámetro/);
  });

  it.each([...filtered, 'activeBalances'])('%s answers 401 without a token', async (route) => {
    expect((await server.get(`/api/v1/report/booking/${route}`, null)).statusCode).toBe(401);
  });
});
