import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testToday, type TestServer } from '../../tests/support/testServer.ts';

// The answers app.answerCache reuses (LOOKUP_CACHE_SECONDS), each as the screens ask for it.
const cachedUrls = [
  '/api/v1/place',
  '/api/v1/place?isSpace=false&itemsPerPage=10&page=2',
  '/api/v1/place/spaces',
  '/api/v1/place/typology?search=a',
  '/api/v1/place/business',
  '/api/v1/user?search=mar',
  '/api/v1/trm',
  '/api/v1/use/time/resume/fetch',
  '/api/v1/use/time/resume/group/fetch?dateStart=2026-03-01&dateEnd=2026-03-15',
];

let cached: TestServer;
let uncached: TestServer;
beforeAll(async () => {
  [cached, uncached] = await Promise.all([startTestServer(), startTestServer({ lookupCacheSeconds: 0 })]);
});
afterAll(() => Promise.all([cached.close(), uncached.close()]));

describe('cached lookups, TRM and app-use summaries', () => {
  it.each(cachedUrls)('%s answers from the cache what the database answers', async (url) => {
    const first = await cached.get(url);
    expect(first.statusCode).toBe(200);
    const kept = cached.app.answerCache.size;
    const again = await cached.get(url);
    // Served from the cache: nothing new was remembered.
    expect(cached.app.answerCache.size).toBe(kept);
    const fromDatabase = await uncached.get(url);
    expect(fromDatabase.statusCode).toBe(200);
    expect(again.json()).toEqual(fromDatabase.json());
    expect(again.json()).toEqual(first.json());
    expect(uncached.app.answerCache.size).toBe(0);
  });

  it('answers the TRM stored for today from the cache', async () => {
    await cached.get('/api/v1/trm');
    const [row] = await cached.db.query<{ value_30: number }>('SELECT value_30 FROM trm WHERE date = $1', [testToday]);
    expect((await cached.get('/api/v1/trm')).json().data).toEqual({ date: testToday, value_30: row!.value_30 });
  });

  it('still asks for a token and validates before the cache', async () => {
    await cached.get('/api/v1/place/typology');
    expect((await cached.get('/api/v1/place/typology', null)).statusCode).toBe(401);
    expect((await cached.get('/api/v1/place/typology?itemsPerPage=abc')).statusCode).toBe(400);
  });

  it('streams every row without keeping it', async () => {
    const kept = cached.app.answerCache.size;
    const all = await cached.get('/api/v1/place?itemsPerPage=-1');
    expect(all.statusCode).toBe(200);
    expect(cached.app.answerCache.size).toBe(kept);
    const [count] = await cached.db.query<{ n: number }>('SELECT count(*)::int AS n FROM places');
    expect(all.json().total).toBe(count!.n);
  });
});
