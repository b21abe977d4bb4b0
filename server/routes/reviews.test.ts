import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { messages } from '../messages.ts';
import { expectError, getOk as getOkFrom, utcDay } from '../../tests/support/apiAssertions.ts';

// Expected rows come from the raw reviews filtered in JavaScript, never from the server's SQL.
let server: TestServer;
interface RawReview {
  id: number;
  type: string;
  related_data: string;
  values: Array<{ name: string; value: number }>;
  created_at: Date;
  user_name: string | null;
}
let raw: RawReview[];
beforeAll(async () => {
  server = await startTestServer();
  raw = await server.db.query<RawReview>(
    `SELECT r.id, r.type, r.related_data, r."values", r.created_at, c.name AS user_name
       FROM reviews r LEFT JOIN clients c ON c.id = r.user_id`,
  );
});
afterAll(() => server.close());

const types = ['community', 'employee', 'product', 'service', 'task'];
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);


const getOk = (url: string) => getOkFrom(server, url);

interface ReviewRow {
  _id: number;
  type: string;
  relatedData: string;
  user: { name: string; lastName: string } | null;
  values: Array<{ name: string; value: number }>;
  createdAt: string;
}

describe('GET /api/v1/review/{type}', () => {
  it.each(types)('answers every %s review with its values, and only those', async (type) => {
    const body = await getOk(`/api/v1/review/${type}`);
    const expected = raw.filter((r) => r.type === type);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.total).toBe(expected.length);
    expect(sorted(body.data.map((r: ReviewRow) => r._id))).toEqual(sorted(expected.map((r) => r.id)));
    const byId = new Map(expected.map((r) => [r.id, r]));
    for (const row of body.data as ReviewRow[]) {
      const r = byId.get(row._id)!;
      expect(row.type).toBe(type);
      expect(row.relatedData).toBe(r.related_data);
      expect(row.values).toEqual(r.values);
      expect(row.user?.name ?? null).toBe(r.user_name);
      expect(new Date(row.createdAt).getTime()).toBe(r.created_at.getTime());
    }
  });

  it('keeps the reviews created on the UTC days from dateStart to dateEnd', async () => {
    const cases: Array<[string, string | undefined, string | undefined]> = [
      ['dateStart=2026-02-01&dateEnd=2026-03-16', '2026-02-01', '2026-03-16'],
      ['dateStart=2026-03-01', '2026-03-01', undefined],
      ['dateEnd=2024-01-31', undefined, '2024-01-31'],
    ];
    for (const [query, from, to] of cases) {
      const expected = raw.filter(
        (r) => r.type === 'product' && (!from || utcDay(r.created_at) >= from) && (!to || utcDay(r.created_at) <= to),
      );
      expect(expected.length, query).toBeGreaterThan(0);
      const body = await getOk(`/api/v1/review/product?${query}`);
      expect(sorted(body.data.map((r: ReviewRow) => r._id)), query).toEqual(sorted(expected.map((r) => r.id)));
    }
  });
});

describe('GET /api/v1/review/{type} with what the screen sends (§7: sort, page, per_page, dateStart, dateEnd)', () => {
  it('per_page=-1 answers every row of the days asked, in the sort asked', async () => {
    const query = 'dateStart=2025-06-01&dateEnd=2026-06-30&sort=createdAt|asc';
    const body = await getOk(`/api/v1/review/task?page=1&per_page=-1&${query}`);
    const expected = raw
      .filter((r) => r.type === 'task' && utcDay(r.created_at) >= '2025-06-01' && utcDay(r.created_at) <= '2026-06-30')
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
    expect(expected.length).toBeGreaterThan(2);
    expect(body.total).toBe(expected.length);
    expect(body.data.map((r: ReviewRow) => r._id)).toEqual(expected.map((r) => r.id));
  });

  it('a page of it is that slice of the whole, with the total of the whole', async () => {
    const whole = (await getOk('/api/v1/review/employee?per_page=-1&sort=createdAt|desc')).data as ReviewRow[];
    const second = await getOk('/api/v1/review/employee?page=2&per_page=3&sort=createdAt|desc');
    expect(second.total).toBe(whole.length);
    expect(second.data.map((r: ReviewRow) => r._id)).toEqual(whole.slice(3, 6).map((r) => r._id));
  });

  it('refuses bad paging like the paged call', async () => {
    for (const q of ['per_page=0', 'page=0', 'per_page=abc']) expectError(await server.get(`/api/v1/review/task?${q}`), 400);
  });
});

