import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startManyRowsServer, type ManyRowsServer } from '../../tests/support/manyRowsServer.ts';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { maxPageSize } from '../http/params.ts';
import { wholeAnswerMaxChars } from '../sql/paged.ts';

// Every-row answers of routes that answer a Paged as it is; `per_page` on the POS-style export of reviews.
const allRowsCases: { all: string; paged: string }[] = [
  { all: '/api/v1/report/booking?itemsPerPage=-1', paged: `/api/v1/report/booking?itemsPerPage=${maxPageSize}` },
  {
    all: '/api/v1/report/booking?itemsPerPage=-1&sortBy=total&sortDesc=true&status=checked_out&status=confirmed',
    paged: `/api/v1/report/booking?itemsPerPage=${maxPageSize}&sortBy=total&sortDesc=true&status=checked_out&status=confirmed`,
  },
  { all: '/api/v1/client?itemsPerPage=-1', paged: `/api/v1/client?itemsPerPage=${maxPageSize}` },
  { all: '/api/v1/report/movements/order?itemsPerPage=-1', paged: `/api/v1/report/movements/order?itemsPerPage=${maxPageSize}` },
  { all: '/api/v1/place?itemsPerPage=-1', paged: `/api/v1/place?itemsPerPage=${maxPageSize}` },
  { all: '/api/v1/review/service', paged: `/api/v1/review/service?per_page=${maxPageSize}` },
];

// POS-style lists (`per_page`): every row answers `data` then `links.pagination` with the count of every row.
const posAllRowsCases = [
  'closed-order-with-items',
  'closed-order',
  'detail-sale',
  'group-order',
  'popularity',
  'gift',
].flatMap((list) => [{ all: `/api/v1/report/${list}?per_page=-1`, paged: `/api/v1/report/${list}?per_page=${maxPageSize}` }]);

// Every POS list answered by posPagedRows streams on pagedAnswer's path: the same rows in the same order as the page
// (one JSON aggregate of the same statement's rows), under each sort and filter the export sends.
const posStreamedCases = [
  ...[
    '',
    '&sort=qty|asc',
    '&sort=unitPrice|desc',
    '&sort=total|desc',
    '&sort=tax|asc&sort=discount|desc',
    '&sort=item.name|asc&sort=order.invoice|desc',
    `&sort=${encodeURIComponent(JSON.stringify([{ field: 'createdAt', direction: 'asc' }]))}`,
    '&status=closed&event=false',
    '&status=open&status=cancelled&sort=qty|desc',
  ].map((query) => `/api/v1/report/detail-sale?initDate=2020-01-01&endDate=2030-12-31${query}`),
  '/api/v1/report/closed-order?initDate=2020-01-01&endDate=2030-12-31&sort=employee.name|asc&sort=total|desc',
  '/api/v1/report/closed-order-with-items?initDate=2020-01-01&endDate=2030-12-31&sort=invoice|asc',
  '/api/v1/report/service/order/paginate?dateStart=2020-01-01&dateEnd=2030-12-31',
  '/api/v1/employee/tip?dateStart=2020-01-01&dateEnd=2030-12-31',
  '/api/v1/review/paginate/service',
].map((list) => ({ all: `${list}${list.includes('?') ? '&' : '?'}per_page=-1`, paged: `${list}${list.includes('?') ? '&' : '?'}per_page=${maxPageSize}` }));

