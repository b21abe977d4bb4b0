import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../db/Db.ts';
import { openPostgres } from '../db/openPostgres.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { signToken } from '../http/auth.ts';
import { testNow, testSecret } from '../../tests/support/testServer.ts';
import { startTestSmtp, subscriptionsTurn, type TestSmtp } from './testSmtp.ts';

// Several instances behind a balancer on one PostgreSQL database: each due send goes out exactly once.

let smtp: TestSmtp;
const dbs: Db[] = [];
const apps: FastifyInstance[] = [];
let token: string;

async function instance(name: string): Promise<FastifyInstance> {
  const db = await openPostgres(inject('postgresUrl'), { max: 4 });
  dbs.push(db);
  const app = await buildApp({ db, jwtSecret: testSecret, now: () => testNow, mail: { smtpUrl: smtp.url, instance: name, pollSeconds: 3600 } });
  await app.ready();
  apps.push(app);
  return app;
}

/** A subscription to Ventas POS general over one day of its own (its mail says which), due a minute ago. */
async function dueSubscription(app: FastifyInstance, day: string): Promise<number> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/v1/subscriptions',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({
      reportId: 'pos-sales',
      path: '/pos/sales',
      blocks: ['3'],
      state: { filters: [['period', `2026-01-01..${day}`]], params: [] },
      schedule: { frequency: 'daily', hour: 6 },
      format: 'csv',
      skipEmpty: false,
    }),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const id = answer.json<{ data: { id: number } }>().data.id;
  await app.db.primary.query("UPDATE subscriptions SET next_send_at = $2::timestamptz - interval '1 minute' WHERE id = $1", [id, testNow.toISOString()]);
  return id;
}

/** The "Fecha" line of each mail received: which subscription it was. */
const periods = () => smtp.received.map((mail) => /Fecha: (.*)/.exec(mail.text ?? '')?.[1]);

let releaseTurn: () => Promise<void>;

beforeAll(async () => {
  releaseTurn = await subscriptionsTurn();
  smtp = await startTestSmtp();
  const a = await instance('a');
  await instance('b');
  const [row] = await a.db.primary.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
  token = await signToken({ secret: testSecret, ttlSeconds: 3600 }, { employeeId: row!.id, email: demoEmployee.email });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of dbs) await db.close();
  await smtp.close();
  await releaseTurn();
});

describe('subscriptions on several instances', () => {
  it('sends each due subscription once when two instances run their rounds at the same time', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const days = ['2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'];
    await a.db.primary.query('UPDATE subscriptions SET paused = true');
    const ids: number[] = [];
    for (const day of days) ids.push(await dueSubscription(a, day));
    smtp.received.length = 0;
    // Both queue at once, twice over: one job per subscription and due instant.
    const queued = await Promise.all([a.subscriptions.enqueueDue(), b.subscriptions.enqueueDue(), a.subscriptions.enqueueDue(), b.subscriptions.enqueueDue()]);
    expect(queued.reduce((x, y) => x + y, 0)).toBe(days.length);
    // Both send at once, twice over, the jobs now all there to take.
    const handled = await Promise.all([a.subscriptions.runOnce(), b.subscriptions.runOnce(), a.subscriptions.runOnce(), b.subscriptions.runOnce()]);
    expect(handled.reduce((x, y) => x + y, 0)).toBe(days.length);
    expect(handled.filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(periods().sort()).toEqual(days.map((day) => `01/01/2026 - ${day.split('-').reverse().join('/')}`).sort());
    const jobs = await a.db.primary.query<{ n: number; sent: number }>(
      "SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'sent' AND cardinality(sent_to) = 1)::int AS sent FROM subscription_jobs WHERE subscription_id = ANY($1::int[])",
      [ids],
    );
    expect(jobs[0]).toEqual({ n: days.length, sent: days.length });
    // Nothing more is due: further rounds send nothing.
    await Promise.all([a.subscriptions.runOnce(), b.subscriptions.runOnce()]);
    expect(smtp.received).toHaveLength(days.length);
  });

  it('leaves a job held by another instance alone until its lease runs out, then sends it once', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    await a.db.primary.query('UPDATE subscriptions SET paused = true');
    const id = await dueSubscription(a, '2026-01-20');
    smtp.received.length = 0;
    // Instance a queues and claims it, then "dies" before sending.
    await a.subscriptions.enqueueDue();
    const held = await a.subscriptions.claim();
    expect(held?.subscription_id).toBe(id);
    expect(await b.subscriptions.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    // Its lease runs out: b takes the job and sends it.
    await a.db.primary.query("UPDATE subscription_jobs SET locked_until = $2::timestamptz - interval '1 second' WHERE id = $1", [held!.id, testNow.toISOString()]);
    expect(await b.subscriptions.runOnce()).toBe(1);
    expect(periods()).toEqual(['01/01/2026 - 20/01/2026']);
    const [job] = await a.db.primary.query<{ status: string; locked_by: string; attempts: number }>(
      'SELECT status, locked_by, attempts FROM subscription_jobs WHERE id = $1',
      [held!.id],
    );
    expect(job).toEqual({ status: 'sent', locked_by: 'b', attempts: 2 });
  });

  it('sends after a start what fell due while every instance was stopped', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    await a.db.primary.query('UPDATE subscriptions SET paused = true');
    await a.close();
    await b.close();
    const c = await instance('c');
    await dueSubscription(c, '2026-01-25');
    smtp.received.length = 0;
    c.subscriptions.start();
    await expect.poll(() => periods(), { timeout: 30_000 }).toEqual(['01/01/2026 - 25/01/2026']);
  });
});
