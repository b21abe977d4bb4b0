import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../server/app.ts';
import type { Db } from '../../server/db/Db.ts';
import type { PgliteDb } from '../../server/db/openPglite.ts';
import { openPostgres } from '../../server/db/openPostgres.ts';
import { demoEmployee, restrictedEmployee } from '../../server/demo/demoAccounts.ts';
import { signToken } from '../../server/http/auth.ts';
import { openPgliteRetrying } from './openPgliteRetrying.ts';
import { testNow } from './testData.ts';

export { testNow, testToday } from './testData.ts';

/** The `small` test database on PGlite, in memory, from the tarball globalSetup made. */
export async function openPgliteSnapshot(): Promise<PgliteDb> {
  return openPgliteRetrying('memory://', new Blob([readFileSync(inject('pgliteSnapshot'))]));
}

/** The `small` test database on the engine this vitest project runs (TEST_ENGINE). */
export async function openTestDb(): Promise<Db> {
  if (process.env.TEST_ENGINE === 'postgres') return openPostgres(inject('postgresUrl'), { max: 4 });
  return openPgliteSnapshot();
}

export const testSecret = new TextEncoder().encode('test-secret-of-at-least-thirty-two-bytes!');

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  /** Bearer token of the demo employee (may see everything). */
  token: string;
  /** Bearer token of the employee who may not see tips. */
  restrictedToken: string;
  /** GET as the demo employee unless another token (or none: null) is given. */
  get(url: string, token?: string | null): Promise<LightMyRequestResponse>;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

async function tokenFor(db: Db, email: string): Promise<string> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [email]);
  if (!row) throw new Error(`test data has no employee ${email}`);
  return signToken({ secret: testSecret, ttlSeconds: 3600 }, { employeeId: row.id, email });
}

/** The real app on the test database, its clock at the test data's "today". */
export async function startTestServer(options: Partial<AppOptions> = {}): Promise<TestServer> {
  const db = await openTestDb();
  const app = await buildApp({ db, jwtSecret: testSecret, now: () => testNow, ...options });
  await app.ready();
  const token = await tokenFor(db, demoEmployee.email);
  const restrictedToken = await tokenFor(db, restrictedEmployee.email);
  return {
    app,
    db,
    token,
    restrictedToken,
    get: (url, as = token) =>
      app.inject({ method: 'GET', url, headers: as === null ? {} : { authorization: `Bearer ${as}` } }),
    request: (opts) => app.inject(opts),
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** An employee's full name as files and mails write their author: "Nombre Apellido". */
export async function employeeName(server: { db: TestServer['db'] }, email: string): Promise<string> {
  const [row] = await server.db.query<{ name: string; last_name: string }>('SELECT name, last_name FROM employees WHERE email = $1', [email]);
  return `${row!.name} ${row!.last_name}`;
}