describe('every-row answers are streamed, unless they end within wholeAnswerMaxChars', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(allRowsCases)('$all answers what one page of every row answers', async ({ all, paged }) => {
    const streamed = await server.get(all);
    const whole = await server.get(paged);
    expect(whole.statusCode).toBe(200);
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toBe(whole.headers['content-type']);
    const body = streamed.json<{ data: unknown[]; total: number }>();
    expect(body).toEqual(whole.json());
    expect(Object.keys(body)).toEqual(['data', 'total']);
    expect(body.total).toBe(body.data.length);
    expect(whole.headers['content-length']).toBeDefined();
    // Streamed past wholeAnswerMaxChars of rows: the length is not known before the last row, so none is announced.
    // A list that ends within them is answered whole, with its length.
    if (streamed.body.length > wholeAnswerMaxChars + 100) expect(streamed.headers['content-length']).toBeUndefined();
    else if (streamed.body.length < wholeAnswerMaxChars) expect(streamed.headers['content-length']).toBe(String(streamed.rawPayload.length));
    else throw new Error(`${all}: ${streamed.body.length} characters, too near wholeAnswerMaxChars to say which it should be`);
  });

  it.each([...posAllRowsCases, ...posStreamedCases])('$all answers what one page of every row answers, POS-style', async ({ all, paged }) => {
    const streamed = await server.get(all);
    const whole = await server.get(paged);
    expect(whole.statusCode, whole.body.slice(0, 200)).toBe(200);
    expect(streamed.statusCode, streamed.body.slice(0, 200)).toBe(200);
    expect(streamed.headers['content-type']).toBe(whole.headers['content-type']);
    type PosPage = { data: unknown[]; links: { pagination: Record<string, number> } };
    const body = streamed.json<PosPage>();
    const page = whole.json<PosPage>();
    expect(Object.keys(body)).toEqual(['data', 'links']);
    expect(body.data).toEqual(page.data);
    // The sorts and filters compared are of rows the test data holds, not of empty lists.
    if (posStreamedCases.some((c) => c.all === all)) expect(body.data.length).toBeGreaterThan(1);
    expect(body.links.pagination).toEqual({ total: body.data.length, per_page: -1, current_page: 1, last_page: 1 });
    expect(page.links.pagination.total).toBe(body.data.length);
    if (streamed.body.length > wholeAnswerMaxChars + 100) expect(streamed.headers['content-length']).toBeUndefined();
    else if (streamed.body.length < wholeAnswerMaxChars) expect(streamed.headers['content-length']).toBe(String(streamed.rawPayload.length));
    else throw new Error(`${all}: ${streamed.body.length} characters, too near wholeAnswerMaxChars to say which it should be`);
  });

  it('streams the POS order lists of the test data (past wholeAnswerMaxChars)', async () => {
    for (const list of ['closed-order-with-items', 'closed-order', 'detail-sale']) {
      const streamed = await server.get(`/api/v1/report/${list}?per_page=-1`);
      expect(streamed.body.length, list).toBeGreaterThan(wholeAnswerMaxChars + 100);
      expect(streamed.headers['content-length'], list).toBeUndefined();
      expect(streamed.json<{ data: unknown[] }>().data.length, list).toBeGreaterThan(100);
    }
  });

  it('streams a list past wholeAnswerMaxChars of rows and answers a shorter one whole (both kinds are in the cases above)', async () => {
    const long = await server.get('/api/v1/report/booking?itemsPerPage=-1');
    const short = await server.get('/api/v1/place?itemsPerPage=-1');
    expect(long.body.length).toBeGreaterThan(wholeAnswerMaxChars + 100);
    expect(long.headers['content-length']).toBeUndefined();
    expect(short.body.length).toBeLessThan(wholeAnswerMaxChars);
    expect(short.json<{ total: number }>().total).toBeGreaterThan(1);
    expect(short.headers['content-length']).toBe(String(short.rawPayload.length));
  });

  it('finds rows to stream in the test data (the comparisons above are not of empty lists)', async () => {
    const bookings = (await server.get('/api/v1/report/booking?itemsPerPage=-1')).json<{ total: number }>();
    const clients = (await server.get('/api/v1/client?itemsPerPage=-1')).json<{ total: number }>();
    expect(bookings.total).toBeGreaterThan(10);
    expect(clients.total).toBeGreaterThan(10);
  });

  it.each([
    ['gzip', 'gzip', gunzipSync],
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
  ] as const)('compresses a streamed answer asked with "%s" as %s', async (accepts, encoding, decode) => {
    const headers = { authorization: `Bearer ${server.token}`, 'accept-encoding': accepts };
    const streamed = await server.request({ method: 'GET', url: '/api/v1/report/booking?itemsPerPage=-1', headers });
    const whole = await server.get(`/api/v1/report/booking?itemsPerPage=${maxPageSize}`);
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-encoding']).toBe(encoding);
    expect(JSON.parse(decode(streamed.rawPayload).toString('utf8'))).toEqual(whole.json());
  });

  it('answers a page (not every row) as before, with its length', async () => {
    const page = await server.get('/api/v1/report/booking?itemsPerPage=3&page=2');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-length']).toBeDefined();
    expect(page.json<{ data: unknown[] }>().data).toHaveLength(3);
  });
});

/** The status of a GET and the size of its first chunk, read before hanging up. */
function getFirstChunkThenHangUp(url: string, token: string): Promise<{ status: number | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.once('data', (chunk: Buffer) => {
        request.destroy();
        resolve({ status: response.statusCode, bytes: chunk.length });
      });
      response.once('error', () => undefined);
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
}

async function getJson(url: string, token: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(20_000) });
  return { status: response.status, body: await response.json() };
}

describe('a client that hangs up in the middle of a streamed answer', () => {
  let server: ManyRowsServer;
  let base: string;
  let token: string;
  beforeAll(async () => {
    server = await startManyRowsServer('/api/test/many-rows');
    ({ base, token } = server);
  });
  afterAll(async () => {
    await server.close();
  });

  it('closes the cursor and frees the connection: the next requests are answered', async () => {
    for (let round = 0; round < 3; round++) {
      const cut = await getFirstChunkThenHangUp(`${base}/api/test/many-rows`, token);
      expect(cut.status).toBe(200);
      expect(cut.bytes).toBeGreaterThan(0);
      const next = await getJson(`${base}/api/v1/report/booking?itemsPerPage=2`, token);
      expect(next.status).toBe(200);
      expect((next.body as { data: unknown[] }).data).toHaveLength(2);
    }
    const all = await getJson(`${base}/api/v1/client?itemsPerPage=-1`, token);
    expect(all.status).toBe(200);
    expect((all.body as { total: number }).total).toBeGreaterThan(10);
    // Each round's first chunk waits for PGlite to read 300,000 rows: seconds alone, tens of seconds on a busy machine.
  }, 240_000);

  it('answers HEAD of an every-row list without keeping the cursor', async () => {
    for (let round = 0; round < 2; round++) {
      const head = await fetch(`${base}/api/v1/client?itemsPerPage=-1`, {
        method: 'HEAD',
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(20_000),
      });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe('');
    }
    const next = await getJson(`${base}/api/v1/report/booking?itemsPerPage=2`, token);
    expect(next.status).toBe(200);
  });
});
