import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, getOk as getOkFrom } from '../../tests/support/apiAssertions.ts';
import { startTestServer, testToday, type TestServer } from '../../tests/support/testServer.ts';

// Every figure is recomputed here in integer arithmetic over the raw rows, not with the route's SQL.

let server: TestServer;

interface RawBooking {
  id: number;
  status: string;
  is_virtual: boolean;
  created_ms: number;
  updated_ms: number;
}
interface RawRate {
  booking_id: number;
  date: string;
  cents: number;
}

let bookings: Map<number, RawBooking>;
let rates: RawRate[];
let rooms: number;

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.db.query<RawBooking>(
    `SELECT id, status, is_virtual, extract(epoch FROM created_at)::float8 * 1000 AS created_ms,
            extract(epoch FROM updated_at)::float8 * 1000 AS updated_ms FROM bookings`,
  );
  bookings = new Map(rows.map((b) => [b.id, b]));
  rates = await server.db.query<RawRate>('SELECT booking_id, date, (total_rate * 100)::bigint AS cents FROM booking_rates');
  const places = await server.db.query<{ is_space: boolean; deleted: boolean }>('SELECT is_space, deleted FROM places');
  rooms = places.filter((p) => !p.is_space && !p.deleted).length;
});
afterAll(() => server.close());

const getOk = (url: string) => getOkFrom(server, url);

const occupying = (b: RawBooking | undefined) =>
  !!b && !b.is_virtual && ['confirmed', 'checked_in', 'checked_out'].includes(b.status);

/** a / b rounded half up to a whole number (both non-negative integers). */
const divRound = (a: number, b: number) => {
  const q = Math.floor(a / b);
  return 2 * (a - q * b) >= b ? q + 1 : q;
};
/** Hundredths as the API's 2-decimal number. */
const fromHundredths = (n: number | null) => (n === null ? null : n / 100);

