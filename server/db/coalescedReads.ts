import { LRUCache } from 'lru-cache';
import type { Db } from './Db.ts';
import { currentReadScope } from './readScope.ts';

/**
 * A copy of `value` that a caller may change without touching anyone else's: arrays, plain objects and dates are
 * copied, strings and other primitives (immutable) are shared. An answer's JSON text is often one string of a
 * megabyte (jsonText.ts), which structuredClone copied for every caller; anything else falls back to it.
 */
export function copyRows(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyRows);
  if (value instanceof Date) return new Date(value.getTime());
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) copy[key] = copyRows(member);
  return copy;
}

/** How long a read's rows answer the same read again after its statement ended (READ_REUSE_MS). */
export const defaultReadReuseMs = 1000;

/** The most ended reads kept for reuse at once; past it the least recently used is dropped. */
export const readReuseMaxEntries = 500;

export interface ReadSharing {
  /** Milliseconds a read's rows answer the same read after its statement ended; 0: only while it runs. */
  reuseMs?: number;
  /** The clock the window is measured on (monotonic milliseconds, never 0: lru-cache reads a start of 0 as none; tests move it). */
  clock?: () => number;
  maxEntries?: number;
}

/**
 * `db` with its reads shared: a `query` asked while the very same one (same SQL, same parameters) is still running,
 * or within `reuseMs` of its end, gets that run's rows instead of running again, each caller its own copy. Mirador
 * only reads, so the answer is the one the database gave a moment earlier (at most the statement's own time plus
 * `reuseMs`, as a replica's lag would), never one from another request's filters: a morning when many people open the
 * same screens costs the database one statement per screen and second instead of one per person. Errors reach every
 * waiter and are not kept; `primary`, `transaction`, `exec` and `streamJson` are untouched (writes and
 * read-your-writes go through `primary`). Parameters that JSON cannot spell are never shared, nor reads inside a read
 * scope (readScope.ts).
 */
export function coalescedReads(db: Db, sharing: ReadSharing = {}): Db {
  const { reuseMs = 0, clock = () => performance.now(), maxEntries = readReuseMaxEntries } = sharing;
  const running = new Map<string, { rows: Promise<unknown[]>; sharedWith: number }>();
  // Ended reads, each for `reuseMs` after it ended: the least recently used goes first when there is no room.
  const ended =
    reuseMs > 0
      ? new LRUCache<string, { rows: unknown[] }>({ max: maxEntries, ttl: reuseMs, ttlResolution: 0, perf: { now: clock } })
      : undefined;
  // A server gone quiet lets its last reads go too, instead of holding them until they are pushed out.
  let sweepTimer: NodeJS.Timeout | undefined;
  const sweepLater = () => {
    sweepTimer ??= setTimeout(() => {
      sweepTimer = undefined;
      ended?.purgeStale();
      if (ended?.size) sweepLater();
    }, reuseMs).unref();
  };
  const keep = (key: string, rows: unknown[]) => {
    if (!ended) return;
    ended.set(key, { rows });
    sweepLater();
  };
  const query = <T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
    // Reads that must be at least as new as the versions read before them (readScope.ts) share nothing.
    if (currentReadScope()) return db.query<T>(sql, params);
    let key: string;
    try {
      key = JSON.stringify([sql, params]);
    } catch {
      return db.query<T>(sql, params);
    }
    const shared = running.get(key);
    if (shared) {
      shared.sharedWith += 1;
      return shared.rows.then((rows) => copyRows(rows) as T[]);
    }
    const recent = ended?.get(key);
    if (recent) return Promise.resolve(copyRows(recent.rows) as T[]);
    // Nobody joins once the statement has ended (it leaves the map first), so when the rows arrive it is known whether
    // they were shared: then the first caller gets a copy too and the rows it could change are no one else's.
    const entry = {
      rows: db.query<T>(sql, params).then(
        (rows) => {
          running.delete(key);
          keep(key, rows);
          return rows;
        },
        (error: unknown) => {
          running.delete(key);
          throw error;
        },
      ),
      sharedWith: 0,
    };
    running.set(key, entry);
    return entry.rows.then((rows) => (entry.sharedWith === 0 && reuseMs <= 0 ? rows : (copyRows(rows) as T[])));
  };
  return {
    kind: db.kind,
    primary: db.primary,
    query,
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction(work),
    streamJson: (sql, params, batch) => db.streamJson(sql, params, batch),
    close: () => db.close(),
  };
}
