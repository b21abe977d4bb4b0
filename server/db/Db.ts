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
  close(): Promise<void>;
}

/** PostgreSQL type ids whose text form we parse ourselves so that both engines answer alike. */
export const typeIds = { int8: 20, numeric: 1700, date: 1082 } as const;

export const parseNumber = (text: string): number => Number(text);
export const keepText = (text: string): string => text;
