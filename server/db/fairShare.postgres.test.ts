import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testNow, testSecret } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { demoEmployee, restrictedEmployee } from '../demo/demoAccounts.ts';
import { messages } from '../messages.ts';
import type { Db } from './Db.ts';
import { postgresDb } from './openPostgres.ts';

/** How long each of the greedy employee's requests keeps its connection. */
const slowSeconds = 5;

let db: Db;
let app: FastifyInstance;

const signIn = (account: { email: string; password: string }) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login/employee', payload: account });

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work;
  return { value, ms: performance.now() - started };
}

beforeAll(async () => {
  db = postgresDb(inject('postgresUrl'), { max: 4, streams: 2 }, { acquireMs: 2_000 });
  app = await buildApp({ db, jwtSecret: testSecret, now: () => testNow, sessionCacheSeconds: 0 });
  // A report that keeps its connection for a while, as a long period of a heavy report does; each call its own read.
  let calls = 0;
  app.get('/api/v1/test/slow', async () => (await app.db.query('SELECT pg_sleep($1) IS NULL AS slept, $2::int AS call', [slowSeconds, ++calls]))[0]);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

describe("one employee's slow requests and everyone else", () => {
  it('leave other employees their connections, and sign-in never waits behind them', async () => {
    const greedy = (await signIn(demoEmployee)).json<{ token: string }>().token;
    const other = (await signIn(restrictedEmployee)).json<{ token: string }>().token;
    const slow = Array.from({ length: 8 }, () => app.inject({ url: '/api/v1/test/slow', headers: { authorization: `Bearer ${greedy}` } }));
    // Let them all reach the database.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const page = await timed(app.inject({ url: '/api/v1/report/booking?itemsPerPage=10', headers: { authorization: `Bearer ${other}` } }));
    expect(page.value.statusCode).toBe(200);
    expect(page.ms).toBeLessThan(2_000);
    const login = await timed(signIn(restrictedEmployee));
    expect(login.value.statusCode).toBe(200);
    expect(login.ms).toBeLessThan(2_000);
    const ready = await timed(app.inject('/api/ready'));
    expect(ready.value.statusCode).toBe(200);
    expect(ready.ms).toBeLessThan(2_000);

    // The greedy employee's own requests past its share wait a bounded time, then are told so in Spanish.
    const answers = await Promise.all(slow);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429, 429, 429]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toEqual({ message: messages.poolShareFull });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
