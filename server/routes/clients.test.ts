import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testToday, type TestServer } from '../../tests/support/testServer.ts';
import { bookingRowShape } from '../sql/bookingList.ts';
import { extraDataKeys } from './clients.ts';
import { getOk as getOkFrom } from '../../tests/support/apiAssertions.ts';
import { accentedWord, holdsKeyword, spellings } from '../../tests/support/keyword.ts';
import { spanishOrder } from '../../tests/support/spanishOrder.ts';

let server: TestServer;
type Client = Record<string, unknown> & { id: number; master_id: string | null; deleted: boolean; extra_data: Record<string, unknown> };
let clients: Client[];
let usage: Array<{ client_id: number; date: string; seconds: number }>;
type RawBooking = { id: number; user_id: number; status: string; date_start: string; ref: string; total: number };
let bookings: RawBooking[];

beforeAll(async () => {
  server = await startTestServer();
  clients = await server.db.query<Client>('SELECT * FROM clients');
  usage = await server.db.query('SELECT client_id, date, seconds FROM app_usage');
  bookings = await server.db.query<RawBooking>('SELECT id, user_id, status, date_start, ref, total FROM bookings');
});
afterAll(() => server.close());

const getOk = (url: string) => getOkFrom(server, url);

const hours = (seconds: number) => Math.round(seconds / 36) / 100;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** App info recomputed from the raw usage rows of client `c`. */
function expectedAppInfo(c: Client) {
  if (!c.master_id) return null;
  const rows = usage.filter((u) => u.client_id === c.id && u.date <= testToday);
  const total = rows.reduce((s, u) => s + u.seconds, 0);
  const since = addDays(testToday, -29);
  const recent = rows.filter((u) => u.date >= since);
  const days = rows.map((u) => u.date).sort();
  return {
    masterID: c.master_id,
    user: { _id: c.id, name: c.name, lastName: c.last_name, email: c.email },
    totalTime: total,
    totalHours: hours(total),
    daysUsed: rows.length,
    averageHours: rows.length ? hours(total / rows.length) : 0,
    firstUse: days[0] ?? null,
    lastUse: days.at(-1) ?? null,
    last30DaysTime: recent.reduce((s, u) => s + u.seconds, 0),
    last30DaysUsed: recent.length,
  };
}

const sameInstant = (value: unknown, raw: unknown) =>
  expect(Date.parse(String(value))).toBe(new Date(raw as string | Date).getTime());

