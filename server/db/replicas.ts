import { databaseTrouble } from './dbErrors.ts';
import type { Db } from './Db.ts';
import { currentReadScope } from './readScope.ts';
import { messages } from '../messages.ts';

/** How often a replica found down is tried again in the background (requests meanwhile read elsewhere). */
export const defaultReplicaRetryMs = 5_000;

export interface ReplicaOptions {
  /** A name for each replica in the operator's messages (host, port, database: never a password). */
  names?: readonly string[];
  /** How often a down replica is probed; it takes reads again once it answers. */
  retryMs?: number;
  /** Told, in Spanish for the operator, when a replica stops answering and when it answers again. */
  onChange?: (text: string, replica: number, up: boolean) => void;
}

interface Replica {
  db: Db;
  name: string;
  up: boolean;
  probe: NodeJS.Timeout | undefined;
}

/**
 * Whether a read that failed on a replica may run again elsewhere: the replica is down, unreachable, restarting or
 * full (connection trouble), or replay cancelled the statement (a conflict with recovery, SQLSTATE 40001 on a hot
 * standby). A statement timeout or an error of the SQL itself would fail again on the primary: it is thrown.
 */
function readElsewhere(error: unknown): 'down' | 'conflict' | undefined {
  if (databaseTrouble(error) === 'unavailable') return 'down';
  return (error as { code?: unknown }).code === '40001' ? 'conflict' : undefined;
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return error instanceof Error && error.message ? error.message : 'sin detalle';
}

/**
 * Reads (`query`, `streamJson`) on streaming replicas, round robin; a replica that does not answer is skipped (the
 * read runs on the next one, else on the primary) and probed in the background until it answers again. Writes,
 * transactions, `exec` and `primary` go to the primary. Closing closes them all.
 */
export function replicatedDb(primary: Db, replicaDbs: readonly Db[], options: ReplicaOptions = {}): Db {
  const retryMs = options.retryMs ?? defaultReplicaRetryMs;
  const replicas: Replica[] = replicaDbs.map((db, i) => ({ db, name: options.names?.[i] ?? `réplica ${i + 1}`, up: true, probe: undefined }));
  let next = 0;
  let closed = false;

  /** The next replica that is up, round robin; the primary when none is. */
  const pick = (): Replica | undefined => {
    for (let tried = 0; tried < replicas.length; tried++) {
      const replica = replicas[next]!;
      next = (next + 1) % replicas.length;
      if (replica.up) return replica;
    }
    return undefined;
  };

  const markDown = (replica: Replica, error: unknown) => {
    if (!replica.up) return;
    replica.up = false; // also once closed: the read then moves on to the (closed) primary and fails there
    if (closed) return;
    const index = replicas.indexOf(replica);
    options.onChange?.(messages.replicas.down(replica.name, reasonOf(error), retryMs / 1000), index, false);
    const probe = async () => {
      replica.probe = undefined;
      if (closed) return;
      try {
        await replica.db.query('SELECT 1');
        if (closed) return;
        replica.up = true;
        options.onChange?.(messages.replicas.up(replica.name), index, true);
      } catch {
        schedule();
      }
    };
    const schedule = () => {
      if (closed) return;
      replica.probe = setTimeout(() => void probe(), retryMs);
      replica.probe.unref();
    };
    schedule();
  };

  /**
   * A read of a read scope (readScope.ts): on the server the scope's first read went to, chosen as `read` chooses; once
   * that one fails, on the primary, which is never behind it (the scope's reads stay at least as new as its first).
   */
  const readPinned = async <T>(pins: WeakMap<object, Db>, run: (db: Db) => Promise<T>): Promise<T> => {
    let target = pins.get(db);
    if (!target) {
      target = pick()?.db ?? primary;
      pins.set(db, target);
    }
    if (target === primary) return run(primary);
    try {
      return await run(target);
    } catch (error) {
      const why = readElsewhere(error);
      if (!why) throw error;
      const replica = replicas.find((r) => r.db === target);
      if (why === 'down' && replica) markDown(replica, error);
      pins.set(db, primary);
      return run(primary);
    }
  };

  /** Runs a read on a replica, then on another or the primary while they do not answer. */
  const read = async <T>(run: (db: Db) => Promise<T>): Promise<T> => {
    const scope = currentReadScope();
    if (scope) return readPinned(scope.pins, run);
    for (;;) {
      const replica = pick();
      if (!replica) return run(primary);
      try {
        return await run(replica.db);
      } catch (error) {
        const why = readElsewhere(error);
        if (!why) throw error;
        if (why === 'conflict') return run(primary);
        markDown(replica, error);
      }
    }
  };

  const db: Db = {
    kind: 'postgres',
    primary,
    query: (sql, params) => read((target) => target.query(sql, params)),
    exec: (sql) => primary.exec(sql),
    transaction: (work) => primary.transaction(work),
    // Falls back like `query` until the first batch of rows arrives; a replica lost after that ends the stream with
    // its error (rows already sent cannot be taken back).
    async *streamJson(sql, params, batch) {
      const iterator = await read(async (target) => {
        const rows = target.streamJson(sql, params, batch)[Symbol.asyncIterator]();
        try {
          return { rows, first: await rows.next() };
        } catch (error) {
          await rows.return?.();
          throw error;
        }
      });
      let finished = iterator.first.done === true;
      try {
        if (finished) return;
        yield iterator.first.value;
        for (;;) {
          const row = await iterator.rows.next();
          if (row.done) {
            finished = true;
            return;
          }
          yield row.value;
        }
      } finally {
        // The consumer stopped early (or a row failed): the cursor is closed and its connection freed.
        if (!finished) await iterator.rows.return?.();
      }
    },
    async close() {
      closed = true;
      for (const replica of replicas) clearTimeout(replica.probe);
      await Promise.all([primary.close(), ...replicas.map((r) => r.db.close())]);
    },
  };
  return db;
}

/** How an operator's message names a server: host, port and database of its URL, never the user or password. */
export function serverName(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`;
}
