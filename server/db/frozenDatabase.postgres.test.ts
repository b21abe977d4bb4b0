import type { FastifyInstance } from 'fastify';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../../tests/support/tcpProxy.ts';
import { testNow, testSecret } from '../../tests/support/testServer.ts';
import { wideRows } from '../../tests/support/wideRows.ts';
import { buildApp } from '../app.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { messages } from '../messages.ts';
import type { Db } from './Db.ts';
import { postgresDb } from './openPostgres.ts';

/** The bound a user waits at most when the database stops answering (design target about 2 s; slack for a busy machine). */
const boundMs = 3_000;

let proxy: TcpProxy;
let db: Db;
let app: FastifyInstance;
let base: string;
let token: string;

/** A request through a real socket, with the time until its status and whole body (or the body's failure) are known. */
async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
  let body: string | undefined;
  let bodyFailed = false;
  try {
    body = await response.text();
  } catch {
    bodyFailed = true;
  }
  return { status: response.status, headers: response.headers, body, bodyFailed, ms: performance.now() - started };
}

const signIn = () =>
  timed('/api/v1/auth/login/employee', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoEmployee),
  });
const asEmployee = (path: string) => timed(path, { headers: { authorization: `Bearer ${token}` } });

function expectUnavailable(answer: Awaited<ReturnType<typeof timed>>) {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect([messages.databaseUnavailable, messages.databaseTimeout]).toContain(JSON.parse(answer.body!).message);
  expect(answer.ms).toBeLessThan(boundMs);
}

beforeAll(async () => {
  const target = new URL(inject('postgresUrl'));
  proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
  // The server's own defaults: only the address goes through the proxy.
  db = postgresDb(proxy.url(inject('postgresUrl')));
  app = await buildApp({ db, jwtSecret: testSecret, now: () => testNow, sessionCacheSeconds: 0 });
  // An all-rows answer larger than the sockets' buffers, its status sent with its first rows.
  app.get('/api/v1/test/wide', async (_request, reply) => {
    const rows = app.db.streamJson(wideRows('frozen stream'), [], 1000);
    return reply.type('text/plain').send(Readable.from((async function* () {
      for await (const batch of rows) yield `${batch.join('\n')}\n`;
    })()));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  const login = await signIn();
  expect(login.status).toBe(200);
  token = JSON.parse(login.body!).token;
  // Open connections in every pool, as a server that has been serving has.
  for (const path of ['/api/v1/report/booking?itemsPerPage=10', '/api/v1/report/booking?itemsPerPage=-1', '/api/ready']) {
    expect((await asEmployee(path)).status).toBe(200);
  }
});

afterAll(async () => {
  proxy.thaw();
  await app.close();
  await db.close();
  await proxy.close();
});

/** Opens `path` and reads a little of its body, then lets `between` run and reads on: how the body ended, and when. */
function readAcross(path: string, between: () => void): Promise<{ status: number; ended: 'complete' | 'cut'; msAfter: number }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } }, (response) => {
      let started = 0;
      response.once('data', () => {
        response.pause();
        // Rows wait unread long enough for the database to stop at its writes; then it freezes and the reading goes on.
        setTimeout(() => {
          between();
          started = performance.now();
          response.resume();
        }, 500);
      });
      const end = (ended: 'complete' | 'cut') => resolve({ status: response.statusCode!, ended, msAfter: performance.now() - started });
      response.on('end', () => end(response.complete ? 'complete' : 'cut'));
      response.on('aborted', () => end('cut'));
      response.on('error', () => end('cut'));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('a PostgreSQL server that stops answering (connections open, no byte moving)', () => {
  it('cuts an all-rows answer whose status was sent, within the bound, so that its client sees it incomplete', async () => {
    const answer = await readAcross('/api/v1/test/wide', () => proxy.freeze());
    expect(answer.status).toBe(200);
    expect(answer.ended).toBe('cut');
    expect(answer.msAfter).toBeLessThan(boundMs);
    proxy.thaw();
    await expect.poll(async () => (await timed('/api/ready')).status, { timeout: 10_000, interval: 200 }).toBe(200);
  });

  it('answers sign-in, a report page, an all-rows answer and readiness with 503 and Retry-After within the bound', async () => {
    proxy.freeze();
    const answers = await Promise.all([
      signIn(),
      asEmployee('/api/v1/report/booking?itemsPerPage=10'),
      asEmployee('/api/v1/report/booking?itemsPerPage=-1'),
      timed('/api/ready'),
    ]);
    for (const answer of answers) expectUnavailable(answer);
    // A request arriving once the server is known frozen is told at once as well.
    expectUnavailable(await asEmployee('/api/v1/report/booking?itemsPerPage=20'));
    expectUnavailable(await signIn());
  });

  it('serves again once the server answers', async () => {
    proxy.thaw();
    await expect.poll(async () => (await timed('/api/ready')).status, { timeout: 10_000, interval: 200 }).toBe(200);
    expect((await signIn()).status).toBe(200);
    expect((await asEmployee('/api/v1/report/booking?itemsPerPage=10')).status).toBe(200);
    const all = await asEmployee('/api/v1/report/booking?itemsPerPage=-1');
    expect(all.status).toBe(200);
    expect(JSON.parse(all.body!).data.length).toBeGreaterThan(0);
  });
});
