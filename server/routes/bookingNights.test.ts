import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOk } from '../../tests/support/apiAssertions.ts';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import type { Queryable } from '../db/Db.ts';

/**
 * booking_nights (migration 014): each booking's first and last rate night beside its room, kept by triggers on
 * booking_rates and bookings. After every kind of write, the kept rows are exactly what booking_rates and bookings say.
 * The writes run in a transaction rolled back at the end: the shared test database is left as it was.
 */

let server: TestServer;
beforeAll(async () => {
  // Reads not shared (READ_REUSE_MS): each answer after a write reads the data as written.
  server = await startTestServer({ coalesceReads: false });
});
afterAll(() => server.close());

interface Span {
  booking_id: number;
  place_id: number;
  first_night: string;
  last_night: string;
}

const kept = (tx: Queryable) => tx.query<Span>(
  'SELECT booking_id, place_id, first_night::text, last_night::text FROM booking_nights ORDER BY booking_id');
const fromRates = (tx: Queryable) => tx.query<Span>(
  `SELECT r.booking_id, b.place_id, min(r.date)::text AS first_night, max(r.date)::text AS last_night
     FROM booking_rates r JOIN bookings b ON b.id = r.booking_id
    GROUP BY r.booking_id, b.place_id ORDER BY r.booking_id`);

/** Asserts the kept spans equal the rates' (step names the write), and returns the span of `id` (undefined: no row). */
async function expectKept(tx: Queryable, step: string, id: number): Promise<Span | undefined> {
  const [have, want] = await Promise.all([kept(tx), fromRates(tx)]);
  expect(have.length, step).toBe(want.length);
  expect(have, step).toEqual(want);
  return have.find((s) => s.booking_id === id);
}

class Rollback extends Error {}

