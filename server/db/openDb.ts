import type { Db } from './Db.ts';
import { openPglite } from './openPglite.ts';
import { openPostgres } from './openPostgres.ts';

/** A PostgreSQL server when a URL is given, else PGlite files under `dataDir`. */
export function openDb(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(`${options.dataDir}/pglite`);
}