describe('GET /api/v1/review/paginate/{type}', () => {
  it('pages without overlap, with the pagination links, and per_page=-1 gives all', async () => {
    const expected = raw.filter((r) => r.type === 'employee').map((r) => r.id);
    const size = 30;
    const pages = Math.ceil(expected.length / size);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const body = await getOk(`/api/v1/review/paginate/employee?per_page=${size}&page=${page}`);
      expect(body.links.pagination).toEqual({ total: expected.length, per_page: size, current_page: page, last_page: pages });
      seen.push(...body.data.map((r: ReviewRow) => r._id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(sorted(seen)).toEqual(sorted(expected));
    const everything = await getOk('/api/v1/review/paginate/employee?per_page=-1');
    expect(everything.data.length).toBe(expected.length);
    expect(everything.links.pagination.last_page).toBe(1);
  });

  it('sorts by field|dir, repeated or as the JSON object', async () => {
    const asc = (await getOk('/api/v1/review/paginate/service?per_page=-1&sort=createdAt|asc')).data as ReviewRow[];
    const times = asc.map((r) => new Date(r.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const json = encodeURIComponent(JSON.stringify({ direction: 'desc', field: 'Fecha', sortField: 'createdAt' }));
    const desc = (await getOk(`/api/v1/review/paginate/service?per_page=-1&sort=${json}`)).data as ReviewRow[];
    expect(desc.length).toBe(asc.length);
    const descTimes = desc.map((r) => new Date(r.createdAt).getTime());
    expect(descTimes).toEqual([...descTimes].sort((a, b) => b - a));
    const byData = (await getOk('/api/v1/review/paginate/service?per_page=-1&sort=relatedData|asc&sort=createdAt|desc'))
      .data as ReviewRow[];
    const keys = byData.map((r) => r.relatedData);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('filters by days as the export does', async () => {
    const query = 'dateStart=2025-06-01&dateEnd=2025-12-31';
    const page = await getOk(`/api/v1/review/paginate/community?per_page=-1&${query}`);
    const all = await getOk(`/api/v1/review/community?${query}`);
    const expected = raw.filter(
      (r) => r.type === 'community' && utcDay(r.created_at) >= '2025-06-01' && utcDay(r.created_at) <= '2025-12-31',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(page.data.map((r: ReviewRow) => r._id))).toEqual(sorted(expected.map((r) => r.id)));
    expect(page.links.pagination.total).toBe(all.total);
  });
});

describe('bad input and sessions', () => {
  it('answers 400 in Spanish to any other type', async () => {
    for (const url of ['/api/v1/review/hotel', '/api/v1/review/paginate/Task', '/api/v1/review/paginate/x%27%3Bdrop']) {
      expectError(await server.get(url), 400);
    }
  });

  it('answers 400 to unknown parameters, bad dates, reversed days, bad sort and bad paging', async () => {
    expectError(await server.get('/api/v1/review/task?foo=1'), 400, messages.unknownParameter('foo'));
    for (const q of [
      'dateStart=2026-13-01',
      'dateStart=2026-03-10&dateEnd=2026-03-01',
      'sort=values|asc',
      'sort=createdAt|up',
      'sort=%7Bbad',
      'per_page=0',
      'page=0',
      'per_page=abc',
    ]) {
      expectError(await server.get(`/api/v1/review/paginate/task?${q}`), 400);
    }
  });

  it('answers 401 without a token', async () => {
    expectError(await server.get('/api/v1/review/task', null), 401, messages.authRequired);
    expectError(await server.get('/api/v1/review/paginate/task', null), 401, messages.authRequired);
  });
});
