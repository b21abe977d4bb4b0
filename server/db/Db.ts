/** What every part of the server sees of the database: the same calls on PGlite and on a PostgreSQL server. */
export interface Queryable {
  /** One parameterised statement; rows come back with int8/numeric as numbers and dates as YYYY-MM-DD. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Each row's JSON text, from a cursor read `batch` rows at a time as the consumer asks (memory stays flat).
   * `sql` answers one text column (e.g. `SELECT row_to_json(t)::text FROM t`). Leaving the loop early closes
   * the cursor and frees the connection; on PGlite other statements wait while the cursor is open.
   */
  streamJson(sql: string, params?: readonly unknown[], batch?: number): AsyncIterable<string>;
  close(): Promise<void>;
}

/** PostgreSQL type ids whose text form we parse ourselves so that both engines answer alike. */
export const typeIds = { int8: 20, numeric: 1700, date: 1082 } as const;

/** Rows per fetch of streamJson. */
export const defaultStreamBatch = 1000;

export const parseNumber = (text: string): number => Number(text);
export const keepText = (text: string): string => text;
