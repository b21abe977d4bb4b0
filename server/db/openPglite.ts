import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { keepText, parseNumber, typeIds, type Db, type Queryable } from './Db.ts';

const parsers = {
  [typeIds.int8]: parseNumber,
  [typeIds.numeric]: parseNumber,
  [typeIds.date]: keepText,
};

type PgliteLike = Pick<PGlite, 'query' | 'exec'>;

function wrap(pg: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await pg.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
  };
}

export interface PgliteDb extends Db {
  /** A tarball of the whole database, to clone a prepared one quickly (tests). */
  dumpDataDir(): Promise<Blob>;
}

/** Embedded PostgreSQL (WebAssembly) storing its files in `dataDir`, or in memory when it is `memory://`. */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PgliteDb> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { parsers, loadDataDir, relaxedDurability: true });
  await pg.exec("SET TIME ZONE 'UTC'");
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: () => pg.close(),
    dumpDataDir: async () => (await pg.dumpDataDir('none')) as Blob,
  };
}
