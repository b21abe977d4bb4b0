import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Socket } from 'node:net';
import { testSecret } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { openPgliteRetrying } from '../../tests/support/openPgliteRetrying.ts';
import { postgresDb } from '../db/openPostgres.ts';
import type { FastifyInstance } from 'fastify';
import { messages } from '../messages.ts';

let app: FastifyInstance;
beforeAll(async () => {
  const db = await openPgliteRetrying('memory://');
  app = await buildApp({ db, jwtSecret: testSecret });
  await db.close();
});
afterAll(() => app.close());

describe('health and readiness', () => {
  it('stays live but answers 503 on /api/ready while the database does not answer', async () => {
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: messages.databaseUnavailable });
  });

  it('answers 503 on /api/ready by itself, long before the pool would give up on a silent server', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket.on('error', () => undefined)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    // The pool would wait ten minutes: only the probe's own timeout can answer within the test's time.
    const db = postgresDb(`postgres://postgres@127.0.0.1:${port}/mirador`, { max: 1 }, { connectMs: 600_000 });
    const frozenApp = await buildApp({ db, jwtSecret: testSecret });
    try {
      const ready = await frozenApp.inject('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: messages.databaseUnavailable });
    } finally {
      await frozenApp.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
      await db.close().catch(() => undefined);
    }
  });
});
