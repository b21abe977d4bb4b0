import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTrouble } from './dbErrors.ts';
import { openPglite, type PgliteDb } from './openPglite.ts';

/** How long a request's statement may wait for the worker in this test. */
const statementMs = 1_000;

let db: PgliteDb;
beforeAll(async () => {
  db = await openPglite('memory://', undefined, { statementMs });
});
afterAll(() => db.close());

describe("PGlite's worker busy past the statement limit", () => {
  it('fails the statements waiting on it within the limit as a timeout (a 503), then answers again', async () => {
    const long = db.query('SELECT pg_sleep(3) IS NULL AS slept').catch((error: unknown) => error);
    const started = performance.now();
    const waiting = await db.query('SELECT 1 AS ok').catch((error: unknown) => error);
    expect(databaseTrouble(waiting)).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(statementMs + 1_500);
    expect(databaseTrouble(await long)).toBe('timeout');
    await expect.poll(() => db.query('SELECT 1 AS ok').catch(() => 'busy'), { timeout: 10_000, interval: 300 }).toEqual([{ ok: 1 }]);
  });
});
