import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { runningWideRows, wideRows } from '../../tests/support/wideRows.ts';
import type { Db } from '../db/Db.ts';
import { openPostgres } from '../db/openPostgres.ts';

const tag = 'streams busy';

describe('an all-rows answer when every stream connection is taken (DB_STREAM_POOL_SIZE)', () => {
  let db: Db;
  let server: TestServer;
  beforeAll(async () => {
    // One stream connection, and a wait for it of 2 s (connect plus statement timeouts) rather than 35 s.
    db = await openPostgres(inject('postgresUrl'), { max: 2, streams: 1 }, { connectMs: 1_000, statementMs: 1_000 });
    server = await startTestServer({ db });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers 503 saying the server is busy with downloads, then answers once the download has ended', async () => {
    const download = db.streamJson(wideRows(tag), [], 1000)[Symbol.asyncIterator]();
    expect((await download.next()).done).toBe(false);
    await expect.poll(() => runningWideRows(db, tag), { timeout: 10_000 }).toBe(1);

    const busy = await server.get('/api/v1/report/booking?itemsPerPage=-1');
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({
      message: 'El servidor está atendiendo demasiadas descargas y listados completos a la vez. Intente de nuevo en un momento.',
    });
    expect(busy.headers['retry-after']).toBe('30');
    // The screens' requests have their own connections: a page answers meanwhile.
    expect((await server.get('/api/v1/report/booking?itemsPerPage=10')).statusCode).toBe(200);

    await download.return?.();
    await expect.poll(() => runningWideRows(db, tag), { timeout: 10_000 }).toBe(0);
    const answered = await server.get('/api/v1/report/booking?itemsPerPage=-1');
    expect(answered.statusCode).toBe(200);
    const { data, total } = answered.json<{ data: unknown[]; total: number }>();
    expect(data.length).toBe(total);
    expect(total).toBeGreaterThan(0);
  });
});
