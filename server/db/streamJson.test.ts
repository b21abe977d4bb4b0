import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from './Db.ts';
import { openPostgres } from './openPostgres.ts';
import { orHang } from '../../tests/support/orHang.ts';
import { openPgliteSnapshot } from '../../tests/support/testServer.ts';

const onPostgres = process.env.TEST_ENGINE === 'postgres';

/**
 * The test database with ONE connection per pool on PostgreSQL (a client the stream failed to give back makes the
 * next stream wait for a free one until the connect timeout, then fail), PGlite otherwise (one connection by nature:
 * a cursor left open makes the next statement wait forever).
 */
async function openOneConnection(): Promise<Db> {
  if (onPostgres) return openPostgres(inject('postgresUrl'), { max: 1, streams: 1 }, { connectMs: 2_000, statementMs: 10_000 });
  return openPgliteSnapshot();
}

const threeRows = 'SELECT to_json(i)::text FROM generate_series(1, 3) i ORDER BY i';

/** Every row of a stream in order, and the size of each of its steps (batches). */
async function collectBatches(batches: AsyncIterable<string[]>): Promise<{ rows: string[]; sizes: number[] }> {
  const rows: string[] = [];
  const sizes: number[] = [];
  for await (const batch of batches) {
    sizes.push(batch.length);
    rows.push(...batch);
  }
  return { rows, sizes };
}

async function collect(batches: AsyncIterable<string[]>): Promise<string[]> {
  return (await collectBatches(batches)).rows;
}

describe(`streamJson on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let db: Db;
  beforeAll(async () => {
    db = await openOneConnection();
  });
  afterAll(async () => {
    await db.close();
  });

  it('streams each row as the JSON text json_agg would aggregate, in order, across batches', async () => {
    const { rows, sizes } = await collectBatches(
      db.streamJson('SELECT row_to_json(b)::text FROM bookings b WHERE b.id > $1 ORDER BY b.id', [0], 7),
    );
    const [agg] = await db.query<{ data: unknown[] }>(
      'SELECT coalesce(json_agg(row_to_json(b) ORDER BY b.id), $2::json) AS data FROM bookings b WHERE b.id > $1',
      [0, '[]'],
    );
    expect(rows.length).toBeGreaterThan(7);
    expect(rows.map((row) => JSON.parse(row))).toEqual(agg!.data);
    expect(sizes.every((size) => size > 0)).toBe(true);
    // PGlite steps a FETCH at a time; PostgreSQL whatever rows came since the step before.
    if (!onPostgres) expect(sizes).toEqual([...Array<number>(Math.ceil(rows.length / 7) - 1).fill(7), rows.length % 7 || 7]);
  });

  it('streams more rows than a batch and none when nothing matches', async () => {
    const many = await collect(db.streamJson('SELECT to_json(i)::text FROM generate_series(1, 2500) i ORDER BY i'));
    expect(many).toEqual(Array.from({ length: 2500 }, (_, i) => String(i + 1)));
    expect(await collect(db.streamJson('SELECT to_json(i)::text FROM generate_series(1, 0) i'))).toEqual([]);
  });

  it('gives the cursor and the connection back when the loop stops early', async () => {
    for (let round = 0; round < 3; round++) {
      let seen = 0;
      for await (const batch of db.streamJson('SELECT to_json(i)::text FROM generate_series(1, 100000) i', [], 100)) {
        for (const row of batch) expect(row).toBe(String(++seen));
        if (seen >= 150) break;
      }
      expect(seen).toBeGreaterThanOrEqual(150);
      expect(seen).toBeLessThan(100000);
    }
    const [row] = await orHang(db.query<{ n: number }>('SELECT 41 + 1 AS n'), 'a query after stopped streams');
    expect(row).toEqual({ n: 42 });
    const [count] = await orHang(db.query<{ n: number }>('SELECT count(*) AS n FROM bookings'), 'a second query');
    expect(count!.n).toBeGreaterThan(0);
    expect(await orHang(collect(db.streamJson(threeRows)), 'a stream after stopped streams')).toEqual(['1', '2', '3']);
  });

  it('rejects when a row fails mid-stream, then the database answers again', async () => {
    const seen: string[] = [];
    const failure = await (async () => {
      for await (const batch of db.streamJson(
        'SELECT CASE WHEN i < 2500 THEN to_json(i)::text ELSE (1 / (i - i))::text END FROM generate_series(1, 3000) i',
        [],
        1000,
      )) {
        seen.push(...batch);
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as { code?: string }).code).toBe('22012'); // division_by_zero
    expect(seen.length).toBeLessThan(2500);
    const [row] = await orHang(db.query<{ n: number }>('SELECT 1 AS n'), 'a query after a failed stream');
    expect(row).toEqual({ n: 1 });
    expect(await orHang(collect(db.streamJson(threeRows)), 'a stream after a failed stream')).toEqual(['1', '2', '3']);
  });
});
