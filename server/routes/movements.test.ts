import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { clientName } from '../../core/format.ts';
import { messages } from '../messages.ts';
import { expectError, getOk as getOkFrom, utcDay } from '../../tests/support/apiAssertions.ts';
import { fold, holdsKeyword } from '../../tests/support/keyword.ts';
import { outOfSpanishOrder } from '../../tests/support/spanishOrder.ts';

// Expected rows come from raw tables filtered in JavaScript, never from the server's SQL.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const rows = <T>(sql: string, params: unknown[] = []) => server.db.query<T>(sql, params);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const cents = (n: number) => Math.round(n * 100);


const getOk = (url: string) => getOkFrom(server, url);

/** Every row a table-options call answers for `query`, checking that `total` counts them. */
async function all<T extends { _id: number }>(path: string, query = ''): Promise<T[]> {
  const body = await getOk(`${path}?itemsPerPage=-1${query ? `&${query}` : ''}`);
  expect(body.total).toBe(body.data.length);
  return body.data;
}

async function expectIds(path: string, query: string, expected: number[]) {
  expect(expected.length, `test data has rows for ${query}`).toBeGreaterThan(0);
  const got = await all(path, query);
  expect(sorted(got.map((r) => r._id)), query).toEqual(sorted(expected));
}

/** Pages of `size` are disjoint, cover every row and carry the full total. */
async function expectPaging(path: string, everyId: number[], size: number) {
  const seen: number[] = [];
  const pages = Math.ceil(everyId.length / size);
  for (let page = 1; page <= pages; page++) {
    const body = await getOk(`${path}?itemsPerPage=${size}&page=${page}`);
    expect(body.total).toBe(everyId.length);
    expect(body.data.length).toBe(page < pages ? size : everyId.length - size * (pages - 1));
    seen.push(...body.data.map((r: { _id: number }) => r._id));
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect(sorted(seen)).toEqual(sorted(everyId));
}

interface RawOrder {
  id: number;
  total: number;
  is_for_lodging: boolean;
  business_id: number | null;
  employee_id: number | null;
  created_at: Date;
  ref: string;
  b_status: string;
  b_virtual: boolean;
  place_id: number;
  place_name: string;
  b_start: string;
  b_end: string;
}

interface RawPayment {
  id: number;
  amount: number;
  authorization: string | null;
  is_for_lodging: boolean;
  type: string;
  payment_method: string;
  employee_id: number | null;
  created_at: Date;
  ref: string;
  b_status: string;
  place_id: number;
  place_name: string;
  b_start: string;
  b_end: string;
}

describe('GET /api/v1/report/movements/order', () => {
  const path = '/api/v1/report/movements/order';
  let raw: RawOrder[];
  let answered: Array<{
    _id: number;
    total: number;
    isForLodging: boolean;
    invoice: string;
    createdAt: string;
    booking: { ref: string; place: { name: string } };
    employee: { _id: number } | null;
    business: { _id: number } | null;
  }>;
  beforeAll(async () => {
    raw = await rows<RawOrder>(
      `SELECT o.id, o.total, o.is_for_lodging, o.business_id, o.employee_id, o.created_at, b.ref,
              b.status AS b_status, b.is_virtual AS b_virtual, b.place_id, p.name AS place_name, b.date_start AS b_start,
              b.date_end AS b_end
         FROM booking_orders o, bookings b, places p WHERE b.id = o.booking_id AND p.id = b.place_id`,
    );
    answered = await all(path);
  });

  it('answers every booking order with its booking ref, room and amounts as stored', () => {
    expect(answered.length).toBe(raw.length);
    const byId = new Map(raw.map((r) => [r.id, r]));
    for (const row of answered) {
      const r = byId.get(row._id)!;
      expect(row.total).toBe(r.total);
      expect(row.isForLodging).toBe(r.is_for_lodging);
      expect(row.booking.ref).toBe(r.ref);
      expect(row.booking.place.name).toBe(r.place_name);
      expect(new Date(row.createdAt).getTime()).toBe(r.created_at.getTime());
    }
    expect(answered.reduce((s, r) => s + cents(r.total), 0)).toBe(raw.reduce((s, r) => s + cents(r.total), 0));
  });

  it('keeps exactly the orders each filter names', async () => {
    const day = utcDay(raw[Math.floor(raw.length / 2)]!.created_at);
    const from = '2026-02-01';
    const to = '2026-03-16';
    const inDays = (r: RawOrder, a: string, b: string) => utcDay(r.created_at) >= a && utcDay(r.created_at) <= b;
    const business = raw.find((r) => r.business_id !== null)!.business_id!;
    const employee = raw.find((r) => r.employee_id !== null)!.employee_id!;
    const place = raw[0]!.place_id;
    const cases: Array<[string, (r: RawOrder) => boolean]> = [
      [`createdAt=${day}`, (r) => inDays(r, day, day)],
      [`createdAt=${from}&createdAt=${to}`, (r) => inDays(r, from, to)],
      ['isForLodging=true', (r) => r.is_for_lodging],
      ['isForLodging=false', (r) => !r.is_for_lodging],
      [`business=${business}`, (r) => r.business_id === business],
      [`employee=${employee}`, (r) => r.employee_id === employee],
      ['status=checked_in,checked_out', (r) => r.b_status === 'checked_in' || r.b_status === 'checked_out'],
      [`place=${place}`, (r) => r.place_id === place],
      ['isVirtual=false', (r) => !r.b_virtual],
      ['dateStart=2026-01-01&dateStart=2026-03-31', (r) => r.b_start >= '2026-01-01' && r.b_start <= '2026-03-31'],
      [`search=${raw[0]!.ref}`, (r) => r.ref === raw[0]!.ref],
      // A stay with a night in the period: its bookings' ids are read first (movementBookingWhere).
      ['stayFrom=2026-02-01&stayTo=2026-02-28', (r) => r.b_end > '2026-02-01' && r.b_start <= '2026-02-28'],
      [
        `stayFrom=2026-02-01&stayTo=2026-02-28&status=checked_out&createdAt=${from}&createdAt=${to}`,
        (r) => r.b_end > '2026-02-01' && r.b_start <= '2026-02-28' && r.b_status === 'checked_out' && inDays(r, from, to),
      ],
    ];
    for (const [query, keep] of cases) await expectIds(path, query, raw.filter(keep).map((r) => r.id));
  });

  it('pages without overlap and sorts by total', async () => {
    await expectPaging(`${path}`, raw.map((r) => r.id), 400);
    const desc = await all<{ _id: number; total: number }>(path, 'sortBy=total&sortDesc=true');
    for (let i = 1; i < desc.length; i++) expect(desc[i - 1]!.total).toBeGreaterThanOrEqual(desc[i]!.total);
  });
});

describe('GET /api/v1/report/movements/payment', () => {
  const path = '/api/v1/report/movements/payment';
  let raw: RawPayment[];
  let answered: Array<{
    _id: number;
    amount: number;
    authorization: string | null;
    isForLodging: boolean;
    type: string;
    paymentMethod: string;
    createdAt: string;
    booking: { ref: string; place: { name: string } };
    employee: { _id: number; name: string } | null;
  }>;
  beforeAll(async () => {
    raw = await rows<RawPayment>(
      `SELECT pay.id, pay.amount, pay."authorization", pay.is_for_lodging, pay.type, pay.payment_method,
              pay.employee_id, pay.created_at, b.ref, b.status AS b_status, b.place_id, p.name AS place_name,
              b.date_start AS b_start, b.date_end AS b_end
         FROM payments pay, bookings b, places p WHERE b.id = pay.booking_id AND p.id = b.place_id`,
    );
    answered = await all(path);
  });

  it('answers the columns of the payment report for every payment', () => {
    expect(answered.length).toBe(raw.length);
    const byId = new Map(raw.map((r) => [r.id, r]));
    for (const row of answered) {
      const r = byId.get(row._id)!;
      expect(row).toMatchObject({
        amount: r.amount,
        authorization: r.authorization,
        isForLodging: r.is_for_lodging,
        type: r.type,
        paymentMethod: r.payment_method,
        booking: { ref: r.ref, place: { name: r.place_name } },
      });
      expect(row.employee?._id ?? null).toBe(r.employee_id);
    }
    expect(answered.reduce((s, r) => s + cents(r.amount), 0)).toBe(raw.reduce((s, r) => s + cents(r.amount), 0));
  });

  it('keeps exactly the payments each filter names', async () => {
    const day = utcDay(raw[Math.floor(raw.length / 3)]!.created_at);
    const employee = raw.find((r) => r.employee_id !== null)!.employee_id!;
    const cases: Array<[string, (r: RawPayment) => boolean]> = [
      [`createdAt=${day}`, (r) => utcDay(r.created_at) === day],
      ['createdAt=2025-01-01,2025-12-31', (r) => utcDay(r.created_at) >= '2025-01-01' && utcDay(r.created_at) <= '2025-12-31'],
      ['isForLodging=false', (r) => !r.is_for_lodging],
      ['type=anticipo', (r) => r.type === 'anticipo'],
      [`paymentMethod=${encodeURIComponent('tarjeta de crédito')}&paymentMethod=PSE`, (r) => ['tarjeta de crédito', 'PSE'].includes(r.payment_method)],
      [`employee=${employee}`, (r) => r.employee_id === employee],
      ['status=checked_out', (r) => r.b_status === 'checked_out'],
      [`place=${raw[0]!.place_id}`, (r) => r.place_id === raw[0]!.place_id],
      ['stayFrom=2025-07-01&stayTo=2025-07-31', (r) => r.b_end > '2025-07-01' && r.b_start <= '2025-07-31'],
      ['stayFrom=2025-07-01&stayTo=2025-07-31&type=anticipo', (r) => r.b_end > '2025-07-01' && r.b_start <= '2025-07-31' && r.type === 'anticipo'],
    ];
    for (const [query, keep] of cases) await expectIds(path, query, raw.filter(keep).map((r) => r.id));
  });

  it('sorts by total (the amount) and by employee name', async () => {
    const desc = await all<{ _id: number; amount: number }>(path, 'sortBy=total&sortDesc=true');
    for (let i = 1; i < desc.length; i++) expect(desc[i - 1]!.amount).toBeGreaterThanOrEqual(desc[i]!.amount);
    const byName = await all<{ employee: { name: string } | null; _id: number }>(path, 'sortBy=employee.name');
    const names = byName.filter((r) => r.employee).map((r) => r.employee!.name);
    expect(outOfSpanishOrder(names)).toEqual([]);
  });
});

interface StoredReservation {
  id: number;
  date_start: Date;
  date_end: Date;
  recurrence: string | null;
  recurrence_until: string | null;
}

const dayMs = 86_400_000;

/** The occurrences of a stored reservation overlapping [lo, hi): weekly every 7 days, monthly on the same day (or the month's last). */
function expectedOccurrences(r: StoredReservation, lo: number, hi: number): string[] {
  const first = r.date_start.getTime();
  const length = r.date_end.getTime() - first;
  const lastStart = r.recurrence_until ? Date.parse(`${r.recurrence_until}T00:00:00Z`) + dayMs : Infinity;
  const d = r.date_start;
  const found: string[] = [];
  for (let n = 0; ; n++) {
    let start: number;
    if (r.recurrence === 'semanal') start = first + n * 7 * dayMs;
    else if (r.recurrence === 'mensual') {
      const daysInMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n + 1, 0)).getUTCDate();
      start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, Math.min(d.getUTCDate(), daysInMonth), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds());
    } else if (n === 0) start = first;
    else break;
    if (start >= hi || start >= lastStart) break;
    if (start + length >= lo) found.push(`${r.id}#${n} ${new Date(start).toISOString()} ${new Date(start + length).toISOString()}`);
  }
  return found;
}

