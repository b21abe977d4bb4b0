import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../db/Db.ts';
import { migrate } from '../db/migrate.ts';
import { openPostgres } from '../db/openPostgres.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { loadDemoData } from '../demo/loadDemoData.ts';
import { signToken } from './auth.ts';
import { dataVersionsSql } from './versionedCache.ts';
import { openPgliteSnapshot, testNow, testSecret } from '../../tests/support/testServer.ts';
import { testDemoOptions } from '../../tests/support/testData.ts';

/** The same Db, each statement's SQL written down while `counting` is on (for `query` on it and on its primary). */
function countingDb(db: Db) {
  let seen: string[] | undefined;
  const counted: Db = {
    kind: db.kind,
    get primary() {
      return counted;
    },
    query: (sql, params) => {
      seen?.push(sql);
      return db.query(sql, params);
    },
    exec: (sql) => {
      seen?.push(sql);
      return db.exec(sql);
    },
    transaction: (work) => db.transaction(work),
    streamJson: (sql, params, batch) => {
      seen?.push(sql);
      return db.streamJson(sql, params, batch);
    },
    close: () => db.close(),
  };
  return {
    db: counted,
    async counting<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
      seen = [];
      try {
        return { result: await work(), statements: seen };
      } finally {
        seen = undefined;
      }
    },
  };
}

// The year reports the cache keeps: occupancy, KPIs and pace of the test data's year (its today is 2026-03-16, so
// April is ahead: pace counts it), and the housekeeping month.
const urls = [
  '/api/v1/report/booking/ocupacion?year=2026',
  '/api/v1/report/kpis?year=2026',
  '/api/v1/report/kpis/pace?months=6',
  '/api/v1/report/task?dateStart=2026-03-01&dateEnd=2026-03-31',
];

