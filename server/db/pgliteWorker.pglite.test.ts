import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSecret } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { messages } from '../messages.ts';
import { databaseTrouble } from './dbErrors.ts';
import { openPglite, pgliteSharedBuffersMb, PgliteStartTimeout, type PgliteDb } from './openPglite.ts';
import { openWithRetry } from './openWithRetry.ts';
import type { FastifyInstance } from 'fastify';

/** Settles `promise` and says, at any later moment, whether it has settled yet. */
function track(promise: Promise<unknown>) {
  const state = { settled: false, promise: promise.finally(() => (state.settled = true)) };
  return state;
}

describe('PGlite on a worker thread', () => {
  let db: PgliteDb;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openPglite('memory://');
    app = await buildApp({ db, jwtSecret: testSecret });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('keeps answering health and 400s while the database runs a long statement', async () => {
    const slow = track(app.db.query('SELECT pg_sleep(5)'));
    const health = await app.inject('/api/health');
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/employee',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    // Both answered while the statement was still running: the event loop was free.
    expect(slow.settled).toBe(false);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: messages.invalidJson });
    await slow.promise;
  });

  it("runs with its own shared_buffers, not the data directory's 128 MB", async () => {
    expect(pgliteSharedBuffersMb).toBeLessThan(128);
    expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: `${pgliteSharedBuffersMb}MB` }]);
  });

  it('answers rows with int8 and numeric as numbers and dates as text', async () => {
    const rows = await db.query("SELECT 9::int8 AS n, 2.50::numeric AS x, DATE '2026-03-04' AS d, $1::text AS t", ['a']);
    expect(rows).toEqual([{ n: 9, x: 2.5, d: '2026-03-04', t: 'a' }]);
  });

  it('keeps the PostgreSQL error fields a caller inspects', async () => {
    await db.exec('CREATE TABLE unique_things (name text PRIMARY KEY)');
    await db.query("INSERT INTO unique_things VALUES ('a')");
    const error = await db.query("INSERT INTO unique_things VALUES ('a')").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'unique_things_pkey', severity: 'ERROR' });
  });

  it('runs a transaction alone: other statements wait for it, a failure rolls it back', async () => {
    await db.exec('CREATE TABLE tx_things (n int)');
    let outside: ReturnType<typeof track> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_things VALUES (1)');
      outside = track(db.query<{ n: number }>('SELECT count(*)::int AS n FROM tx_things'));
      await tx.query('SELECT pg_sleep(0.2)');
      expect(outside.settled).toBe(false);
      await tx.query('INSERT INTO tx_things VALUES (2)');
    });
    expect(await outside!.promise).toEqual([{ n: 2 }]);

    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO tx_things VALUES (3)');
      throw new Error('work failed');
    });
    await expect(failed).rejects.toThrow('work failed');
    expect(await db.query('SELECT count(*)::int AS n FROM tx_things')).toEqual([{ n: 2 }]);
  });

  it('clones a database from its tarball', async () => {
    await db.exec("CREATE TABLE cloned (v text); INSERT INTO cloned VALUES ('x')");
    const copy = await openPglite('memory://', await db.dumpDataDir());
    try {
      expect(await copy.query('SELECT v FROM cloned')).toEqual([{ v: 'x' }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses statements once closed instead of waiting forever', async () => {
    const other = await openPglite('memory://');
    await other.close();
    await expect(other.query('SELECT 1')).rejects.toThrow();
  });
});

describe('PGlite data on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mirador-pglite-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function openToOthers(path: string): string[] {
    const mode = lstatSync(path).mode;
    const here = mode & 0o077 ? [`${path} ${(mode & 0o777).toString(8)}`] : [];
    if (!lstatSync(path).isDirectory()) return here;
    return [...here, ...readdirSync(path).flatMap((name) => openToOthers(join(path, name)))];
  }

  it('keeps every directory and file private to the server user', async () => {
    const data = join(dir, 'pglite');
    const db = await openPglite(data);
    await db.exec("CREATE TABLE secrets (hash text); INSERT INTO secrets VALUES ('x')");
    expect(openToOthers(data)).toEqual([]);
    await db.close();
    expect(openToOthers(data)).toEqual([]);
    expect(lstatSync(data).mode & 0o777).toBe(0o700);
  });
});

describe('a PGlite that does not start in time', () => {
  it('fails its open with ETIMEDOUT, a trouble of the database: openWithRetry tells the operator and opens it on the next try', async () => {
    const late = await openPglite('memory://', undefined, { startTimeoutMs: 1 }).catch((error: unknown) => error);
    expect(late).toBeInstanceOf(PgliteStartTimeout);
    expect(late).toMatchObject({ code: 'ETIMEDOUT', message: 'PGlite did not start within 1 ms' });
    expect(databaseTrouble(late)).toBe('unavailable');

    const told: string[] = [];
    let tries = 0;
    const db = await openWithRetry(() => openPglite('memory://', undefined, { startTimeoutMs: tries++ === 0 ? 1 : 60_000 }), {
      onWait: (text) => told.push(text),
      firstDelayMs: 1,
    });
    try {
      expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(told).toEqual([messages.startup.embeddedSlow(1, 1, '0')]);
      expect(told[0]).not.toMatch(/no responde/);
    } finally {
      await db.close();
    }
  });
});
