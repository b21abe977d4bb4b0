import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import type { Db } from '../../server/db/Db.ts';
import { openPostgres } from '../../server/db/openPostgres.ts';
import { demoEmployee } from '../../server/demo/demoAccounts.ts';
import { signToken } from '../../server/http/auth.ts';
import { pagedAnswer } from '../../server/sql/paged.ts';
import { openPgliteSnapshot, testNow, testSecret } from './testServer.ts';

export interface ManyRowsServer {
  app: FastifyInstance;
  db: Db;
  base: string;
  token: string;
  close(): Promise<void>;
}

/**
 * The app on one database connection, listening on a socket, with a list at `path` of `rows` rows of 200 characters,
 * by default far more than socket buffers hold (through pagedAnswer like every list). One connection per pool on PostgreSQL (a client a stream kept
 * makes the next stream wait for one, then fail with a 503), PGlite otherwise (a cursor kept open makes the next
 * request wait for the stream's idle limit, 30 s): a cursor left open shows.
 */
export async function startManyRowsServer(path: string, options: Partial<AppOptions> = {}, rows = 300_000): Promise<ManyRowsServer> {
  const db =
    process.env.TEST_ENGINE === 'postgres'
      ? await openPostgres(inject('postgresUrl'), { max: 1, streams: 1 }, { connectMs: 2_000, statementMs: 20_000 })
      : await openPgliteSnapshot();
  const app = await buildApp({ db, jwtSecret: testSecret, now: () => testNow, ...options });
  app.get(path, async (_request, reply) =>
    pagedAnswer(reply, app.db, {
      from: `generate_series(1, ${Math.trunc(rows)}) i`,
      where: '',
      order: '',
      key: 'i',
      rowJson: `json_build_object('i', i, 'pad', repeat('x', 200))`,
      params: [],
      paging: { page: 1, itemsPerPage: -1 },
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
  const token = await signToken({ secret: testSecret, ttlSeconds: 600 }, { employeeId: employee!.id, email: demoEmployee.email });
  return {
    app,
    db,
    base,
    token,
    async close() {
      await app.close();
      await db.close();
    },
  };
}
