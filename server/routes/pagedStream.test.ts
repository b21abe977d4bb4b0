import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, testNow, testSecret, type TestServer } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/Db.ts';
import { openPglite } from '../db/openPglite.ts';
import { openPostgres } from '../db/openPostgres.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { signToken } from '../http/auth.ts';
import { maxPageSize } from '../http/params.ts';
import { pagedAnswer } from '../sql/paged.ts';

const onPostgres = process.env.TEST_ENGINE === 'postgres';

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

describe('every-row answers are streamed', () => {
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
    // Streamed: the length is not known before the last row, so none is announced.
    expect(whole.headers['content-length']).toBeDefined();
    expect(streamed.headers['content-length']).toBeUndefined();
  });

  it('finds rows to stream in the test data (the comparisons above are not of empty lists)', async () => {
    const bookings = (await server.get('/api/v1/report/booking?itemsPerPage=-1')).json<{ total: number }>();
    const clients = (await server.get('/api/v1/client?itemsPerPage=-1')).json<{ total: number }>();
    expect(bookings.total).toBeGreaterThan(10);
    expect(clients.total).toBeGreaterThan(10);
  });

  it('gzips a streamed answer for a client that accepts it', async () => {
    const headers = { authorization: `Bearer ${server.token}`, 'accept-encoding': 'gzip' };
    const streamed = await server.request({ method: 'GET', url: '/api/v1/report/booking?itemsPerPage=-1', headers });
    const whole = await server.get(`/api/v1/report/booking?itemsPerPage=${maxPageSize}`);
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(streamed.rawPayload).toString('utf8'))).toEqual(whole.json());
  });

  it('answers a page (not every row) as before, with its length', async () => {
    const page = await server.get('/api/v1/report/booking?itemsPerPage=3&page=2');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-length']).toBeDefined();
    expect(page.json<{ data: unknown[] }>().data).toHaveLength(3);
  });
});

/**
 * One connection on PostgreSQL (a client the stream kept makes the next request wait for one, then fail with a
 * 503), PGlite otherwise (a cursor kept open makes the next request wait for the stream's idle limit, 30 s).
 */
async function openOneConnection(): Promise<Db> {
  if (onPostgres) return openPostgres(inject('postgresUrl'), 1, { connectMs: 2_000, statementMs: 20_000 });
  return openPglite('memory://', new Blob([readFileSync(inject('pgliteSnapshot'))]));
}

function getFirstChunkThenHangUp(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.once('data', (chunk: Buffer) => {
        request.destroy();
        resolve(chunk.length);
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
  let db: Db;
  let app: FastifyInstance;
  let base: string;
  let token: string;
  beforeAll(async () => {
    db = await openOneConnection();
    app = await buildApp({ db, jwtSecret: testSecret, now: () => testNow });
    // Far more rows than socket buffers hold, through the same helper and hooks (auth, compression) as every list.
    app.get('/api/test/many-rows', async (_request, reply) =>
      pagedAnswer(reply, app.db, {
        from: 'generate_series(1, 300000) i',
        where: '',
        order: '',
        key: 'i',
        rowJson: `json_build_object('i', i, 'pad', repeat('x', 200))`,
        params: [],
        paging: { page: 1, itemsPerPage: -1 },
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
    token = await signToken({ secret: testSecret, ttlSeconds: 600 }, { employeeId: employee!.id, email: demoEmployee.email });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('closes the cursor and frees the connection: the next requests are answered', async () => {
    for (let round = 0; round < 3; round++) {
      expect(await getFirstChunkThenHangUp(`${base}/api/test/many-rows`, token)).toBeGreaterThan(0);
      const next = await getJson(`${base}/api/v1/report/booking?itemsPerPage=2`, token);
      expect(next.status).toBe(200);
      expect((next.body as { data: unknown[] }).data).toHaveLength(2);
    }
    const all = await getJson(`${base}/api/v1/client?itemsPerPage=-1`, token);
    expect(all.status).toBe(200);
    expect((all.body as { total: number }).total).toBeGreaterThan(10);
  });

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
