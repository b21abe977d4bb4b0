import { GateTimeout } from './fairGate.ts';

/**
 * What kind of database trouble an error shows: worth a 503 and a retry, not a 500. `busy`: every connection of the
 * streams' pool stayed taken by other all-rows answers and exports for as long as a stream may wait for one.
 * `share`: the caller's own requests held their share of the connections for as long as one may wait (a 429).
 * `diskFull`: the database's disk has no room for what a write adds.
 */
export type DatabaseTrouble = 'unavailable' | 'timeout' | 'busy' | 'share' | 'diskFull';

/** A stream found no free connection of its own pool in time (`DB_STREAM_POOL_SIZE`, openPostgres.ts). */
export class StreamsBusyError extends Error {
  constructor(cause: unknown) {
    super('every connection of the streams pool stayed in use', { cause });
    this.name = 'StreamsBusyError';
  }
}

/** node-postgres's pool gave up waiting for one of its connections to be free (pg-pool). */
export const isPoolWaitTimeout = (error: unknown) => error instanceof Error && /^timeout exceeded when trying to connect/.test(error.message);

/** Network errors of a server that is down, unreachable or restarting. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that is shutting down, starting, full, or cancelled a statement. */
const sqlStates: Record<string, DatabaseTrouble> = {
  '57P01': 'unavailable', // admin_shutdown
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now
  '53100': 'diskFull', // disk_full (PostgreSQL and PGlite: could not extend file … No space left on device)
  '53300': 'unavailable', // too_many_connections
  '57014': 'timeout', // query_canceled (statement_timeout)
  '55P03': 'timeout', // lock_not_available (lock_timeout)
};

/** Errors node-postgres raises itself, without a code. */
const driverMessages: [RegExp, DatabaseTrouble][] = [
  [/^timeout exceeded when trying to connect/, 'timeout'], // no free connection in the pool in time
  [/^timeout expired$/, 'unavailable'], // a new connection got no answer within the connect timeout
  [/^Connection terminated/, 'unavailable'],
  [/^Client has encountered a connection error/, 'unavailable'],
  [/^Cannot use a pool after calling end/, 'unavailable'],
  [/^Query read timeout/, 'timeout'],
];

/** Classifies an error from either engine; undefined when it is not about reaching the database. */
export function databaseTrouble(error: unknown, depth = 0): DatabaseTrouble | undefined {
  if (!(error instanceof Error) || depth > 3) return undefined;
  if (error instanceof StreamsBusyError) return 'busy';
  if (error instanceof GateTimeout) return error.reason === 'share' ? 'share' : 'timeout';
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code)) return 'unavailable';
    if (code === 'ENOSPC') return 'diskFull';
    if (sqlStates[code]) return sqlStates[code];
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'unavailable'; // class 08: connection exception
  }
  const known = driverMessages.find(([pattern]) => pattern.test(error.message));
  if (known) return known[1];
  // Node reports a refused dual-stack connect as an AggregateError of one error per address.
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const trouble = databaseTrouble(inner, depth + 1);
      if (trouble) return trouble;
    }
  }
  return databaseTrouble(error.cause, depth + 1);
}

/** Seconds a client should wait before trying again when the database is in trouble. */
export const databaseRetryAfterSeconds = 5;

/** Seconds before trying again when the caller's own requests hold their share of the connections. */
export const shareRetryAfterSeconds = 5;

/** Seconds before trying again when every stream connection is taken: downloads last longer than a statement. */
export const streamsBusyRetryAfterSeconds = 30;
