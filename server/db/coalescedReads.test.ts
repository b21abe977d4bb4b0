import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/support/testServer.ts';
import { coalescedReads, copyRows } from './coalescedReads.ts';
import type { Db } from './Db.ts';

// The same statement asked twice while the first still runs is run once: both callers get the rows of that one run
// (clock_timestamp() tells the runs apart), each its own copy; nothing is kept once it ends.
const slowClock = 'SELECT clock_timestamp()::text AS at, $1::int AS n FROM pg_sleep(0.3)';

describe(`coalesced reads on ${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  let db: Db;
  let shared: Db;
  beforeAll(async () => {
    db = await openTestDb();
    shared = coalescedReads(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers an identical read asked while it runs with the same rows, each caller its own copy', async () => {
    const [first, second] = await Promise.all([
      shared.query<{ at: string; n: number }>(slowClock, [1]),
      shared.query<{ at: string; n: number }>(slowClock, [1]),
    ]);
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    expect(second[0]).not.toBe(first[0]);
    first[0]!.n = 99;
    expect(second[0]!.n).toBe(1);
  });

  it('runs it again once it has ended, and never shares reads with other parameters', async () => {
    const [one] = await shared.query<{ at: string }>(slowClock, [1]);
    const [again] = await shared.query<{ at: string }>(slowClock, [1]);
    expect(again!.at).not.toBe(one!.at);
    const [a, b] = await Promise.all([shared.query<{ at: string; n: number }>(slowClock, [1]), shared.query<{ at: string; n: number }>(slowClock, [2])]);
    expect(a![0]!.n).toBe(1);
    expect(b![0]!.n).toBe(2);
    expect(b![0]!.at).not.toBe(a![0]!.at);
  });

  it("gives a failed read's error to every caller, and the next one runs", async () => {
    const failing = 'SELECT 1 / ($1::int - 1) AS x FROM pg_sleep(0.2)';
    const results = await Promise.allSettled([shared.query(failing, [1]), shared.query(failing, [1])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await shared.query<{ x: number }>(failing, [2])).toEqual([{ x: 1 }]);
  });

  it('leaves writes to the primary: the primary is the database itself, not shared', () => {
    expect(shared.primary).toBe(db.primary);
    expect(shared.kind).toBe(db.kind);
  });
});

describe(`ended reads reused for a moment on ${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'}`, () => {
  // clock_timestamp() tells the runs apart; the window is measured on a clock the test moves.
  const clockRead = 'SELECT clock_timestamp()::text AS at, $1::int AS n';
  let db: Db;
  let at = 0;
  let statements = 0;
  /** The database, counting the statements that reach it. */
  let counted: Db;
  beforeAll(async () => {
    db = await openTestDb();
    counted = {
      ...db,
      query: (sql, params) => {
        statements += 1;
        return db.query(sql, params);
      },
    };
  });
  afterAll(async () => {
    await db.close();
  });
  const reusing = (maxEntries?: number) => coalescedReads(counted, { reuseMs: 1000, clock: () => at, ...(maxEntries && { maxEntries }) });

  it("answers the same read within the window after its end (the end included) with that run's rows, each caller its own copy; after it, runs it again", async () => {
    const shared = reusing();
    statements = 0;
    at = 10_000;
    const first = await shared.query<{ at: string; n: number }>(clockRead, [1]);
    at = 10_999;
    const second = await shared.query<{ at: string; n: number }>(clockRead, [1]);
    expect(second).toEqual(first);
    expect(statements).toBe(1);
    second[0]!.n = 99;
    expect((await shared.query<{ n: number }>(clockRead, [1]))[0]!.n).toBe(1);
    expect(first[0]!.n).toBe(1);
    at = 11_000;
    expect(await shared.query(clockRead, [1])).toEqual(first);
    expect(statements).toBe(1);
    at = 11_001;
    const third = await shared.query<{ at: string }>(clockRead, [1]);
    expect(third[0]!.at).not.toBe(first[0]!.at);
    expect(statements).toBe(2);
  });

  it('never answers a read with other parameters, and keeps no error', async () => {
    const shared = reusing();
    statements = 0;
    at = 0;
    const [one] = await shared.query<{ n: number }>(clockRead, [1]);
    const [two] = await shared.query<{ n: number }>(clockRead, [2]);
    expect([one!.n, two!.n]).toEqual([1, 2]);
    const failing = 'SELECT 1 / ($1::int - 1) AS x';
    await expect(shared.query(failing, [1])).rejects.toThrow();
    await expect(shared.query(failing, [1])).rejects.toThrow();
    expect(statements).toBe(4);
  });

  it('keeps at most maxEntries ended reads, dropping the least recently used first', async () => {
    const shared = reusing(2);
    statements = 0;
    at = 0;
    for (const n of [1, 2, 3]) await shared.query(clockRead, [n]);
    await shared.query(clockRead, [3]);
    await shared.query(clockRead, [2]);
    expect(statements).toBe(3);
    await shared.query(clockRead, [1]);
    expect(statements).toBe(4);
    // 3 was used before 2, so 1 took its place: 2 is still answered, 3 runs again.
    await shared.query(clockRead, [2]);
    expect(statements).toBe(4);
    await shared.query(clockRead, [3]);
    expect(statements).toBe(5);
  });
});

describe('copyRows', () => {
  it('copies arrays, objects and dates deeply, so that changing a copy leaves the original as it was', () => {
    const rows = [{ n: 1, at: new Date('2026-11-23T00:00:00Z'), nested: { list: [1, { x: 'a' }] }, none: null }];
    const copy = copyRows(rows) as typeof rows;
    expect(copy).toEqual(rows);
    expect(copy[0]).not.toBe(rows[0]);
    expect(copy[0]!.nested.list[1]).not.toBe(rows[0]!.nested.list[1]);
    expect(copy[0]!.at).not.toBe(rows[0]!.at);
    copy[0]!.n = 2;
    copy[0]!.at.setUTCFullYear(2000);
    (copy[0]!.nested.list[1] as { x: string }).x = 'b';
    expect(rows[0]).toEqual({ n: 1, at: new Date('2026-11-23T00:00:00Z'), nested: { list: [1, { x: 'a' }] }, none: null });
  });

  it('copies values of other classes as structuredClone does', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const [copy] = copyRows([bytes]) as [Uint8Array];
    expect(copy).toEqual(bytes);
    copy[0] = 9;
    expect(bytes[0]).toBe(1);
  });
});

