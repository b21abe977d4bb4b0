import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from './Db.ts';
import { openPostgres } from './openPostgres.ts';

// Where the planner JIT-compiles a report's SQL it costs more than it saves (npm run bench): sessions run without it.
describe('the PostgreSQL pool', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPostgres(inject('postgresUrl'), 2);
  });
  afterAll(() => db.close());

  it('runs every session with jit off, requests and transactions alike', async () => {
    const shown = await Promise.all([1, 2, 3].map(() => db.query<{ jit: string }>('SHOW jit')));
    expect(shown.map(([row]) => row?.jit)).toEqual(['off', 'off', 'off']);
    expect(await db.transaction((tx) => tx.query<{ jit: string }>('SHOW jit'))).toEqual([{ jit: 'off' }]);
  });
});
