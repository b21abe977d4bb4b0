import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openPgliteRetrying } from '../../tests/support/openPgliteRetrying.ts';
import { orHang } from '../../tests/support/orHang.ts';
import { testSecret } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import type { Db } from './Db.ts';
import { deferredDb } from './deferredDb.ts';
import { openPglite } from './openPglite.ts';

const openCursors = "SELECT count(*)::int AS n FROM pg_cursors WHERE name LIKE 'mirador_stream_%'";

/** A PGlite that starts opening only when `open()` is called: what is asked before that is asked before the open. */
function heldOpen() {
  let open!: () => void;
  const asked = new Promise<void>((resolve) => (open = resolve));
  const opening = asked.then(() => openPgliteRetrying('memory://'));
  return { opening, open };
}

/** Whether `promise` has settled, at any later moment. */
function track(promise: Promise<unknown>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

async function collect(rows: AsyncIterable<string[]>): Promise<string[]> {
  const values: string[] = [];
  for await (const batch of rows) values.push(...batch);
  return values;
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('deferredDb: the database to come, used before it has opened', () => {
  it('answers the queries, transactions, writes and streams asked before the open once it has opened', async () => {
    const { opening, open } = heldOpen();
    const db = deferredDb(opening, { kind: 'pglite', dataDir: '/srv/mirador/pglite' });
    expect(db.kind).toBe('pglite');
    expect((db.primary as typeof db).dataDir).toBe('/srv/mirador/pglite');
    const created = db.primary.exec('CREATE TABLE notes (id int PRIMARY KEY, text text NOT NULL)');
    const saved = created.then(() =>
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO notes VALUES ($1, $2), ($3, $4)', [1, 'uno', 2, 'dos']);
        return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM notes'))[0]!.n;
      }),
    );
    const sum = db.query<{ total: number }>('SELECT sum(i)::int AS total FROM generate_series(1, 10) i');
    const streamed = collect(db.streamJson('SELECT to_json(i)::text FROM generate_series(1, 25) i', [], 10));
    const states = [track(created), track(saved), track(sum), track(streamed)];
    await turn();
    await turn();
    expect(states.map((state) => state.settled)).toEqual([false, false, false, false]);

    open();
    expect(await orHang(saved, 'the transaction asked before the open')).toBe(2);
    expect(await sum).toEqual([{ total: 55 }]);
    expect(await streamed).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
    // Once open, the same object goes on answering, reads its own writes, and a stream left early closes its cursor.
    expect(await db.primary.query('SELECT text FROM notes ORDER BY id')).toEqual([{ text: 'uno' }, { text: 'dos' }]);
    for await (const batch of db.streamJson('SELECT to_json(i)::text FROM generate_series(1, 5000) i', [], 10)) {
      if (batch.includes('13')) break;
    }
    expect(await db.query(openCursors)).toEqual([{ n: 0 }]);
    await db.close();
    await expect((await opening).query('SELECT 1')).rejects.toThrow();
  });

  it('closes the cursor of a stream asked before the open and left early', async () => {
    const { opening, open } = heldOpen();
    const db = deferredDb(opening, { kind: 'pglite' });
    const firstBatch = (async () => {
      for await (const batch of db.streamJson('SELECT to_json(i)::text FROM generate_series(1, 5000) i', [], 10)) return batch;
      return [];
    })();
    open();
    try {
      expect(await orHang(firstBatch, 'the first batch of a stream asked before the open')).toEqual(
        Array.from({ length: 10 }, (_, i) => String(i + 1)),
      );
      expect(await db.query(openCursors)).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });

  it('fails every call with the error of an open that failed, and has nothing to close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mirador-deferred-'));
    dirs.push(dir);
    // A data directory under a file: PGlite cannot create it.
    writeFileSync(join(dir, 'file'), '');
    const opening: Promise<Db> = openPglite(join(dir, 'file', 'pglite'));
    const db = deferredDb(opening, { kind: 'pglite', dataDir: join(dir, 'file', 'pglite') });
    const failure = await opening.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    await expect(db.query('SELECT 1')).rejects.toBe(failure);
    await expect(db.primary.exec('SELECT 1')).rejects.toBe(failure);
    await expect(db.transaction(async (tx) => tx.query('SELECT 1'))).rejects.toBe(failure);
    await expect(collect(db.streamJson('SELECT to_json(1)::text'))).rejects.toBe(failure);
    await expect(db.close()).resolves.toBeUndefined();
  });

  it('lets the app be built over it before the open, and the app answers through it once open', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mirador-deferred-'));
    dirs.push(dir);
    const { opening, open } = heldOpen();
    // The readiness probe checks the free space where the data directory given up front is.
    const db = deferredDb(opening, { kind: 'pglite', dataDir: dir });
    const app = await orHang(
      (async () => {
        const built = await buildApp({ db, jwtSecret: testSecret });
        await built.ready();
        return built;
      })(),
      'the app built over a database not yet open',
    );
    try {
      // As main.ts: served once the database is open.
      open();
      await opening;
      const answer = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(answer.json()).toEqual({ status: 'ready' });
      expect(answer.statusCode).toBe(200);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