describe('GET /api/v1/placereservation/place/detail', () => {
  const detail = (from: string, to: string) => getOk(`/api/v1/placereservation/place/detail?dateStart=${from}&dateEnd=${to}`);
  const range = (from: string, to: string) => [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`) + dayMs] as const;
  const stored = () =>
    rows<StoredReservation>('SELECT id, date_start, date_end, recurrence, recurrence_until::text AS recurrence_until FROM space_reservations');
  const shown = (spaces: Array<{ _id: number; occurrence: number; dateStart: string; dateEnd: string }>) =>
    spaces.map((s) => `${s._id}#${s.occurrence} ${new Date(s.dateStart).toISOString()} ${new Date(s.dateEnd).toISOString()}`).sort();

  it('answers the events and the space reservations overlapping the days asked', async () => {
    const [dateStart, dateEnd] = ['2026-03-09', '2026-03-22'];
    const body = await detail(dateStart, dateEnd);
    const [lo, hi] = range(dateStart, dateEnd);
    const overlap = (r: { date_start: Date; date_end: Date }) => r.date_start.getTime() < hi && r.date_end.getTime() >= lo;
    const events = (await rows<{ id: number; date_start: Date; date_end: Date }>('SELECT id, date_start, date_end FROM events')).filter(overlap);
    const spaces = (await stored()).flatMap((r) => expectedOccurrences(r, lo, hi));
    expect(events.length).toBeGreaterThan(0);
    expect(spaces.length).toBeGreaterThan(0);
    expect(sorted(body.events.map((e: { _id: number }) => e._id))).toEqual(sorted(events.map((e) => e.id)));
    expect(shown(body.spaces)).toEqual(spaces.sort());
    expect(body.events[0]).toMatchObject({
      title: expect.any(String),
      place: { name: expect.any(String) },
      dateStart: expect.any(String),
      dateEnd: expect.any(String),
      description: expect.any(String),
    });
    expect(body.spaces[0]).toMatchObject({
      place: { name: expect.any(String) },
      user: { name: expect.any(String) },
      recurrence: expect.stringMatching(/^(none|semanal|mensual)$/),
    });
  });

  it('answers a weekly or monthly reservation on every date it recurs in the range, until its last day', async () => {
    const [dateStart, dateEnd] = ['2026-01-01', '2026-04-30'];
    const body = await detail(dateStart, dateEnd);
    const [lo, hi] = range(dateStart, dateEnd);
    const raw = await stored();
    const expected = raw.flatMap((r) => expectedOccurrences(r, lo, hi)).sort();
    expect(shown(body.spaces)).toEqual(expected);
    // The range holds weekly and monthly series shown more than once, and series that ended inside it.
    const byId = new Map(raw.map((r) => [r.id, r]));
    const repeated = (recurrence: string) =>
      new Set(body.spaces.filter((s: { _id: number; occurrence: number }) => s.occurrence > 0 && byId.get(s._id)!.recurrence === recurrence).map((s: { _id: number }) => s._id));
    expect(repeated('semanal').size).toBeGreaterThan(0);
    expect(repeated('mensual').size).toBeGreaterThan(0);
    expect(raw.some((r) => r.recurrence === 'semanal' && r.recurrence_until! > dateStart && r.recurrence_until! < dateEnd)).toBe(true);
  });

  it('answers 400 without both dates or with them reversed', async () => {
    expectError(await server.get('/api/v1/placereservation/place/detail?dateStart=2026-03-01'), 400);
    expectError(await server.get('/api/v1/placereservation/place/detail?dateStart=2026-03-10&dateEnd=2026-03-01'), 400);
  });
});

describe('GET /api/v1/placereservation/table/movements-table', () => {
  const path = '/api/v1/placereservation/table/movements-table';
  it('keeps the reservations of the spaces and creation days asked, with their amounts', async () => {
    const raw = await rows<{ id: number; place_id: number; created_at: Date; total: number; subtotal: number; recurrence: string }>(
      'SELECT id, place_id, created_at, total, subtotal, recurrence FROM space_reservations',
    );
    const every = await all<{ _id: number; total: number; subtotal: number; reservation: { recurrence: string }; place: { name: string } }>(path);
    expect(every.length).toBe(raw.length);
    const byId = new Map(raw.map((r) => [r.id, r]));
    for (const row of every) {
      expect(row.total).toBe(byId.get(row._id)!.total);
      expect(row.subtotal).toBe(byId.get(row._id)!.subtotal);
      expect(row.reservation.recurrence).toBe(byId.get(row._id)!.recurrence);
    }
    const place = raw[0]!.place_id;
    const other = raw.find((r) => r.place_id !== place)!.place_id;
    const day = utcDay(raw[10]!.created_at);
    await expectIds(path, `place=${place}`, raw.filter((r) => r.place_id === place).map((r) => r.id));
    await expectIds(path, `place=${place},${other}`, raw.filter((r) => [place, other].includes(r.place_id)).map((r) => r.id));
    await expectIds(path, `createdAt=${day}`, raw.filter((r) => utcDay(r.created_at) === day).map((r) => r.id));
    await expectIds(
      path,
      'createdAt=2026-01-01&createdAt=2026-02-28',
      raw.filter((r) => utcDay(r.created_at) >= '2026-01-01' && utcDay(r.created_at) <= '2026-02-28').map((r) => r.id),
    );
    await expectPaging(path, raw.map((r) => r.id), 100);
  });

  it('sorts Cliente by the name the screen shows', async () => {
    const shown = (await all<{ _id: number; user: unknown }>(path, 'sortBy=user.name')).map((row) => clientName(row.user));
    // In Spanish order (accents and case folded, ñ after n), as the browser's tables sort.
    expect(new Set(shown).size).toBeGreaterThan(1);
    expect(outOfSpanishOrder(shown)).toEqual([]);
  });
});

describe('GET /api/v1/event/list and /api/v1/event/qr/movements-table', () => {
  it('lists every event', async () => {
    const raw = await rows<{ id: number; title: string }>('SELECT id, title FROM events');
    const body = await getOk('/api/v1/event/list');
    expect(sorted(body.data.map((e: { _id: number }) => e._id))).toEqual(sorted(raw.map((e) => e.id)));
    expect(body.data[0]).toEqual({ _id: expect.any(Number), title: expect.any(String), dateStart: expect.any(String), dateEnd: expect.any(String) });
    const word = raw[0]!.title.split(' ')[0]!;
    const page = await getOk(`/api/v1/event/list?page=1&itemsPerPage=10&search=${encodeURIComponent(word)}`);
    const expected = raw.filter((e) => holdsKeyword([e.title], word));
    expect(page.total).toBe(expected.length);
    expect(page.data.length).toBe(Math.min(10, expected.length));
    for (const e of page.data) expect(fold(e.title)).toContain(fold(word));
  });

  it('keeps the tickets of the events and creation days asked, with their event, count and user', async () => {
    const path = '/api/v1/event/qr/movements-table';
    const raw = await rows<{ id: number; event_id: number; title: string; date_start: Date; count: number; total: number; created_at: Date; reason_cancellation: string | null }>(
      'SELECT t.id, t.event_id, e.title, e.date_start, t.count, t.total, t.created_at, t.reason_cancellation FROM event_tickets t, events e WHERE e.id = t.event_id',
    );
    const every = await all<{ _id: number; total: number; event_QR: { eventTitle: string; eventDate: string; count: number; user: { name: string } }; reason_cancellation: string | null }>(path);
    expect(every.length).toBe(raw.length);
    const byId = new Map(raw.map((r) => [r.id, r]));
    for (const row of every) {
      const r = byId.get(row._id)!;
      expect(row.total).toBe(r.total);
      expect(row.event_QR).toMatchObject({ eventTitle: r.title, count: r.count, user: { name: expect.any(String) } });
      // Events of one title recur: the date tells them apart.
      expect(new Date(row.event_QR.eventDate).getTime()).toBe(r.date_start.getTime());
      expect(row.reason_cancellation).toBe(r.reason_cancellation);
    }
    const event = raw[raw.length - 1]!.event_id;
    const day = utcDay(raw[raw.length - 1]!.created_at);
    await expectIds(path, `event=${event}`, raw.filter((r) => r.event_id === event).map((r) => r.id));
    await expectIds(path, `createdAt=${day}`, raw.filter((r) => utcDay(r.created_at) === day).map((r) => r.id));
    await expectIds(
      path,
      `event=${event}&createdAt=2020-01-01,${day}`,
      raw.filter((r) => r.event_id === event && utcDay(r.created_at) <= day).map((r) => r.id),
    );
  });
});

describe('bad input and sessions', () => {
  const paths = [
    '/api/v1/report/movements/order',
    '/api/v1/report/movements/payment',
    '/api/v1/placereservation/place/detail?dateStart=2026-03-01&dateEnd=2026-03-02',
    '/api/v1/placereservation/table/movements-table',
    '/api/v1/event/list',
    '/api/v1/event/qr/movements-table',
  ];

  it('answers 401 without a token', async () => {
    for (const url of paths) expectError(await server.get(url, null), 401, messages.authRequired);
  });

  it('answers 400 in Spanish to unknown parameters, bad dates, bad ids and sorts outside the whitelist', async () => {
    const sep = (url: string) => (url.includes('?') ? '&' : '?');
    for (const url of paths) expectError(await server.get(`${url}${sep(url)}foo=1`), 400, messages.unknownParameter('foo'));
    const bad = [
      '/api/v1/report/movements/order?createdAt=2026-02-30',
      '/api/v1/report/movements/order?createdAt=2026-03-10,2026-03-01',
      '/api/v1/report/movements/order?sortBy=o.id;drop',
      '/api/v1/report/movements/order?business=abc',
      '/api/v1/report/movements/payment?isForLodging=si',
      '/api/v1/report/movements/payment?itemsPerPage=0',
      '/api/v1/placereservation/table/movements-table?place=-1',
      '/api/v1/event/qr/movements-table?event=1.5',
      '/api/v1/event/qr/movements-table?createdAt=ayer',
    ];
    for (const url of bad) expectError(await server.get(url), 400);
  });
});