describe('GET /api/v1/client', () => {
  const ids = (rows: Array<{ _id: number }>) => rows.map((r) => r._id);
  const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
  const text = (c: Client) => [`${c.name} ${c.last_name}`, c.email as string | null, c.document_id as string | null];

  it('answers 50 clients by name, last name and id with status and sign-up, and the total', async () => {
    const raw = spanishOrder(await server.db.query<{ id: number; name: string; last_name: string }>('SELECT id, name, last_name FROM clients'), (c) => c.name, (c) => c.last_name, (c) => c.id);
    const body = await getOk('/api/v1/client');
    expect(body.total).toBe(clients.length);
    expect(ids(body.data)).toEqual(raw.slice(0, 50).map((r) => r.id));
    for (const row of body.data) {
      const c = clients.find((x) => x.id === row._id)!;
      expect(row).toMatchObject({ name: c.name, lastName: c.last_name, category: c.category, deleted: c.deleted });
      expect(row.status).toBe(c.deleted ? 'Retirado' : 'Activo');
      expect(row.state).toBe(c.state);
      sameInstant(row.createdAt, c.created_at);
    }
  });

  it('pages disjoint and complete; -1 answers all', async () => {
    const seen: number[] = [];
    const size = 40;
    for (let page = 1; page <= Math.ceil(clients.length / size); page++) {
      const body = await getOk(`/api/v1/client?itemsPerPage=${size}&page=${page}`);
      expect(body.total).toBe(clients.length);
      seen.push(...ids(body.data));
    }
    expect(new Set(seen).size).toBe(clients.length);
    expect((await getOk('/api/v1/client?itemsPerPage=-1')).data).toHaveLength(clients.length);
  });

  it('filters by category list, deleted flag and keyword, each keeping exactly its rows', async () => {
    const byCategory = clients.filter((c) => c.category === 'socio' || c.category === 'empleado').map((c) => c.id);
    expect(byCategory.length).toBeGreaterThan(0);
    expect(sorted(ids((await getOk('/api/v1/client?itemsPerPage=-1&category=socio&category=empleado')).data))).toEqual(
      sorted(byCategory),
    );
    for (const deleted of [true, false]) {
      const expected = clients.filter((c) => c.deleted === deleted).map((c) => c.id);
      expect(sorted(ids((await getOk(`/api/v1/client?itemsPerPage=-1&deleted=${deleted}`)).data))).toEqual(sorted(expected));
    }
    const sample = clients.find((c) => c.email && c.document_id)!;
    for (const keyword of [String(sample.last_name).toUpperCase(), String(sample.document_id), '%']) {
      const expected = clients.filter((c) => holdsKeyword(text(c), keyword)).map((c) => c.id);
      const body = await getOk(`/api/v1/client?itemsPerPage=-1&search=${encodeURIComponent(keyword)}&category=${sample.category}`);
      expect(sorted(ids(body.data)), keyword).toEqual(
        sorted(expected.filter((id) => clients.find((c) => c.id === id)!.category === sample.category)),
      );
    }
  });

  it('ignores case and accents: garcia, GARCÍA and García find the same clients', async () => {
    const word = accentedWord(clients.map((c) => String(c.last_name)));
    expect(word, 'test data has an accented last name').toBeDefined();
    for (const keyword of ['García', word!]) {
      const expected = sorted(clients.filter((c) => holdsKeyword(text(c), keyword)).map((c) => c.id));
      expect(expected.length, keyword).toBeGreaterThan(0);
      for (const spelt of spellings(keyword)) {
        const body = await getOk(`/api/v1/client?itemsPerPage=-1&search=${encodeURIComponent(spelt)}`);
        expect(sorted(ids(body.data)), spelt).toEqual(expected);
        expect(body.total).toBe(expected.length);
      }
    }
  });

  it('sorts by status and by sign-up both ways, then by id', async () => {
    for (const [field, column] of [['status', 'deleted'], ['createdAt', 'created_at'], ['category', 'category']]) {
      for (const desc of [false, true]) {
        const raw = await server.db.query<{ id: number }>(`SELECT id FROM clients ORDER BY ${column} ${desc ? 'DESC' : ''}, id`);
        const body = await getOk(`/api/v1/client?itemsPerPage=-1&sortBy=${field}&sortDesc=${desc}`);
        expect(ids(body.data), `${field} ${desc}`).toEqual(raw.map((r) => r.id));
      }
    }
  });

  it.each(['category=vip', 'deleted=si', 'sortBy=password', 'itemsPerPage=-2', 'status=Activo'])(
    'answers 400 in Spanish to %s',
    async (query) => {
      const res = await server.get(`/api/v1/client?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Parámetro/);
    },
  );
});

describe('GET /api/v1/client/:id', () => {
  it('answers every field of the client, its status, every extra-data key, app info and bookings count', async () => {
    const users = new Set(usage.map((u) => u.client_id));
    const c = clients.find((x) => x.master_id && users.has(x.id) && x.signature && Object.keys(x.extra_data).length)!;
    expect(c, 'test data has an app user with signature and extra data').toBeDefined();
    const { data } = await getOk(`/api/v1/client/${c.id}`);
    expect(data).toMatchObject({
      _id: c.id, name: c.name, lastName: c.last_name, email: c.email, phone: c.phone, birthday: c.birthday,
      nationality: c.nationality, gender: c.gender, country: c.country, state: c.state, status: 'Activo', city: c.city,
      documentID: c.document_id, documentType: c.document_type, zipcode: c.zipcode, address: c.address,
      addressDetail: c.address_detail, isUnderage: c.is_underage, isCompany: c.is_company, companyName: c.company_name,
      masterID: c.master_id, category: c.category, deleted: false, photo: c.photo, avatar: c.avatar,
      signature: c.signature, extraData: c.extra_data,
      appInfo: expectedAppInfo(c),
      bookingsCount: bookings.filter((b) => b.user_id === c.id).length,
    });
    sameInstant(data.createdAt, c.created_at);
    sameInstant(data.updatedAt, c.updated_at);
    expect(data.appInfo.daysUsed).toBeGreaterThan(0);
  });

  it('answers Retirado for a deleted client, null app info without masterID and null extra-data keys when empty', async () => {
    const deleted = clients.find((x) => x.deleted)!;
    expect(deleted).toBeDefined();
    expect((await getOk(`/api/v1/client/${deleted.id}`)).data).toMatchObject({ status: 'Retirado', deleted: true });
    const plain = clients.find((x) => !x.master_id && !Object.keys(x.extra_data).length)!;
    const { data } = await getOk(`/api/v1/client/${plain.id}`);
    expect(data.appInfo).toBeNull();
    expect(data.extraData).toEqual(Object.fromEntries(extraDataKeys.map((k) => [k, null])));
    expect(data.status).toBe('Activo');
  });

  it('answers 404 to an unknown client and 400 to a bad id or parameter', async () => {
    const missing = await server.get('/api/v1/client/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/No existe el usuario 999999/);
    for (const url of ['/api/v1/client/abc', '/api/v1/client/0', '/api/v1/client/1?foo=1']) {
      const res = await server.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/Parámetro/);
    }
  });
});

describe('GET /api/v1/client/app-info/:masterID', () => {
  it('answers the usage totals of the client with that masterID, the same as the detail', async () => {
    const withApp = clients.filter((x) => x.master_id);
    expect(withApp.length).toBeGreaterThan(2);
    for (const c of withApp.slice(0, 3)) {
      const { data } = await getOk(`/api/v1/client/app-info/${c.master_id}`);
      expect(data).toEqual(expectedAppInfo(c));
      expect(data).toEqual((await getOk(`/api/v1/client/${c.id}`)).data.appInfo);
    }
  });

  it('answers 404 to an unknown masterID and 400 to a malformed one', async () => {
    const res = await server.get('/api/v1/client/app-info/000000000000000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/masterID/);
    for (const bad of ['a%20b', 'x'.repeat(65), "a'b"]) {
      const r = await server.get(`/api/v1/client/app-info/${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().message).toMatch(/Parámetro/);
    }
  });
});

