import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { orHang } from '../../tests/support/orHang.ts';
import { runningWideRows, wideRows } from '../../tests/support/wideRows.ts';
import type { Db } from './Db.ts';
import { databaseTrouble, StreamsBusyError } from './dbErrors.ts';
import { openDb } from './openDb.ts';

const tag = 'openDb pool sizes';
const rows = wideRows(tag);

const dataDir = mkdtempSync(join(tmpdir(), 'mirador-opendb-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts `count` streams, each asking for its first row. */
async function startStreams(db: Db, count: number) {
  const streams = Array.from({ length: count }, () => db.streamJson(rows, [], 1000)[Symbol.asyncIterator]());
  const first = streams.map((stream) => stream.next());
  return { streams, first };
}

describe('openDb on PostgreSQL (DB_POOL_SIZE, DB_STREAM_POOL_SIZE)', () => {
  it('opens as many stream connections as it is told: one stream more waits for a free one, requests still answer', async () => {
    // A short connect timeout: the stream that finds no free connection fails after it rather than waiting 32 s.
    const db = await openDb({ databaseUrl: inject('postgresUrl'), dataDir, postgresPoolSizes: { max: 1, streams: 2 }, postgresTimeouts: { connectMs: 1_000, statementMs: 1_000 } });
    try {
      const { streams, first } = await startStreams(db, 3);
      const third = first[2]!.catch((error: unknown) => error);
      expect((await first[0]!).value?.[0]?.trimEnd()).toBe('1');
      expect((await first[1]!).value?.[0]?.trimEnd()).toBe('1');
      await expect.poll(() => runningWideRows(db, tag), { timeout: 10_000 }).toBe(2);
      // The request pool of one connection is not the streams': it answers beside them.
      expect(await orHang(db.query<{ ok: number }>('SELECT 1 AS ok'), 'a query beside two stalled streams', 5_000)).toEqual([{ ok: 1 }]);
      // The third waits for a stream connection, past the connect and statement timeouts, and fails as busy (a 503
      // saying so, streamsBusy.postgres.test.ts).
      const error = await third;
      expect(error).toBeInstanceOf(StreamsBusyError);
      expect(databaseTrouble(error)).toBe('busy');
      await Promise.all(streams.map((stream) => stream.return?.()));
      await expect.poll(() => runningWideRows(db, tag), { timeout: 10_000 }).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('runs every stream at once when its pool holds them', async () => {
    const db = await openDb({ databaseUrl: inject('postgresUrl'), dataDir, postgresPoolSizes: { max: 1, streams: 3 } });
    try {
      const { streams, first } = await startStreams(db, 3);
      for (const row of await orHang(Promise.all(first), 'three streams on three connections', 10_000)) expect(row.value?.[0]?.trimEnd()).toBe('1');
      await expect.poll(() => runningWideRows(db, tag), { timeout: 10_000 }).toBe(3);
      await Promise.all(streams.map((stream) => stream.return?.()));
    } finally {
      await db.close();
    }
  });
});

describe('openDb on PostgreSQL (DB_POOL_IDLE_SECONDS)', () => {
  const backend = async (db: Db) => (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;

  it('keeps an unused connection for poolIdleMs, then closes it, and the next request opens a new one', async () => {
    const kept = await openDb({ databaseUrl: inject('postgresUrl'), dataDir, postgresPoolSizes: { max: 1 }, postgresTimeouts: { poolIdleMs: 60_000 } });
    const closed = await openDb({ databaseUrl: inject('postgresUrl'), dataDir, postgresPoolSizes: { max: 1 }, postgresTimeouts: { poolIdleMs: 200 } });
    // Asks the server which sessions live, on connections of its own: the two pools stay unused meanwhile.
    const watcher = await openDb({ databaseUrl: inject('postgresUrl'), dataDir, postgresPoolSizes: { max: 1 } });
    try {
      const [keptPid, closedPid] = [await backend(kept), await backend(closed)];
      const alive = async (pid: number) =>
        (await watcher.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [pid]))[0]!.n;
      // The 200 ms pool's session ends on the server once its connection has been unused that long (node-pg's own
      // default would keep it 10 s) …
      await expect.poll(() => alive(closedPid), { timeout: 5_000 }).toBe(0);
      // … while the other's, unused as long, still lives and answers the next request.
      expect(await alive(keptPid)).toBe(1);
      expect(await backend(kept)).toBe(keptPid);
      expect(await backend(closed)).not.toBe(closedPid);
    } finally {
      await Promise.all([kept.close(), closed.close(), watcher.close()]);
    }
  });
});
