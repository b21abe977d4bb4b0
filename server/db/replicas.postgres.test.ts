import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRequest } from '../../core/data/planRequest.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { definitionFiles, loadDefinitionFile } from '../../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import { startReplicaCluster, type ReplicaCluster } from '../../tests/support/replicaCluster.ts';
import { testDemoOptions, testNow, testToday } from '../../tests/support/testData.ts';
import { testSecret } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { loadDemoData } from '../demo/loadDemoData.ts';
import { signToken } from '../http/auth.ts';
import { messages } from '../messages.ts';
import type { Db } from './Db.ts';
import { migrate } from './migrate.ts';
import { openDb } from './openDb.ts';
import { openPostgres } from './openPostgres.ts';
import { hashPassword } from './passwordHash.ts';

/** Every report source as the screens ask for it (default filters, first route parameters), and lists read in full. */
async function reportUrls(): Promise<string[]> {
  const urls = new Set<string>();
  for (const file of definitionFiles()) {
    const definition = reportDefinitionSchema.parse(await loadDefinitionFile(file));
    const filters = defaultFilterValues(definition, { today: testToday });
    const routeParams = Object.fromEntries(Object.entries(definition.routeParams ?? {}).map(([name, values]) => [name, values[0]!.value]));
    for (const sourceId of Object.keys(definition.sources)) {
      const request = planRequest(definition, sourceId, { filters, routeParams });
      const query = new URLSearchParams(request.query as Array<[string, string]>).toString();
      urls.add(`${request.path}${query ? `?${query}` : ''}`);
    }
  }
  // All rows: streamed from a cursor (streamJson), not a page.
  urls.add('/api/v1/employee?itemsPerPage=-1');
  urls.add('/api/v1/user?itemsPerPage=-1');
  return [...urls];
}