describe('booking_nights', () => {
  it('keeps each booking\'s first and last night and room through inserts, updates and deletes', async () => {
    await server.db.transaction(async (tx) => {
      const [a, b] = await tx.query<{ booking_id: number; place_id: number; n: number }>(
        `SELECT r.booking_id, min(k.place_id) AS place_id, count(*)::int AS n
           FROM booking_rates r JOIN bookings k ON k.id = r.booking_id
          GROUP BY r.booking_id HAVING count(*) >= 3 ORDER BY r.booking_id LIMIT 2`);
      const [other] = await tx.query<{ id: number }>('SELECT id FROM places WHERE id <> $1 ORDER BY id LIMIT 1', [a!.place_id]);
      const A = a!.booking_id;
      const B = b!.booking_id;
      expect((await expectKept(tx, 'as migrated', A))?.booking_id).toBe(A);

      // Inserts: a night years later widens A; a new booking's first nights make its row.
      await tx.query(`INSERT INTO booking_rates (booking_id, date, total_rate) VALUES ($1, '2031-05-05', 100)`, [A]);
      expect((await expectKept(tx, 'insert', A))?.last_night).toBe('2031-05-05');
      const [{ id: C }] = (await tx.query<{ id: number }>(
        `INSERT INTO bookings SELECT (jsonb_populate_record(NULL::bookings, to_jsonb(k) || jsonb_build_object(
                  'id', (SELECT max(id) + 1 FROM bookings), 'ref', 'span-test'))).*
           FROM bookings k WHERE k.id = $1 RETURNING id`, [B])) as [{ id: number }];
      expect(await expectKept(tx, 'booking without nights', C)).toBeUndefined();
      await tx.query(`INSERT INTO booking_rates (booking_id, date, total_rate) VALUES ($1, '2029-02-01', 50), ($1, '2029-02-02', 50), ($1, '2029-02-03', 50)`, [C]);
      expect(await expectKept(tx, 'new booking\'s nights', C)).toMatchObject({ first_night: '2029-02-01', last_night: '2029-02-03' });

      // Updates: a night's date moved (C's last night earlier than its first), a night moved to another booking, a
      // price changed (no span moves), every night of two bookings moved at once.
      await tx.query(`UPDATE booking_rates SET date = '2029-01-15' WHERE booking_id = $1 AND date = '2029-02-03'`, [C]);
      expect(await expectKept(tx, 'date moved', C)).toMatchObject({ first_night: '2029-01-15', last_night: '2029-02-02' });
      await tx.query(`UPDATE booking_rates SET booking_id = $2 WHERE booking_id = $1 AND date = '2031-05-05'`, [A, C]);
      expect(await expectKept(tx, 'booking changed', C)).toMatchObject({ first_night: '2029-01-15', last_night: '2031-05-05' });
      expect((await expectKept(tx, 'booking changed', A))?.last_night).not.toBe('2031-05-05');
      await tx.query('UPDATE booking_rates SET total_rate = total_rate + 1, closed = NOT closed WHERE booking_id = ANY ($1)', [[A, B]]);
      await expectKept(tx, 'price changed', A);
      const before = (await expectKept(tx, 'before moving all', B))!;
      await tx.query(`UPDATE booking_rates SET date = date + 3650 WHERE booking_id = ANY ($1)`, [[A, B]]);
      const after = (await expectKept(tx, 'all nights moved', B))!;
      expect(after.first_night).not.toBe(before.first_night);

      // Deletes: C's first night, then all of A's nights (its row goes), then booking C itself.
      await tx.query(`DELETE FROM booking_rates WHERE booking_id = $1 AND date = '2029-01-15'`, [C]);
      expect((await expectKept(tx, 'first night deleted', C))?.first_night).toBe('2029-02-01');
      await tx.query('DELETE FROM booking_rates WHERE booking_id = $1', [A]);
      expect(await expectKept(tx, 'all nights deleted', A)).toBeUndefined();
      await tx.query('DELETE FROM bookings WHERE id = $1', [C]);
      expect(await expectKept(tx, 'booking deleted', C)).toBeUndefined();

      // A booking moved to another room takes its span along; another update of it keeps it.
      await tx.query('UPDATE bookings SET place_id = $2 WHERE id = $1', [B, other!.id]);
      expect((await expectKept(tx, 'room changed', B))?.place_id).toBe(other!.id);
      await tx.query(`UPDATE bookings SET status = status WHERE id = $1`, [B]);
      expect((await expectKept(tx, 'other update', B))?.place_id).toBe(other!.id);
      throw new Rollback();
    }).catch((e: unknown) => {
      if (!(e instanceof Rollback)) throw e;
    });
    // Rolled back: the shared database is as it was.
    expect(await kept(server.db)).toEqual(await fromRates(server.db));
  });

  it('lists a booking on its room\'s place=<id> for a period its nights reach, after a night is added or its room changed', async () => {
    // Committed writes in a year no other test asks (2033), undone at the end.
    const [b] = await server.db.query<{ id: number; place_id: number }>(
      `SELECT id, place_id FROM bookings WHERE status = 'confirmed' AND NOT is_virtual ORDER BY id LIMIT 1`);
    const [other] = await server.db.query<{ id: number }>(
      'SELECT id FROM places WHERE id <> $1 AND typology_id IS NOT NULL AND NOT is_space ORDER BY id LIMIT 1', [b!.place_id]);
    const room = (place: number) => getOk(server, `/api/v1/report/booking/comercial?dateStart=2033-03-01&dateEnd=2033-03-31&place=${place}`) as
      Promise<{ data: Array<{ _id: number; nightsInPeriod: number; totalInPeriod: number }>; total: number }>;
    try {
      await server.db.query(`INSERT INTO booking_rates (booking_id, date, total_rate) VALUES ($1, '2033-03-10', 123.45)`, [b!.id]);
      const one = await room(b!.place_id);
      expect(one.data.map((x) => [x._id, x.nightsInPeriod, x.totalInPeriod])).toEqual([[b!.id, 1, 123.45]]);
      expect(one.total).toBe(123.45);
      await server.db.query('UPDATE bookings SET place_id = $2 WHERE id = $1', [b!.id, other!.id]);
      expect((await room(other!.id)).data.map((x) => x._id)).toEqual([b!.id]);
      expect((await room(b!.place_id)).data).toEqual([]);
    } finally {
      await server.db.query(`DELETE FROM booking_rates WHERE booking_id = $1 AND date = '2033-03-10'`, [b!.id]);
      await server.db.query('UPDATE bookings SET place_id = $2 WHERE id = $1', [b!.id, b!.place_id]);
    }
  });
});
