import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLookupCacheSeconds } from '../http/answerCache.ts';
import { startTestServer, testNow, testToday, type TestServer } from '../../tests/support/testServer.ts';

// Changes rows, so only on PGlite, where each test server has a database of its own.
let server: TestServer;
let clock = testNow.getTime();
beforeAll(async () => {
  // The lookup cache's lifetime alone: a read is also reused for READ_REUSE_MS after it ended (coalescedReads.test.ts).
  server = await startTestServer({ now: () => new Date(clock), readReuseMs: 0 });
});
afterAll(() => server.close());

const lifetimeMs = defaultLookupCacheSeconds * 1000;

describe('the lifetime of a cached answer', () => {
  it('answers a renamed typology once the lifetime has passed, as the database has it', async () => {
    const url = '/api/v1/place/typology?itemsPerPage=100';
    const before = (await server.get(url)).json<{ data: Array<{ _id: number; name: string }> }>();
    const renamed = before.data[0]!;
    await server.db.query(`UPDATE typologies SET name = name || ' renombrada' WHERE id = $1`, [renamed._id]);
    // Answered from the cache while its age is at most the lifetime, from the database 1 ms later.
    clock += lifetimeMs;
    expect((await server.get(url)).json()).toEqual(before);
    clock += 1;
    const after = (await server.get(url)).json<{ data: Array<{ _id: number; name: string }> }>();
    const [row] = await server.db.query<{ name: string }>('SELECT name FROM typologies WHERE id = $1', [renamed._id]);
    expect(after.data.find((t) => t._id === renamed._id)!.name).toBe(row!.name);
    expect(row!.name).toBe(`${renamed.name} renombrada`);
  });

  it("answers a changed TRM once the lifetime has passed", async () => {
    const before = (await server.get('/api/v1/trm')).json<{ data: { date: string; value_30: number } }>();
    expect(before.data.date).toBe(testToday);
    await server.db.query('UPDATE trm SET value_30 = value_30 + 1 WHERE date = $1', [testToday]);
    expect((await server.get('/api/v1/trm')).json()).toEqual(before);
    clock += lifetimeMs + 1;
    const [row] = await server.db.query<{ value_30: number }>('SELECT value_30 FROM trm WHERE date = $1', [testToday]);
    expect((await server.get('/api/v1/trm')).json().data).toEqual({ date: testToday, value_30: row!.value_30 });
    expect(row!.value_30).toBe(before.data.value_30 + 1);
  });
});
