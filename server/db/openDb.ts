import type { Db } from './Db.ts';
import { openPglite, secureDataDir } from './openPglite.ts';
import { defaultPostgresTimeouts, openPostgres, postgresDb, type PostgresPoolSizes, type PostgresTimeouts } from './openPostgres.ts';
import { replicatedDb, serverName } from './replicas.ts';

/** Where the embedded database (PGlite) keeps its files under DATA_DIR when no server is configured. */
export const embeddedDataDir = (dataDir: string) => `${dataDir}/pglite`;

export interface OpenDbOptions {
  databaseUrl?: string | undefined;
  /** Streaming replicas of `databaseUrl` for the reads (see replicas.ts); only with `databaseUrl`. */
  databaseReplicaUrls?: readonly string[] | undefined;
  dataDir: string;
  postgresTimeouts?: Partial<PostgresTimeouts>;
  /** The pools opened to the primary and to each replica (default: defaultPostgresPoolSizes). */
  postgresPoolSizes?: Partial<PostgresPoolSizes>;
  /** Told, in Spanish for the operator, when a replica stops answering or answers again. */
  onReplicaChange?: (text: string, up: boolean) => void;
  /** How often a replica found down is tried again (default: replicas.ts). */
  replicaRetryMs?: number;
}

/**
 * A PostgreSQL server when a URL is given (with its read replicas, if any; each server's pools sized by
 * `postgresPoolSizes`), else PGlite files under `dataDir`; `dataDir` is kept private (0700). Only the primary
 * must answer to open: a replica down at start is skipped until it answers.
 */
export async function openDb(options: OpenDbOptions): Promise<Db> {
  secureDataDir(options.dataDir);
  if (!options.databaseUrl) {
    // The same statement limit as on a server, with the same client-side margin.
    const statementMs = (options.postgresTimeouts?.statementMs ?? defaultPostgresTimeouts.statementMs) + 1_000;
    return openPglite(embeddedDataDir(options.dataDir), undefined, { statementMs });
  }
  const primary = await openPostgres(options.databaseUrl, options.postgresPoolSizes, options.postgresTimeouts);
  const replicaUrls = options.databaseReplicaUrls ?? [];
  if (replicaUrls.length === 0) return primary;
  const replicas = replicaUrls.map((url) => postgresDb(url, options.postgresPoolSizes, options.postgresTimeouts));
  const onReplicaChange = options.onReplicaChange;
  const onChange = onReplicaChange && ((text: string, _replica: number, up: boolean) => onReplicaChange(text, up));
  return replicatedDb(primary, replicas, {
    names: replicaUrls.map(serverName),
    ...(onChange && { onChange }),
    ...(options.replicaRetryMs !== undefined && { retryMs: options.replicaRetryMs }),
  });
}