describe('answers kept under the versions of their data', () => {
  let db: Db;
  // A second connection pool on the same database (PostgreSQL): what another instance of the server has.
  let otherDb: Db;
  let dropDatabase: (() => Promise<void>) | undefined;
  let cached: FastifyInstance;
  let counter: ReturnType<typeof countingDb>;
  let uncached: FastifyInstance;
  let otherInstance: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    if (process.env.TEST_ENGINE === 'postgres') {
      // A database of its own: this file writes, and the other files read the shared one meanwhile.
      const base = new URL(inject('postgresUrl'));
      const name = `mirador_cache_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: base.toString() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      db = await openPostgres(url.toString(), { max: 4 });
      await migrate(db);
      await loadDemoData(db, testDemoOptions);
      otherDb = await openPostgres(url.toString(), { max: 4 });
      dropDatabase = async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      };
    } else {
      db = await openPgliteSnapshot();
      otherDb = db;
    }
    counter = countingDb(db);
    const options = { jwtSecret: testSecret, now: () => testNow, sessionCacheSeconds: 3600 };
    cached = await buildApp({ db: counter.db, ...options });
    // The raw computation: no cache, no reads shared with a moment before.
    uncached = await buildApp({ db, ...options, versionedCacheMb: 0, coalesceReads: false });
    otherInstance = await buildApp({ db: otherDb, ...options });
    const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
    token = await signToken({ secret: testSecret, ttlSeconds: 3600 }, { employeeId: employee!.id, email: demoEmployee.email });
  }, 240_000);

  afterAll(async () => {
    await Promise.all([cached?.close(), uncached?.close(), otherInstance?.close()]);
    if (otherDb !== db) await otherDb?.close();
    await db?.close();
    await dropDatabase?.();
  });

  const get = async (app: FastifyInstance, url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.body;
  };

  /** Every cached answer, of both instances, equals the one computed with the cache off. */
  const expectFresh = async () => {
    const answers: string[] = [];
    for (const url of urls) {
      const truth = await get(uncached, url);
      expect(JSON.parse(await get(cached, url)), url).toEqual(JSON.parse(truth));
      expect(JSON.parse(await get(otherInstance, url)), `${url} (other instance)`).toEqual(JSON.parse(truth));
      answers.push(truth);
    }
    return answers;
  };

  it('answers a repeated visit with one statement, the versions', async () => {
    for (const url of urls) {
      const first = await get(cached, url);
      const { result: again, statements } = await counter.counting(() => get(cached, url));
      expect(statements, url).toEqual([dataVersionsSql]);
      expect(again).toBe(first);
    }
    // With the cache off every visit runs the report's own statements.
    const off = countingDb(db);
    const app = await buildApp({ db: off.db, jwtSecret: testSecret, now: () => testNow, sessionCacheSeconds: 3600, versionedCacheMb: 0, coalesceReads: false });
    try {
      await get(app, urls[0]!);
      const { statements } = await off.counting(() => get(app, urls[0]!));
      expect(statements).not.toContain(dataVersionsSql);
      expect(statements.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('computes an answer once for visits that ask it at the same time, and again when today changes', async () => {
    let now = testNow;
    const counted = countingDb(db);
    const app = await buildApp({ db: counted.db, jwtSecret: testSecret, now: () => now, sessionCacheSeconds: 3600 });
    try {
      const url = '/api/v1/report/kpis/pace?months=3';
      await get(app, '/api/v1/trm');
      const { result, statements } = await counted.counting(() => Promise.all([get(app, url), get(app, url), get(app, url)]));
      expect(new Set(result).size).toBe(1);
      expect(statements.filter((sql) => sql === dataVersionsSql)).toHaveLength(3);
      expect(statements.filter((sql) => sql !== dataVersionsSql)).toHaveLength(1);
      // The pace counts from today: a day later the same URL is computed again, for that day.
      now = new Date(testNow.getTime() + 24 * 3600 * 1000);
      await get(app, '/api/v1/trm');
      const nextDay = await counted.counting(() => get(app, url));
      expect(nextDay.statements.length).toBeGreaterThan(1);
    } finally {
      await app.close();
    }
  });

  it('answers the figures of the data after each write, on this instance and on another', async () => {
    const before = await expectFresh();
    const [room] = await db.query<{ id: number }>('SELECT id FROM places WHERE NOT is_space AND NOT deleted ORDER BY id LIMIT 1');
    const [client] = await db.query<{ id: number }>('SELECT id FROM clients ORDER BY id LIMIT 1');
    const [{ id }] = (await db.query<{ id: number }>('SELECT max(id) + 1 AS id FROM bookings')) as [{ id: number }];
    // A confirmed booking of three April nights, on the books since March 1st.
    await db.primary.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO bookings (id, ref, status, date_start, date_end, created_at, updated_at, way_contact_name, place_id, user_id, total)
         VALUES ($1, 'CACHE-TEST', 'confirmed', '2026-04-10', '2026-04-13', '2026-03-01T12:00:00Z', '2026-03-01T12:00:00Z', 'Directo', $2, $3, 900000)`,
        [id, room!.id, client!.id],
      );
      await tx.query(
        `INSERT INTO booking_rates (booking_id, date, total_rate) VALUES ($1, '2026-04-10', 300000), ($1, '2026-04-11', 300000), ($1, '2026-04-12', 300000)`,
        [id],
      );
    });
    const inserted = await expectFresh();
    // Occupancy, KPIs and pace moved with the new nights; the housekeeping month did not (no task changed).
    for (const i of [0, 1, 2]) expect(inserted[i], urls[i]).not.toBe(before[i]);
    expect(inserted[3]).toBe(before[3]);

    await db.primary.query(`UPDATE booking_rates SET total_rate = 450000 WHERE booking_id = $1 AND date = '2026-04-11'`, [id]);
    const updated = await expectFresh();
    for (const i of [0, 1]) expect(updated[i], urls[i]).not.toBe(inserted[i]);

    await db.primary.query(`DELETE FROM booking_rates WHERE booking_id = $1 AND date = '2026-04-12'`, [id]);
    const deleted = await expectFresh();
    for (const i of [0, 1]) expect(deleted[i], urls[i]).not.toBe(updated[i]);

    // A task of the month renamed: the housekeeping calendar follows.
    await db.primary.query(
      `UPDATE tasks SET name = name || ' (revisada)'
        WHERE id = (SELECT id FROM tasks WHERE date_start >= '2026-03-01' AND date_start < '2026-04-01' ORDER BY id LIMIT 1)`,
    );
    const renamed = await expectFresh();
    expect(renamed[3]).not.toBe(deleted[3]);
    expect(renamed[3]).toContain('(revisada)');
  });
});