describe('GET /api/v1/client/:id/bookings', () => {
  let owner: number;
  let own: RawBooking[];
  beforeAll(() => {
    const counts = new Map<number, number>();
    for (const b of bookings) counts.set(b.user_id, (counts.get(b.user_id) ?? 0) + 1);
    owner = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
    own = bookings.filter((b) => b.user_id === owner);
  });
  const ids = (rows: Array<{ _id: number }>) => rows.map((r) => r._id);

  it("answers the client's bookings as lean list rows, latest check-in first; shape=full adds the whole booking and its rates", async () => {
    expect(own.length, 'test data has a client with several bookings').toBeGreaterThan(2);
    const body = await getOk(`/api/v1/client/${owner}/bookings?itemsPerPage=-1`);
    expect(body.total).toBe(own.length);
    const expected = [...own].sort((a, b) => b.date_start.localeCompare(a.date_start) || a.id - b.id);
    expect(ids(body.data)).toEqual(expected.map((b) => b.id));
    const first = body.data[0];
    expect(Object.keys(first).sort()).toEqual(Object.keys(bookingRowShape()).sort());
    expect(first).toMatchObject({ ref: expected[0]!.ref, total: expected[0]!.total, user: { _id: owner } });
    expect(first.place).toMatchObject({ _id: expect.any(Number), name: expect.any(String) });

    const full = await getOk(`/api/v1/client/${owner}/bookings?itemsPerPage=-1&shape=full`);
    expect(ids(full.data)).toEqual(ids(body.data));
    const whole = full.data[0];
    expect(whole).toMatchObject({ ref: first.ref, createdAt: expect.any(String), isVirtual: expect.any(Boolean), user: { _id: owner } });
    expect(Object.keys(whole.user)).toContain('email');
    const [rates] = await server.db.query<{ n: number; sum: number }>(
      'SELECT count(*) AS n, coalesce(sum(total_rate), 0) AS sum FROM booking_rates WHERE booking_id = $1',
      [whole._id],
    );
    expect(whole.rates).toHaveLength(rates!.n);
    const sum = whole.rates.reduce((s: number, r: { totalRate: number }) => s + r.totalRate, 0);
    expect(sum).toBeCloseTo(rates!.sum, 2);
  });

  it('pages disjoint and complete, sorts by a listed field and filters by status', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(own.length / 2); page++) {
      const body = await getOk(`/api/v1/client/${owner}/bookings?itemsPerPage=2&page=${page}`);
      expect(body.total).toBe(own.length);
      seen.push(...ids(body.data));
    }
    expect(new Set(seen).size).toBe(own.length);
    const byTotal = await getOk(`/api/v1/client/${owner}/bookings?itemsPerPage=-1&sortBy=total&sortDesc=true`);
    expect(ids(byTotal.data)).toEqual([...own].sort((a, b) => b.total - a.total || a.id - b.id).map((b) => b.id));
    const status = own[0]!.status;
    const byStatus = await getOk(`/api/v1/client/${owner}/bookings?itemsPerPage=-1&status=${status}`);
    expect(ids(byStatus.data).sort((a, b) => a - b)).toEqual(
      own.filter((b) => b.status === status).map((b) => b.id).sort((a, b) => a - b),
    );
  });

  it('answers an empty page to a client without bookings, 404 to an unknown one and 400 to bad input', async () => {
    const none = clients.find((c) => !bookings.some((b) => b.user_id === c.id))!;
    expect(await getOk(`/api/v1/client/${none.id}/bookings`)).toEqual({ data: [], total: 0 });
    expect((await server.get('/api/v1/client/999999/bookings')).statusCode).toBe(404);
    for (const q of ['user=1', 'sortBy=user.name', 'itemsPerPage=0', 'status=abierta', 'dateStart=2026-02-30', 'shape=mini', 'shape=FULL']) {
      const res = await server.get(`/api/v1/client/${owner}/bookings?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toMatch(/Parámetro/);
    }
  });
});

describe('authentication', () => {
  it.each(['/api/v1/client', '/api/v1/client/1', '/api/v1/client/app-info/abc', '/api/v1/client/1/bookings'])(
    'answers 401 to %s without a token',
    async (url) => {
      expect((await server.get(url, null)).statusCode).toBe(401);
    },
  );
});