const dayMs = 86_400_000;
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / dayMs + 1;
/** The same day a year earlier; 29 February becomes 28. */
function yearBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
const addMonths = (month: string, n: number) => {
  const d = new Date(`${month}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};
const lastDayOf = (month: string) => {
  const d = new Date(`${month}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
};

interface Kpis {
  roomNightsSold: number;
  roomRevenue: number;
  rooms: number;
  roomNightsAvailable: number;
  occupancy: number;
  adr: number | null;
  revpar: number | null;
}

/** The KPIs of a period from the rows (in hundredths, then as numbers). */
function expectedKpis(from: string, to: string): Kpis {
  const nights = rates.filter((r) => r.date >= from && r.date <= to && occupying(bookings.get(r.booking_id)));
  const sold = nights.length;
  const revenueCents = nights.reduce((s, r) => s + Number(r.cents), 0);
  const available = rooms * days(from, to);
  return {
    roomNightsSold: sold,
    roomRevenue: revenueCents / 100,
    rooms,
    roomNightsAvailable: available,
    occupancy: available === 0 ? 0 : divRound(sold * 10_000, available) / 100,
    adr: fromHundredths(sold === 0 ? null : divRound(revenueCents, sold)),
    revpar: fromHundredths(available === 0 ? null : divRound(revenueCents, available)),
  };
}

/** a / b rounded half away from zero, as PostgreSQL's round(numeric) (integers). */
const roundedRatio = (a: number, b: number) => Math.sign(a) * Math.sign(b) * divRound(Math.abs(a), Math.abs(b));
/** The % change of `now` against `before` in the same integer units (2 decimals); null from 0. */
const percentChange = (now: number, before: number) => (before === 0 ? null : roundedRatio((now - before) * 10_000, before) / 100);
const hundredths = (x: number) => Math.round(x * 100);

const difference = (now: number | null, before: number | null) => ({
  absolute: now === null || before === null ? null : (hundredths(now) - hundredths(before)) / 100,
  percent: now === null || before === null ? null : percentChange(hundredths(now), hundredths(before)),
});

function expectedAnswer(from: string, to: string) {
  const [lyFrom, lyTo] = [yearBefore(from), yearBefore(to)];
  const current = expectedKpis(from, to);
  const lastYear = expectedKpis(lyFrom, lyTo);
  return {
    period: { from, to },
    lastYearPeriod: { from: lyFrom, to: lyTo },
    current,
    lastYear,
    difference: {
      occupancy: difference(current.occupancy, lastYear.occupancy),
      adr: difference(current.adr, lastYear.adr),
      revpar: difference(current.revpar, lastYear.revpar),
    },
  };
}

describe('GET /api/v1/report/kpis', () => {
  it('answers occupancy, ADR and RevPAR of a period and of the same nights last year, with their differences', async () => {
    for (const [from, to] of [['2026-03-01', '2026-03-31'], ['2025-12-20', '2026-01-10'], ['2026-04-01', '2026-06-30']] as const) {
      const { data } = await getOk(`/api/v1/report/kpis?dateStart=${from}&dateEnd=${to}`);
      expect(data).toEqual(expectedAnswer(from, to));
      expect(data.current.roomNightsSold).toBeGreaterThan(0);
      expect(data.lastYear.roomNightsSold).toBeGreaterThan(0);
    }
  });

  it('defaults to the month to date; names today, the month and the year to date', async () => {
    const month = `${testToday.slice(0, 7)}-01`;
    const year = `${testToday.slice(0, 4)}-01-01`;
    expect((await getOk('/api/v1/report/kpis')).data).toEqual(expectedAnswer(month, testToday));
    expect((await getOk('/api/v1/report/kpis?period=monthToDate')).data).toEqual(expectedAnswer(month, testToday));
    expect((await getOk('/api/v1/report/kpis?period=today')).data).toEqual(expectedAnswer(testToday, testToday));
    expect((await getOk('/api/v1/report/kpis?period=yearToDate')).data).toEqual(expectedAnswer(year, testToday));
  });

  it('answers a year as the occupancy report totals it: Σ nights, Σ total, over rooms × days of the year', async () => {
    const year = Number(testToday.slice(0, 4));
    const { data } = await getOk(`/api/v1/report/kpis?year=${year}`);
    expect(data).toEqual(expectedAnswer(`${year}-01-01`, `${year}-12-31`));
    const months: Array<{ count: number; total: number }> = (await getOk(`/api/v1/report/booking/ocupacion?year=${year}`)).data;
    expect(data.current.roomNightsSold).toBe(months.reduce((s, m) => s + m.count, 0));
    expect(Math.round(data.current.roomRevenue * 100)).toBe(months.reduce((s, m) => s + Math.round(m.total * 100), 0));
  });

  it('divides by nothing: a period without nights has no ADR, 0 occupancy and 0 RevPAR, and no % change from 0', async () => {
    const { data } = await getOk('/api/v1/report/kpis?year=2001');
    expect(data).toEqual(expectedAnswer('2001-01-01', '2001-12-31'));
    expect(data.current).toMatchObject({ roomNightsSold: 0, roomRevenue: 0, occupancy: 0, adr: null, revpar: 0 });
    expect(data.difference).toEqual({
      occupancy: { absolute: 0, percent: null },
      adr: { absolute: null, percent: null },
      revpar: { absolute: 0, percent: null },
    });
  });

  it('compares the first year with data against an empty last year', async () => {
    const [first] = rates.filter((r) => occupying(bookings.get(r.booking_id))).map((r) => r.date).sort();
    const year = Number(first!.slice(0, 4));
    const { data } = await getOk(`/api/v1/report/kpis?year=${year}`);
    expect(data).toEqual(expectedAnswer(`${year}-01-01`, `${year}-12-31`));
    expect(data.lastYear.roomNightsSold).toBe(0);
    expect(data.difference.adr).toEqual({ absolute: null, percent: null });
    expect(data.difference.occupancy.percent).toBeNull();
  });

  it('takes 29 February last year as 28 February', async () => {
    const { data } = await getOk('/api/v1/report/kpis?dateStart=2024-02-01&dateEnd=2024-02-29');
    expect(data.lastYearPeriod).toEqual({ from: '2023-02-01', to: '2023-02-28' });
    expect(data).toEqual(expectedAnswer('2024-02-01', '2024-02-29'));
  });

  it('answers bad periods 400 in Spanish, and no token 401', async () => {
    for (const query of ['year=abc', 'year=1999', 'period=week', 'year=2026&period=today', 'period=today&dateStart=2026-01-01',
      'dateStart=2026-02-30', 'dateStart=2026-03-10&dateEnd=2026-03-01', 'months=3']) {
      expectError(await server.get(`/api/v1/report/kpis?${query}`), 400);
    }
    expectError(await server.get('/api/v1/report/kpis', null), 401);
  });
});

interface PaceRow {
  month: string;
  lastYearMonth: string;
  roomNights: number;
  lastYearRoomNights: number;
  roomNightsDifference: number;
  roomNightsDifferencePercent: number | null;
  roomRevenue: number;
  lastYearRoomRevenue: number;
  roomRevenueDifference: number;
  roomRevenueDifferencePercent: number | null;
  lastYearFinalRoomNights: number;
  lastYearFinalRoomRevenue: number;
}

/** On the books at the exclusive instant `cut`: created before it, occupying then (or held then and changed after). */
function onTheBooks(b: RawBooking | undefined, cut: number) {
  if (!b || b.is_virtual || b.created_ms >= cut) return false;
  const statuses = b.updated_ms < cut
    ? ['confirmed', 'checked_in', 'checked_out']
    : ['confirmed', 'checked_in', 'checked_out', 'canceled', 'no_show'];
  return statuses.includes(b.status);
}

function monthFigures(month: string, keep: (b: RawBooking | undefined) => boolean) {
  const last = lastDayOf(month);
  const nights = rates.filter((r) => r.date >= month && r.date <= last && keep(bookings.get(r.booking_id)));
  return { nights: nights.length, cents: nights.reduce((s, r) => s + Number(r.cents), 0) };
}

function expectedPace(months: number): PaceRow[] {
  const cut = Date.parse(`${testToday}T00:00:00Z`) + dayMs;
  const lyCut = Date.parse(`${yearBefore(testToday)}T00:00:00Z`) + dayMs;
  const first = `${testToday.slice(0, 7)}-01`;
  return Array.from({ length: months }, (_, k) => {
    const month = addMonths(first, k);
    const lyMonth = addMonths(month, -12);
    const now = monthFigures(month, (b) => onTheBooks(b, cut));
    const then = monthFigures(lyMonth, (b) => onTheBooks(b, lyCut));
    const final = monthFigures(lyMonth, occupying);
    return {
      month,
      lastYearMonth: lyMonth,
      roomNights: now.nights,
      lastYearRoomNights: then.nights,
      roomNightsDifference: now.nights - then.nights,
      roomNightsDifferencePercent: percentChange(now.nights, then.nights),
      roomRevenue: now.cents / 100,
      lastYearRoomRevenue: then.cents / 100,
      roomRevenueDifference: (now.cents - then.cents) / 100,
      roomRevenueDifferencePercent: percentChange(now.cents, then.cents),
      lastYearFinalRoomNights: final.nights,
      lastYearFinalRoomRevenue: final.cents / 100,
    };
  });
}

describe('GET /api/v1/report/kpis/pace', () => {
  it('answers six months from this one by default: on the books today against the same day last year', async () => {
    const answer = await getOk('/api/v1/report/kpis/pace');
    expect(answer.asOf).toBe(testToday);
    expect(answer.lastYearAsOf).toBe(yearBefore(testToday));
    expect(answer.data).toEqual(expectedPace(6));
    // The demo books ahead, and last year's months sold more in the end than was on the books a year ago.
    const rows: PaceRow[] = answer.data;
    expect(rows.every((r) => r.roomNights > 0)).toBe(true);
    expect(rows.filter((r) => r.lastYearRoomNights > 0).length).toBeGreaterThan(1);
    expect(rows.some((r) => r.lastYearFinalRoomNights > r.lastYearRoomNights)).toBe(true);
  });

  it('takes the number of months, up to twelve', async () => {
    for (const months of [1, 12]) expect((await getOk(`/api/v1/report/kpis/pace?months=${months}`)).data).toEqual(expectedPace(months));
  });

  it('on the books today is what the occupancy report answers for those months', async () => {
    const year = Number(testToday.slice(0, 4));
    const months: Array<{ month: number; count: number; total: number }> = (await getOk(`/api/v1/report/booking/ocupacion?year=${year}`)).data;
    const rows: PaceRow[] = (await getOk('/api/v1/report/kpis/pace?months=12')).data;
    for (const row of rows.filter((r) => r.month.startsWith(String(year)))) {
      const m = months.find((x) => x.month === Number(row.month.slice(5, 7)))!;
      expect([row.roomNights, row.roomRevenue]).toEqual([m.count, m.total]);
    }
    const lyMonths: Array<{ month: number; count: number; total: number }> = (await getOk(`/api/v1/report/booking/ocupacion?year=${year - 1}`)).data;
    for (const row of rows.filter((r) => r.lastYearMonth.startsWith(String(year - 1)))) {
      const m = lyMonths.find((x) => x.month === Number(row.lastYearMonth.slice(5, 7)))!;
      expect([row.lastYearFinalRoomNights, row.lastYearFinalRoomRevenue]).toEqual([m.count, m.total]);
    }
  });

  it('answers bad month counts 400 in Spanish, and no token 401', async () => {
    for (const query of ['months=0', 'months=13', 'months=abc', 'months=2.5', 'year=2026']) {
      expectError(await server.get(`/api/v1/report/kpis/pace?${query}`), 400);
    }
    expectError(await server.get('/api/v1/report/kpis/pace', null), 401);
  });
});
