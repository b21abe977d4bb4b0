/** What every part of the server sees of the database: the same calls on PGlite and on a PostgreSQL server. */
export interface Queryable {
  /** One parameterised statement; rows come back with int8/numeric as numbers and dates as YYYY-MM-DD. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * The database as routes see it (`app.db`). Its `query` and `streamJson` are READS: with streaming replicas
 * (`DATABASE_REPLICA_URLS`) they run on a replica, round robin, or on the primary when none answers, so they may see
 * data a moment old (replication lag) and must never change anything (a replica refuses writes).
 *
 * WRITES go through `db.primary`: any INSERT, UPDATE or DELETE (`app.db.primary.query(...)`), and any read that must
 * see what was just written or changed (sign-in and the session's employee, a list read right after saving to it).
 * `transaction` and `exec` always run on the primary (loads, migrations). On PGlite and on PostgreSQL without
 * replicas `db.primary` is `db` itself, so code that routes its writes through it is right everywhere.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Where writes and read-your-writes reads go: the primary server (this same object when there are no replicas). */
  readonly primary: Db;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Each row's JSON text as the consumer asks, read ahead of it a little (memory stays flat): on PGlite from a
   * cursor read `batch` rows at a time, the next fetch under way while the consumer takes the rows before; on
   * PostgreSQL from the statement run once on a connection of the streams' own pool (openPostgres.ts), paused while
   * `batch` rows wait unread.
   * Each step is a batch, never empty: the rows that have come since the step before (PostgreSQL) or one fetch
   * (PGlite). Stepping a row at a time (through two async generators per row) cost the booking list's all-rows
   * answer on `large` 185 ms of the server's CPU uncompressed and 261 ms with br; in batches, 145 and 235 ms
   * (0.78× and 0.90×; README, "Streams in batches").
   * `sql` answers one text column (e.g. `SELECT row_to_json(t)::text FROM t`). Leaving the loop early closes
   * the cursor or the statement and frees the connection; on PGlite other statements run between the fetches.
   */
  streamJson(sql: string, params?: readonly unknown[], batch?: number): AsyncIterable<string[]>;
  close(): Promise<void>;
}

/** PostgreSQL type ids whose text form we parse ourselves so that both engines answer alike. */
export const typeIds = { int8: 20, numeric: 1700, date: 1082 } as const;

/**
 * How long a stream waits for its consumer to take the rows it has read ahead before it lets the database go, and
 * the consumer's next step fails: a reader that stalls (a client that stopped downloading) would hold the database's
 * resources for good, a PGlite cursor's temporary files, or a PostgreSQL connection whose statement waits on its
 * write (where PostgreSQL does not apply its statement timeout).
 */
export const defaultStreamIdleMs = 30_000;

/** Rows per FETCH of streamJson on PGlite (two fetches are read ahead of its consumer). */
export const defaultStreamBatch = 1000;

/**
 * Rows streamJson on PostgreSQL lets wait unread before it pauses the socket (at most twice this many are held).
 * Rows that wait long enough to live through two of V8's young-generation collections are moved to the old one and
 * stay there until a full collection: with 1,000 (and an export reading 2,000 more ahead) an Excel file of
 * 1,048,575 rows on `large` grew the server's RSS by 150–190 MB against 45–95 MB with 200, in the same time
 * (19–21 s), and the all-rows booking answer took as long either way (its last byte after 590–710 ms).
 */
export const postgresStreamReadAhead = 200;

export const parseNumber = (text: string): number => Number(text);
export const keepText = (text: string): string => text;
