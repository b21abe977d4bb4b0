import type { Db } from './Db.ts';
import { openPglite, secureDataDir } from './openPglite.ts';
import { openPostgres, type PostgresTimeouts } from './openPostgres.ts';

/** A PostgreSQL server when a URL is given, else PGlite files under `dataDir`; `dataDir` is kept private (0700). */
export function openDb(options: { databaseUrl?: string | undefined; dataDir: string; postgresTimeouts?: Partial<PostgresTimeouts> }): Promise<Db> {
  secureDataDir(options.dataDir);
  return options.databaseUrl ? openPostgres(options.databaseUrl, 10, options.postgresTimeouts) : openPglite(`${options.dataDir}/pglite`);
}
