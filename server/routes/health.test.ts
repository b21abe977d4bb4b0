import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSecret } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { openPglite } from '../db/openPglite.ts';
import type { FastifyInstance } from 'fastify';
import { messages } from '../messages.ts';

let app: FastifyInstance;
beforeAll(async () => {
  const db = await openPglite('memory://');
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
});
