import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { getOk as getOkFrom } from '../../tests/support/apiAssertions.ts';
import { holdsKeyword } from '../../tests/support/keyword.ts';
import { spanishOrder } from '../../tests/support/spanishOrder.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getOk = (url: string) => getOkFrom(server, url);

const idsOf = (rows: Array<{ _id?: number; id?: number }>) => rows.map((r) => r._id ?? r.id);
const sortedIds = (rows: Array<{ _id?: number; id?: number }>) => idsOf(rows).sort((a, b) => a! - b!);

/** Every row of a lookup, by walking its pages of `size`; checks the pages are disjoint and the total steady. */
async function walkPages(url: string, size: number, sizeParam = 'itemsPerPage') {
  const first = await getOk(`${url}${url.includes('?') ? '&' : '?'}${sizeParam}=${size}&page=1`);
  const rows = [...first.data];
  for (let page = 2; page <= Math.ceil(first.total / size); page++) {
    const body = await getOk(`${url}${url.includes('?') ? '&' : '?'}${sizeParam}=${size}&page=${page}`);
    expect(body.total).toBe(first.total);
    rows.push(...body.data);
  }
  expect(rows).toHaveLength(first.total);
  expect(new Set(idsOf(rows)).size).toBe(rows.length);
  return rows;
}

