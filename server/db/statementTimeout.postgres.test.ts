import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testNow, testSecret } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { signToken } from '../http/auth.ts';
import { messages } from '../messages.ts';
import type { Db } from './Db.ts';
import { openPostgres } from './openPostgres.ts';
import type { FastifyInstance } from 'fastify';

// A lock held by another session is how a hung database looks to a request: only PostgreSQL has other sessions.
describe('a report on a table another session holds locked', () => {
  let db: Db;
  let app: FastifyInstance;
  let locker: pg.Client;
  let token: string;
  beforeAll(async () => {
    db = await openPostgres(inject('postgresUrl'), { max: 2 }, { connectMs: 1_000, statementMs: 1_000 });
    app = await buildApp({ db, jwtSecret: testSecret, now: () => testNow });
    const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
    token = await signToken({ secret: testSecret, ttlSeconds: 600 }, { employeeId: employee!.id, email: demoEmployee.email });
    locker = new pg.Client({ connectionString: inject('postgresUrl') });
    await locker.connect();
  });
  afterAll(async () => {
    await locker.end();
    await app.close();
    await db.close();
  });

  it('answers 503 with a Spanish message once the statement timeout passes, then works again', async () => {
    const get = () => app.inject({ url: '/api/v1/report/booking?itemsPerPage=5', headers: { authorization: `Bearer ${token}` } });
    await locker.query('BEGIN');
    try {
      await locker.query('LOCK TABLE bookings IN ACCESS EXCLUSIVE MODE');
      const blocked = await get();
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json()).toEqual({ message: messages.databaseTimeout });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Readiness does not touch the locked table: the server itself still answers.
      expect((await app.inject('/api/ready')).statusCode).toBe(200);
    } finally {
      await locker.query('ROLLBACK');
    }
    expect((await get()).statusCode).toBe(200);
  });
});
