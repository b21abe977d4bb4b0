import type { Db, Queryable } from './Db.ts';

/** What is known of a database before it has opened: its engine and, on PGlite, where its files are. */
export interface DeferredDbKnown {
  kind: Db['kind'];
  /** The embedded database's directory (PgliteDb.dataDir, read by the readiness probe); undefined on PostgreSQL. */
  dataDir?: string | undefined;
}

export type DeferredDb = Db & { readonly dataDir: string | undefined };

/**
 * The database that `opening` will give, usable at once: the server builds its routes while the database opens on
 * its worker thread (main.ts). Every call waits for the open, then goes to the opened database (straight to it once
 * open); a failed open fails each call with its error, and `close` has nothing to close. `primary` is the opened
 * database's primary, deferred alike. It serves nothing by itself: main.ts listens once the database is open and ready.
 */
export function deferredDb(opening: Promise<Db>, known: DeferredDbKnown): DeferredDb {
  const primary: DeferredDb = deferredOver(
    opening.then((db) => db.primary),
    known,
    () => primary,
  );
  return deferredOver(opening, known, () => primary);
}

function deferredOver(target: Promise<Db>, known: DeferredDbKnown, primary: () => Db): DeferredDb {
  let opened: Db | undefined;
  // Settled here too, so that a failed open that no one has asked anything of yet is no unhandled rejection.
  target.then(
    (db) => (opened = db),
    () => undefined,
  );
  return {
    kind: known.kind,
    dataDir: known.dataDir,
    get primary() {
      return primary();
    },
    query: <T = Record<string, unknown>>(sql: string, params?: readonly unknown[]) =>
      opened ? opened.query<T>(sql, params) : target.then((db) => db.query<T>(sql, params)),
    exec: (sql: string) => (opened ? opened.exec(sql) : target.then((db) => db.exec(sql))),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) =>
      opened ? opened.transaction(work) : target.then((db) => db.transaction(work)),
    streamJson(sql: string, params?: readonly unknown[], batch?: number): AsyncIterable<string[]> {
      if (opened) return opened.streamJson(sql, params, batch);
      return (async function* () {
        // yield* hands a loop left early on to the opened stream, which closes its cursor or statement.
        yield* (await target).streamJson(sql, params, batch);
      })();
    },
    close: () =>
      target.then(
        (db) => db.close(),
        () => undefined,
      ),
  };
}
