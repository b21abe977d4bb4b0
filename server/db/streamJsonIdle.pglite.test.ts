import { describe, expect, it } from 'vitest';
import { openPglite } from './openPglite.ts';
import { orHang } from '../../tests/support/orHang.ts';

const openCursors = "SELECT count(*)::int AS n FROM pg_cursors WHERE name LIKE 'mirador_stream_%'";

describe('streamJson on PGlite (one connection)', () => {
  it('lets other statements run between the batches while its consumer reads, with the cursor still open', async () => {
    const db = await openPglite('memory://');
    try {
      const rows = db.streamJson('SELECT to_json(i)::text FROM generate_series(1, 5000) i', [], 10)[Symbol.asyncIterator]();
      expect(await rows.next()).toEqual({ done: false, value: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] });
      // Mid-stream: a request from another client is answered, and the stream goes on where it was.
      expect(await orHang(db.query(openCursors), 'a query while a stream is being read')).toEqual([{ n: 1 }]);
      const values: string[] = [];
      for (let next = await rows.next(); !next.done; next = await rows.next()) values.push(...next.value);
      expect(values).toHaveLength(4990);
      expect(values.at(-1)).toBe('5000');
      expect(await db.query(openCursors)).toEqual([{ n: 0 }]);
      // A consumer that stops early closes its cursor.
      for await (const batch of db.streamJson('SELECT to_json(i)::text FROM generate_series(1, 5000) i', [], 10)) {
        if (batch.includes('13')) break;
      }
      expect(await db.query(openCursors)).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });

  it('closes the cursor of a consumer that stopped reading after the idle limit, and the stalled loop then fails', async () => {
    const db = await openPglite('memory://', undefined, { streamIdleMs: 300 });
    try {
      const rows = db.streamJson('SELECT to_json(i)::text FROM generate_series(1, 5000) i', [], 10)[Symbol.asyncIterator]();
      expect((await rows.next()).value?.[0]).toBe('1');
      await expect.poll(async () => (await db.query<{ n: number }>(openCursors))[0]!.n, { timeout: 30_000 }).toBe(0);
      const rest = await (async () => {
        for (let next = await rows.next(); !next.done; next = await rows.next());
      })().catch((error: unknown) => error);
      expect(rest).toBeInstanceOf(Error);
    } finally {
      await db.close();
    }
  });
});
