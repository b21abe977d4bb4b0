import { describe, expect, it } from 'vitest';
import { openPglite } from './openPglite.ts';
import { orHang } from '../../tests/support/orHang.ts';

describe('streamJson on PGlite when its consumer stops reading', () => {
  it('closes the cursor after the idle limit, so the other requests go on, and the stalled loop then fails', async () => {
    const db = await openPglite('memory://', undefined, 300);
    try {
      const rows = db.streamJson('SELECT to_json(i)::text FROM generate_series(1, 5000) i', [], 10)[Symbol.asyncIterator]();
      expect(await rows.next()).toEqual({ done: false, value: '1' });
      // The stalled reader holds PGlite's only connection until the idle limit closes its cursor.
      const [row] = await orHang(db.query<{ n: number }>('SELECT 7 AS n'), 'a query behind a stalled stream');
      expect(row).toEqual({ n: 7 });
      const rest = await (async () => {
        for (let next = await rows.next(); !next.done; next = await rows.next());
      })().catch((error: unknown) => error);
      expect(rest).toBeInstanceOf(Error);
    } finally {
      await db.close();
    }
  });
});