// A primary and a streaming replica of its own (initdb, pg_basebackup -R): the app reads the replica, signs in on the
// primary, and reads the primary while the replica is down.
describe('DATABASE_REPLICA_URLS: reads on a streaming replica', () => {
  let cluster: ReplicaCluster | undefined;
  let primaryDb: Db;
  let replicatedDb: Db;
  let primaryApp: FastifyInstance;
  let replicaApp: FastifyInstance;
  let token: string;
  let urls: string[];
  const replicaChanges: boolean[] = [];

  beforeAll(async () => {
    cluster = await startReplicaCluster({ ports: [55432, 55433, 55434, 55435, 55436, 55437, 55438, 55439] });
    const loader = await openPostgres(cluster.primaryUrl, { max: 4 });
    try {
      await migrate(loader);
      await loadDemoData(loader, testDemoOptions);
    } finally {
      await loader.close();
    }
    await cluster.waitForReplay();
    primaryDb = await openPostgres(cluster.primaryUrl, { max: 4 });
    replicatedDb = await openDb({
      databaseUrl: cluster.primaryUrl,
      databaseReplicaUrls: [cluster.replicaUrl],
      dataDir: join(cluster.dir, 'app-data'),
      postgresTimeouts: { connectMs: 2_000 },
      replicaRetryMs: 200,
      onReplicaChange: (_text, up) => replicaChanges.push(up),
    });
    // No session cache: each request asks the database who is calling. No read reused after it ended either
    // (READ_REUSE_MS): each read shows what the server it went to holds at that moment.
    const options = { jwtSecret: testSecret, now: () => testNow, sessionCacheSeconds: 0, readReuseMs: 0 };
    primaryApp = await buildApp({ db: primaryDb, ...options });
    replicaApp = await buildApp({ db: replicatedDb, ...options });
    token = await tokenOf(demoEmployee.email);
    urls = await reportUrls();
  });

  afterAll(async () => {
    await replicaApp?.close();
    await primaryApp?.close();
    await replicatedDb?.close();
    await primaryDb?.close();
    await cluster?.destroy();
  });

  async function tokenOf(email: string): Promise<string> {
    const [row] = await primaryDb.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [email]);
    return signToken({ secret: testSecret, ttlSeconds: 600 }, { employeeId: row!.id, email });
  }

  const get = (app: FastifyInstance, url: string, as = token) => app.inject({ url, headers: { authorization: `Bearer ${as}` } });

  /** Every report URL answers 200 from the replicated app with the same body as from the primary alone. */
  async function expectSameFigures() {
    for (const url of urls) {
      const [fromPrimary, fromReplicas] = [await get(primaryApp, url), await get(replicaApp, url)];
      expect(fromPrimary.statusCode, `${url}: ${fromPrimary.body.slice(0, 200)}`).toBe(200);
      expect(fromReplicas.statusCode, `${url}: ${fromReplicas.body.slice(0, 200)}`).toBe(200);
      expect(fromReplicas.json(), url).toEqual(fromPrimary.json());
    }
  }

  /** A new active employee, written on the primary; answers its id. */
  async function addEmployee(lastName: string, email: string, password: string): Promise<number> {
    const [row] = await primaryDb.query<{ id: number }>(
      `INSERT INTO employees (id, name, last_name, email, password_hash)
       SELECT max(id) + 1, 'Prueba', $1, $2, $3 FROM employees RETURNING id`,
      [lastName, email, await hashPassword(password)],
    );
    return row!.id;
  }

  /** How many employees the app lists under a search. */
  async function listed(app: FastifyInstance, search: string, as = token): Promise<number> {
    const res = await get(app, `/api/v1/employee?search=${encodeURIComponent(search)}`, as);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { total: number }).total;
  }

  /** Whether the all-rows (streamed) employee list holds an e-mail. */
  async function streamedHas(app: FastifyInstance, email: string): Promise<boolean> {
    const res = await get(app, '/api/v1/employee?itemsPerPage=-1');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Array<{ email: string }> }).data.some((e) => e.email === email);
  }

  it('answers every report source from the replica with the figures of the primary', { timeout: 180_000 }, async () => {
    expect(urls.length).toBeGreaterThan(20);
    await expectSameFigures();
    expect(replicaChanges).toEqual([]); // the replica answered them all
  });

  it('signs in and checks each session on the primary while reads come from a replica that lags', async () => {
    const email = 'replica.nueva@mirador.test';
    const password = 'clave-de-la-replica-1';
    await cluster!.pauseReplay();
    try {
      await addEmployee('Replicada', email, password);
      // Sign-in finds the employee the replica has not seen yet.
      const login = await replicaApp.inject({ method: 'POST', url: '/api/v1/auth/login/employee', payload: { email, password } });
      expect(login.statusCode, login.body).toBe(200);
      const newToken = (login.json() as { token: string }).token;
      expect((login.json() as { employee: { email: string } }).employee.email).toBe(email);
      // Its token is accepted (the session is read on the primary), while reports still read the lagging replica.
      expect(await listed(replicaApp, 'Replicada', newToken)).toBe(0);
      expect(await listed(primaryApp, 'Replicada', newToken)).toBe(1);
      expect(await streamedHas(replicaApp, email)).toBe(false);
      expect(await streamedHas(primaryApp, email)).toBe(true);
      // Deactivated on the primary: refused at once, though the replica still knows nothing of it.
      await primaryDb.query('UPDATE employees SET active = false WHERE email = $1', [email]);
      expect((await get(replicaApp, '/api/v1/employee', newToken)).statusCode).toBe(401);
      const again = await replicaApp.inject({ method: 'POST', url: '/api/v1/auth/login/employee', payload: { email, password } });
      expect(again.statusCode).toBe(401);
    } finally {
      await cluster!.resumeReplay();
    }
    await cluster!.waitForReplay();
    expect(await listed(replicaApp, 'Replicada')).toBe(1);
    expect(await streamedHas(replicaApp, email)).toBe(true);
  });

  it('reads the primary without errors while the replica is down, and the replica again once it is back', { timeout: 180_000 }, async () => {
    await cluster!.stopReplica();
    // The first read after the stop is a stream: it finds the replica gone before its first row and moves on.
    const all = '/api/v1/employee?itemsPerPage=-1';
    const [fromPrimary, fromReplicas] = [await get(primaryApp, all), await get(replicaApp, all)];
    expect(fromReplicas.statusCode, fromReplicas.body.slice(0, 200)).toBe(200);
    expect(replicaChanges).toEqual([false]);
    expect(fromReplicas.json()).toEqual(fromPrimary.json());
    await expectSameFigures();
    expect(replicaChanges).toEqual([false]);
    // Sign-in does not depend on the replica.
    const login = await replicaApp.inject({ method: 'POST', url: '/api/v1/auth/login/employee', payload: demoEmployee });
    expect(login.statusCode, login.body).toBe(200);

    await cluster!.startReplica();
    await expect.poll(() => replicaChanges, { timeout: 60_000, interval: 100 }).toEqual([false, true]);
    await cluster!.waitForReplay();
    // Reads are on the replica again: a change it has not replayed is not seen.
    await cluster!.pauseReplay();
    try {
      await addEmployee('Devuelta', 'replica.devuelta@mirador.test', 'clave-de-la-replica-2');
      expect(await listed(primaryApp, 'Devuelta')).toBe(1);
      expect(await listed(replicaApp, 'Devuelta')).toBe(0);
    } finally {
      await cluster!.resumeReplay();
    }
  });

  it('takes turns among the replicas, skipping one that does not answer and telling the operator', async () => {
    const changes: Array<[string, boolean]> = [];
    // The primary listed as a second "replica" sees what the paused replica does not; nothing listens on port 1.
    const db = await openDb({
      databaseUrl: cluster!.primaryUrl,
      databaseReplicaUrls: [cluster!.replicaUrl, cluster!.primaryUrl, 'postgres://postgres:secreto@127.0.0.1:1/postgres'],
      dataDir: join(cluster!.dir, 'app-data'),
      replicaRetryMs: 60_000,
      onReplicaChange: (text, up) => changes.push([text, up]),
    });
    await cluster!.pauseReplay();
    try {
      await addEmployee('Turnos', 'replica.turnos@mirador.test', 'clave-de-la-replica-3');
      const seen: number[] = [];
      for (let i = 0; i < 6; i++) {
        const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM employees WHERE last_name = 'Turnos'");
        seen.push(row!.n);
      }
      expect(seen).toEqual([0, 1, 0, 1, 0, 1]);
      expect(changes).toEqual([[messages.replicas.down('127.0.0.1:1/postgres', 'ECONNREFUSED', 60), false]]);
      // Writes and the primary's own reads do not take turns.
      expect(await db.primary.query("SELECT count(*)::int AS n FROM employees WHERE last_name = 'Turnos'")).toEqual([{ n: 1 }]);
    } finally {
      await cluster!.resumeReplay();
      await db.close();
    }
    // Closed, a read fails (the pools are ended) rather than going round the replicas for ever.
    await expect(db.query('SELECT 1')).rejects.toThrow(/pool/);
  });

  it('keeps a year report under versions no newer than its figures, over replicas at different points', async () => {
    // A replica that lags and the primary, taking turns: a kept answer (versionedCache.ts) reads its versions and its
    // figures on one of them (readScope.ts); read on both, figures of the lagging one would be kept under the
    // primary's versions and answered after the replica caught up.
    const db = await openDb({
      databaseUrl: cluster!.primaryUrl,
      databaseReplicaUrls: [cluster!.replicaUrl, cluster!.primaryUrl],
      dataDir: join(cluster!.dir, 'app-data'),
    });
    const app = await buildApp({ db, jwtSecret: testSecret, now: () => testNow, sessionCacheSeconds: 0, readReuseMs: 0 });
    const url = '/api/v1/report/booking/ocupacion?year=2026';
    const answer = async (from: FastifyInstance) => {
      const res = await get(from, url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as unknown;
    };
    try {
      const before = await answer(primaryApp);
      expect(await answer(app)).toEqual(before);
      await cluster!.pauseReplay();
      try {
        const [room] = await primaryDb.query<{ id: number }>('SELECT id FROM places WHERE NOT is_space AND NOT deleted ORDER BY id LIMIT 1');
        const [client] = await primaryDb.query<{ id: number }>('SELECT id FROM clients ORDER BY id LIMIT 1');
        await primaryDb.query(
          `WITH b AS (
             INSERT INTO bookings (id, ref, status, date_start, date_end, created_at, updated_at, way_contact_name, place_id, user_id)
             SELECT max(id) + 1, 'REPLICA-CACHE', 'confirmed', '2026-04-10', '2026-04-12', '2026-03-01T12:00:00Z',
                    '2026-03-01T12:00:00Z', 'Directo', $1, $2 FROM bookings RETURNING id)
           INSERT INTO booking_rates (booking_id, date, total_rate)
           SELECT id, d, 250000 FROM b, (VALUES ('2026-04-10'::date), ('2026-04-11'::date)) AS n (d)`,
          [room!.id, client!.id],
        );
        const after = await answer(primaryApp);
        expect(after).not.toEqual(before);
        // Each visit answers what the server it read holds, the replica's or the primary's figures.
        for (let i = 0; i < 6; i++) expect([before, after]).toContainEqual(await answer(app));
      } finally {
        await cluster!.resumeReplay();
      }
      await cluster!.waitForReplay();
      const after = await answer(primaryApp);
      for (let i = 0; i < 4; i++) expect(await answer(app)).toEqual(after);
    } finally {
      await app.close();
      await db.close();
    }
  });
});
