import type { Db } from './Db.ts';

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

/**
 * `db` with its reads shared: a `query` asked while the very same one (same SQL, same parameters) is still running
 * waits for that one's rows instead of running again, and gets its own copy of them. Mirador only reads, so the
 * answer is the one the database would have given a moment earlier, never one from another request's filters; a
 * morning when many people open the same screens costs the database one statement per screen instead of one per
 * person. Nothing is kept once the statement ends (this is not a cache), errors reach every waiter, and
 * `primary`, `transaction`, `exec` and `streamJson` are untouched (writes and read-your-writes go through
 * `primary`). Parameters that JSON cannot spell are never shared.
 */
export function coalescedReads(db: Db): Db {
  const running = new Map<string, { rows: Promise<unknown[]>; sharedWith: number }>();
  const query = <T = Record<string, unknown>>(sql: string, params: readonly unknown[] = []): Promise<T[]> => {
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
    // Nobody joins once the statement has ended (it leaves the map first), so when the rows arrive it is known whether
    // they were shared: then the first caller gets a copy too and the rows it could change are no one else's.
    const entry = { rows: db.query<T>(sql, params).finally(() => running.delete(key)), sharedWith: 0 };
    running.set(key, entry);
    return entry.rows.then((rows) => (entry.sharedWith === 0 ? rows : (copyRows(rows) as T[])));
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
