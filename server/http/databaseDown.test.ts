import type { FastifyInstance } from 'fastify';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSecret } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { postgresDb } from '../db/openPostgres.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { messages } from '../messages.ts';
import { signToken } from './auth.ts';

/** A "server" that accepts connections and never says a word, like a frozen PostgreSQL. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function appOn(url: string) {
  const db = postgresDb(url, { max: 2 }, { connectMs: 1_000, statementMs: 1_000 });
  const app = await buildApp({ db, jwtSecret: testSecret });
  const token = await signToken({ secret: testSecret, ttlSeconds: 600 }, { employeeId: 1, email: demoEmployee.email });
  return { app, db, token };
}

function expectUnavailable(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, message: string) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ message });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe.each([
  // Nothing listens on port 1: the connection is refused at once.
  ['down (connection refused)', async () => ({ url: 'postgres://postgres@127.0.0.1:1/mirador', close: async () => undefined })],
  // Connections are accepted and never answered: only the connect timeout ends the wait.
  [
    'frozen (connection never answered)',
    async () => {
      const silent = await silentServer();
      return { url: `postgres://postgres@127.0.0.1:${silent.port}/mirador`, close: silent.close };
    },
  ],
])('a database that is %s', (_name, start) => {
  let app: FastifyInstance;
  let token: string;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    const target = await start();
    const opened = await appOn(target.url);
    app = opened.app;
    token = opened.token;
    stop = async () => {
      await app.close();
      await opened.db.close();
      await target.close();
    };
  });
  afterAll(() => stop());

  it('answers 503 "La base de datos no responde" on a report, with Retry-After', async () => {
    const report = await app.inject({ url: '/api/v1/report/booking', headers: { authorization: `Bearer ${token}` } });
    expectUnavailable(report, messages.databaseUnavailable);
    const dashboard = await app.inject({ url: '/api/v1/report/dashboard', headers: { authorization: `Bearer ${token}` } });
    expectUnavailable(dashboard, messages.databaseUnavailable);
  });

  it('answers 503 on sign-in, not 401 or 500', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/employee',
      payload: { email: demoEmployee.email, password: demoEmployee.password },
    });
    expectUnavailable(login, messages.databaseUnavailable);
  });

  it('answers 503 on /api/ready and stays live on /api/health', async () => {
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expectUnavailable(await app.inject('/api/ready'), messages.databaseUnavailable);
  });
});
