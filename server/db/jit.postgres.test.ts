import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from './Db.ts';
import { openPostgres } from './openPostgres.ts';

// Where the planner JIT-compiles a report's SQL it costs more than it saves (npm run bench): sessions run without it,
// and cost a page read out of order as one read from memory (sessionOptions).
describe('the PostgreSQL pool', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPostgres(inject('postgresUrl'), { max: 2 });
  });
  afterAll(() => db.close());

  it('runs every session with jit off, requests and transactions alike', async () => {
    const shown = await Promise.all([1, 2, 3].map(() => db.query<{ jit: string }>('SHOW jit')));
    expect(shown.map(([row]) => row?.jit)).toEqual(['off', 'off', 'off']);
    expect(await db.transaction((tx) => tx.query<{ jit: string }>('SHOW jit'))).toEqual([{ jit: 'off' }]);
  });

  it('plans every session with random_page_cost 1.1', async () => {
    const shown = await Promise.all([1, 2, 3].map(() => db.query<{ random_page_cost: string }>('SHOW random_page_cost')));
    expect(shown.map(([row]) => row?.random_page_cost)).toEqual(['1.1', '1.1', '1.1']);
  });
});