describe('GET /api/v1/user', () => {
  it('answers 10 clients by default, ordered by name, last name and id, with the total', async () => {
    const raw = spanishOrder(await server.db.query<{ id: number; name: string; last_name: string }>('SELECT id, name, last_name FROM clients'), (c) => c.name, (c) => c.last_name, (c) => c.id);
    const body = await getOk('/api/v1/user');
    expect(body.total).toBe(raw.length);
    expect(idsOf(body.data)).toEqual(idsOf(raw.slice(0, 10)));
    expect(body.data[0]).toMatchObject({ _id: expect.any(Number), name: expect.any(String), lastName: expect.any(String) });
    expect(body.data[0]).not.toHaveProperty('signature');
  });

  it('pages through every client once', async () => {
    const raw = spanishOrder(await server.db.query<{ id: number; name: string; last_name: string }>('SELECT id, name, last_name FROM clients'), (c) => c.name, (c) => c.last_name, (c) => c.id);
    const rows = await walkPages('/api/v1/user', 37);
    expect(idsOf(rows)).toEqual(idsOf(raw));
    expect((await getOk('/api/v1/user?itemsPerPage=-1')).data).toHaveLength(raw.length);
  });

  it('searches name, last name, e-mail and document id, ignoring case', async () => {
    type Client = { id: number; name: string; last_name: string; email: string | null; document_id: string | null };
    const clients = await server.db.query<Client>(
      'SELECT id, name, last_name, email, document_id FROM clients',
    );
    const sample = clients.find((c) => c.email && c.document_id)!;
    expect(sample, 'test data has a client with e-mail and document').toBeDefined();
    const fullName = `${sample.name} ${sample.last_name}`;
    for (const keyword of [sample.name, sample.last_name, sample.email!.toUpperCase(), sample.document_id!, fullName]) {
      const expected = clients
        .filter((c) => holdsKeyword([`${c.name} ${c.last_name}`, c.email, c.document_id], keyword))
        .map((c) => c.id)
        .sort((a, b) => a - b);
      const body = await getOk(`/api/v1/user?itemsPerPage=-1&search=${encodeURIComponent(keyword)}`);
      expect(sortedIds(body.data), keyword).toEqual(expected);
      expect(expected).toContain(sample.id);
    }
  });

  it.each(["O'", '%', '_', "'; DROP TABLE clients; --"])('reads the search %s as plain text', async (keyword) => {
    const clients = await server.db.query<{ id: number; text: string }>(
      `SELECT id, lower(name || ' ' || last_name || '|' || coalesce(email, '') || '|' || coalesce(document_id, '')) AS text
         FROM clients`,
    );
    const expected = clients.filter((c) => holdsKeyword([c.text], keyword)).map((c) => c.id);
    const body = await getOk(`/api/v1/user?itemsPerPage=-1&search=${encodeURIComponent(keyword)}`);
    expect(sortedIds(body.data)).toEqual(expected.sort((a, b) => a - b));
  });

  it('filters by category list and by the deleted flag', async () => {
    const byCategory = await server.db.query<{ id: number }>(
      "SELECT id FROM clients WHERE category IN ('socio', 'huesped') ORDER BY id",
    );
    expect(byCategory.length).toBeGreaterThan(0);
    const body = await getOk('/api/v1/user?itemsPerPage=-1&category=socio,huesped');
    expect(sortedIds(body.data)).toEqual(idsOf(byCategory));
    expect(sortedIds((await getOk('/api/v1/user?itemsPerPage=-1&category[]=socio&category[]=huesped')).data)).toEqual(
      idsOf(byCategory),
    );
    for (const deleted of [true, false]) {
      const raw = await server.db.query<{ id: number }>('SELECT id FROM clients WHERE deleted = $1 ORDER BY id', [deleted]);
      expect(raw.length, `test data has clients with deleted=${deleted}`).toBeGreaterThan(0);
      const res = await getOk(`/api/v1/user?itemsPerPage=-1&deleted=${deleted}`);
      expect(sortedIds(res.data)).toEqual(idsOf(raw));
    }
  });

  const badQueries = ['category=vip', 'page=0', 'itemsPerPage=-2', 'deleted=si', 'sort=name'];
  it.each(badQueries)('answers 400 in Spanish to %s', async (query) => {
    const res = await server.get(`/api/v1/user?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Parámetro/);
  });
});

describe('GET /api/v1/user/:id', () => {
  it('answers every field of the client', async () => {
    const [raw] = await server.db.query<Record<string, unknown>>(
      'SELECT * FROM clients ORDER BY (birthday IS NULL), (address IS NULL), id LIMIT 1',
    );
    const c = raw!;
    const { data } = await getOk(`/api/v1/user/${c.id}`);
    expect(data).toEqual({
      _id: c.id,
      name: c.name,
      lastName: c.last_name,
      email: c.email,
      phone: c.phone,
      birthday: c.birthday,
      documentType: c.document_type,
      documentID: c.document_id,
      nationality: c.nationality,
      gender: c.gender,
      category: c.category,
      country: c.country,
      state: c.state,
      city: c.city,
      zipcode: c.zipcode,
      address: c.address,
      addressDetail: c.address_detail,
      isUnderage: c.is_underage,
      isCompany: c.is_company,
      companyName: c.company_name,
      masterID: c.master_id,
      photo: c.photo,
      avatar: c.avatar,
      signature: c.signature,
      extraData: c.extra_data,
      deleted: c.deleted,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Date.parse(data.createdAt)).toBe(new Date(c.created_at as Date).getTime());
    expect(Date.parse(data.updatedAt)).toBe(new Date(c.updated_at as Date).getTime());
  });

  it('answers 404 in Spanish for an unknown client and 400 for a bad id', async () => {
    const missing = await server.get('/api/v1/user/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No existe el usuario 999999999.' });
    expect((await server.get('/api/v1/user/abc')).statusCode).toBe(400);
    expect((await server.get("/api/v1/user/1'")).statusCode).toBe(400);
  });
});

describe('GET /api/v1/place', () => {
  it('answers rooms and spaces, 10 by default, with their typology', async () => {
    const raw = spanishOrder(await server.db.query<{ id: number; name: string }>('SELECT id, name FROM places'), (p) => p.name, (p) => p.id);
    const body = await getOk('/api/v1/place');
    expect(body.total).toBe(raw.length);
    expect(idsOf(body.data)).toEqual(idsOf(raw.slice(0, 10)));
    const rows = await walkPages('/api/v1/place', 4);
    expect(idsOf(rows)).toEqual(idsOf(raw));
    const room = rows.find((p) => p.typology);
    expect(Object.keys(room)).toEqual(['_id', 'name', 'typology']);
    expect(Object.keys(room.typology)).toEqual(['_id', 'name']);
  });

  it('filters by typology list, by kind and by name', async () => {
    const [t] = await server.db.query<{ id: number }>('SELECT min(typology_id) AS id FROM places');
    const byTypology = await server.db.query<{ id: number }>('SELECT id FROM places WHERE typology_id = $1 ORDER BY id', [
      t!.id,
    ]);
    expect(sortedIds((await getOk(`/api/v1/place?itemsPerPage=-1&typology=${t!.id}`)).data)).toEqual(idsOf(byTypology));
    for (const isSpace of [true, false]) {
      const raw = await server.db.query<{ id: number }>('SELECT id FROM places WHERE is_space = $1 ORDER BY id', [isSpace]);
      expect(raw.length).toBeGreaterThan(0);
      expect(sortedIds((await getOk(`/api/v1/place?itemsPerPage=-1&isSpace=${isSpace}`)).data)).toEqual(idsOf(raw));
    }
    const [sample] = await server.db.query<{ name: string }>('SELECT name FROM places ORDER BY id LIMIT 1');
    const keyword = sample!.name.slice(0, 3);
    const places = await server.db.query<{ id: number; name: string }>('SELECT id, name FROM places ORDER BY id');
    const expected = places.filter((p) => holdsKeyword([p.name], keyword)).map((p) => p.id);
    const searched = await getOk(`/api/v1/place?itemsPerPage=-1&search=${encodeURIComponent(keyword)}`);
    expect(sortedIds(searched.data)).toEqual(expected);
  });
});

describe('GET /api/v1/place/spaces', () => {
  const spaceIds = (where: string) =>
    server.db.query<{ id: number }>(`SELECT id FROM places WHERE ${where} ORDER BY id`).then(idsOf);

  it('answers spaces, 15 a page by default, per_page or itemsPerPage otherwise', async () => {
    const all = await spaceIds('is_space');
    const body = await getOk('/api/v1/place/spaces');
    expect(body.total).toBe(all.length);
    expect(body.data.length).toBe(Math.min(15, all.length));
    expect(sortedIds(await walkPages('/api/v1/place/spaces', 2, 'per_page'))).toEqual(all);
    expect(sortedIds(await walkPages('/api/v1/place/spaces', 3, 'itemsPerPage'))).toEqual(all);
  });

  it.each([
    ['status=true', 'is_space AND status'],
    ['status=false', 'is_space AND NOT status'],
    ['withReservation=true', 'is_space AND with_reservation'],
    ['withReservation=false', 'is_space AND NOT with_reservation'],
    ['deleted=true', 'is_space AND deleted'],
    ['deleted=false', 'is_space AND NOT deleted'],
    ['withOutRooms=true', 'is_space'],
    ['withOutRooms=false', 'true'],
    [
      'page=1&per_page=15&search=&withOutRooms=true&status=false&withReservation=true&deleted=false',
      'is_space AND NOT status AND with_reservation AND NOT deleted',
    ],
  ])('%s keeps exactly what it says', async (query, where) => {
    const expected = await spaceIds(where);
    const body = await getOk(`/api/v1/place/spaces?per_page=-1&${query.replace(/(^|&)per_page=15/, '')}`);
    expect(sortedIds(body.data)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  // The small data has no active or deleted space among its first six, so those filters keep nothing there.
  it('has test data for the spaces filter values the screens send', async () => {
    for (const where of ['NOT status', 'with_reservation', 'NOT with_reservation', 'NOT deleted']) {
      expect((await spaceIds(`is_space AND ${where}`)).length, where).toBeGreaterThan(0);
    }
  });

  it('searches by name', async () => {
    const spaces = await server.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM places WHERE is_space ORDER BY id',
    );
    const keyword = spaces[0]!.name.slice(1, 4).toUpperCase();
    const expected = spaces.filter((p) => holdsKeyword([p.name], keyword)).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(sortedIds((await getOk(`/api/v1/place/spaces?search=${encodeURIComponent(keyword)}`)).data)).toEqual(expected);
  });
});

describe('GET /api/v1/place/typology', () => {
  it('answers typologies with their photos', async () => {
    const raw = spanishOrder(await server.db.query<{ id: number; name: string; photos: string[] }>('SELECT id, name, photos FROM typologies'), (t) => t.name, (t) => t.id);
    const body = await getOk('/api/v1/place/typology?itemsPerPage=-1');
    expect(body.total).toBe(raw.length);
    expect(body.data).toEqual(raw.map((t) => ({ _id: t.id, name: t.name, photos: t.photos })));
    const page = await getOk('/api/v1/place/typology?itemsPerPage=2&page=2');
    expect(page.data).toEqual(body.data.slice(2, 4));
    const keyword = raw[0]!.name.slice(0, 3);
    const searched = await getOk(`/api/v1/place/typology?search=${encodeURIComponent(keyword)}`);
    expect(sortedIds(searched.data)).toEqual(
      raw.filter((t) => holdsKeyword([t.name], keyword)).map((t) => t.id).sort((a, b) => a - b),
    );
  });
});

describe('GET /api/v1/place/business', () => {
  it('answers businesses that are businesses and not services, 500 by default', async () => {
    const raw = spanishOrder(
      await server.db.query<{ id: number; name: string }>('SELECT id, name FROM businesses WHERE is_business = true AND is_service = false'),
      (b) => b.name,
      (b) => b.id,
    );
    const excluded = await server.db.query<{ id: number }>('SELECT id FROM businesses WHERE is_service OR NOT is_business');
    expect(excluded.length, 'test data has service businesses or non-businesses').toBeGreaterThan(0);
    const body = await getOk('/api/v1/place/business');
    expect(body.total).toBe(raw.length);
    expect(body.data).toEqual(raw.slice(0, 500).map((b) => ({ _id: b.id, name: b.name })));
    const ids = new Set(idsOf(body.data));
    expect(excluded.some((b) => ids.has(b.id))).toBe(false);
  });

  it('pages and searches', async () => {
    const raw = spanishOrder(
      await server.db.query<{ id: number; name: string }>('SELECT id, name FROM businesses WHERE is_business AND NOT is_service'),
      (b) => b.name,
      (b) => b.id,
    );
    expect(idsOf(await walkPages('/api/v1/place/business', 2))).toEqual(idsOf(raw));
    const all = await server.db.query<{ name: string }>('SELECT name FROM businesses WHERE is_service OR NOT is_business');
    for (const keyword of [raw[0]!.name, ...all.map((b) => b.name)]) {
      const expected = raw.filter((b) => holdsKeyword([b.name], keyword)).map((b) => b.id);
      const body = await getOk(`/api/v1/place/business?search=${encodeURIComponent(keyword)}`);
      expect(sortedIds(body.data), keyword).toEqual(expected.sort((a, b) => a - b));
    }
  });
});

describe('lookups: bad input and sign-in', () => {
  it.each([
    '/api/v1/place?isSpace=maybe',
    '/api/v1/place?typology=1,x',
    `/api/v1/place?typology=${Array.from({ length: 10_000 }, (_, i) => i + 1).join(',')}`,
    '/api/v1/place/spaces?per_page=0',
    '/api/v1/place/spaces?withOutRooms=1',
    '/api/v1/place/typology?page=-1',
    '/api/v1/place/business?itemsPerPage=abc',
    '/api/v1/place/business?isService=true',
  ])('answers 400 in Spanish to %s', async (url) => {
    const res = await server.get(url);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.json().message).toMatch(/Parámetro/);
  });

  const lookupUrls = [
    '/api/v1/user',
    '/api/v1/user/1',
    '/api/v1/place',
    '/api/v1/place/spaces',
    '/api/v1/place/typology',
    '/api/v1/place/business',
  ];
  it.each(lookupUrls)(
    'answers 401 to %s without a token or with a forged one',
    async (url) => {
      expect((await server.get(url, null)).statusCode).toBe(401);
      expect((await server.get(url, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).statusCode).toBe(401);
    },
  );
});
