import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Db } from './Db.ts';
import { openPostgres } from './openPostgres.ts';
import { orHang } from '../../tests/support/orHang.ts';
import { runningWideRows, wideRows } from '../../tests/support/wideRows.ts';

// A stream's statement runs until its last row is written, and the database waits on its writes while the reader is
// behind (back-pressure), so a stream lasts as long as its reader takes: streams get a pool of their own, whose
// sessions have a limit of their own (streamMs), while requests keep theirs (statementMs) and their connections. The
// rows are wide (20 MB in all), more than the sockets' buffers hold, so that the database does wait for the reader.
const tag = 'stream limits';
const rows = wideRows(tag);

/** Reads every row, waiting `pauseMs` after each thousand (a slow client): resolves with the count. */
async function readSlowly(db: Db, pauseMs: number): Promise<number> {
  let count = 0;
  for await (const batch of db.streamJson(rows, [], 1000)) {
    for (const row of batch) {
      expect(row.trimEnd()).toBe(String(count + 1));
      if (++count % 1000 === 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
  return count;
}

describe('statement limits of streams on PostgreSQL', () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
  });

  it('lets a stream read slowly past the statement timeout, within its own, while requests keep theirs', async () => {
    db = await openPostgres(inject('postgresUrl'), { max: 1, streams: 1 }, { connectMs: 2_000, statementMs: 1_000, streamMs: 60_000 });
    const started = performance.now();
    expect(await readSlowly(db, 100)).toBe(20000);
    expect(performance.now() - started).toBeGreaterThan(1_500);
    await expect(db.query('SELECT pg_sleep(1.5)')).rejects.toThrow(/statement timeout/);
    expect(await db.query<{ ok: number }>('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    expect(await db.query<{ limit: string }>("SELECT current_setting('statement_timeout') AS limit")).toEqual([{ limit: '1s' }]);
    const streamed = [];
    for await (const batch of db.streamJson("SELECT to_json(current_setting('statement_timeout'))::text")) streamed.push(...batch.map((row) => JSON.parse(row)));
    expect(streamed).toEqual(['1min']);
  });

  it('answers requests while streams hold every connection of theirs', async () => {
    // One connection per pool: before streams had a pool of their own, the query waited for the stalled stream.
    db = await openPostgres(inject('postgresUrl'), { max: 1, streams: 1 }, { connectMs: 2_000, statementMs: 30_000 });
    const stalled = db.streamJson(rows, [], 1000)[Symbol.asyncIterator]();
    const first = (await stalled.next()).value ?? [];
    expect(first[0]?.trimEnd()).toBe('1');
    expect(await orHang(db.query<{ ok: number }>('SELECT 1 AS ok'), 'a query beside a stalled stream', 5_000)).toEqual([{ ok: 1 }]);
    // The stream goes on where it was.
    expect((await stalled.next()).value?.[0]?.trimEnd()).toBe(String(first.length + 1));
    await stalled.return?.();
  });

  it('stops a stream that outlasts its own limit, and the next statement runs', async () => {
    db = await openPostgres(inject('postgresUrl'), { max: 1, streams: 1 }, { connectMs: 2_000, statementMs: 30_000, streamMs: 1_000 });
    await expect(readSlowly(db, 100)).rejects.toThrow(/statement timeout/);
    expect(await db.query<{ ok: number }>('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    expect(await orHang(readSlowly(db, 0), 'a stream after one that was stopped')).toBe(20000);
  });

  it('drops the connection of a stream whose rows wait unread past the idle limit: the database stops, the loop then fails', async () => {
    // One stream connection: the stream below can only run once the stalled one has given it up.
    db = await openPostgres(inject('postgresUrl'), { max: 1, streams: 1 }, { connectMs: 2_000, statementMs: 30_000, streamIdleMs: 300 });
    const stalled = db.streamJson(rows, [], 1000)[Symbol.asyncIterator]();
    expect((await stalled.next()).value?.[0]?.trimEnd()).toBe('1');
    const after = [];
    for await (const batch of db.streamJson("SELECT to_json('after'::text)::text")) after.push(...batch);
    expect(after).toEqual(['"after"']);
    // Its statement stopped (the server ends it on its next write to the closed connection).
    await expect.poll(() => runningWideRows(db!, tag), { timeout: 10_000 }).toBe(0);
    const rest = await (async () => {
      for (let next = await stalled.next(); !next.done; next = await stalled.next());
    })().catch((error: unknown) => error);
    expect(rest).toBeInstanceOf(Error);
    expect(await db.query<{ ok: number }>('SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });
});
