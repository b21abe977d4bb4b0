import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../tests/support/testServer.ts';
import type { Db } from './Db.ts';
import { databaseTrouble } from './dbErrors.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(() => db.close());

describe('databaseTrouble on PostgreSQL', () => {
  it("calls the server's disk_full (53100) a full disk, as node-postgres raises it", async () => {
    // The error PostgreSQL sends when a write finds no room; raised on purpose, the shared server's disk is not filled.
    const error = await db.query("DO $$ BEGIN RAISE EXCEPTION 'could not extend file' USING ERRCODE = 'disk_full'; END $$").catch((e: unknown) => e);
    expect((error as { code?: string }).code).toBe('53100');
    expect(databaseTrouble(error)).toBe('diskFull');
  });
});
