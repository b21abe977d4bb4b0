import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { defaultStreamBatch, defaultStreamIdleMs, type Db, type Queryable } from './Db.ts';
import type { SerializedError, WorkerReply, WorkerRequest, WorkerStart } from './pgliteProtocol.ts';
import { readAhead } from './readAhead.ts';

export interface PgliteDb extends Db {
  /** Where its files are; undefined in memory. */
  readonly dataDir: string | undefined;
  /** A tarball of the whole database, to clone a prepared one quickly (tests). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Makes `dir` and everything under it private to the server's user: directories 0700, files 0600 (PGlite's
 * file system creates most of its files 0666, so any local user could rewrite password hashes).
 */
export function secureDataDir(dir: string): void {
  if (!existsSync(dir)) return;
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if ((stat.mode & 0o077) !== 0) {
      chmodSync(path, stat.mode & 0o700);
    }
  };
  walk(dir);
}

/** An Error on this thread carrying what the worker's error carried (PostgreSQL's code, detail, constraint…). */
function revive(fields: SerializedError): Error {
  const error = new Error(String(fields.message ?? ''));
  Object.assign(error, fields);
  return error;
}

/** A row's only column (streamJson's statements answer one), JSON's null for SQL's NULL. */
function firstColumn(row: Record<string, string | null>): string {
  for (const key in row) return row[key] ?? 'null';
  return 'null';
}

// Plain JavaScript, so that it starts without a TypeScript loader (tsx in a worker costs 1 to 1.5 s per open).
// A path, not a URL: under jsdom (widget tests) the global URL is not one a Worker accepts.
const workerPath = join(dirname(fileURLToPath(import.meta.url)), 'pgliteWorker.mjs');

/** A request without its id. */
type Call = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

export interface PgliteOptions {
  /** How long a stream's cursor stays open while its consumer does not ask for more (default: Db.ts). */
  streamIdleMs?: number;
  /** How long the worker may take to start PGlite before it is stopped and the open fails (default 60 s). */
  startTimeoutMs?: number;
  /**
   * How long a request's statement may wait for the worker's answer, its turn behind others included (default: the
   * statement timeout and a second). PGlite has no statement limit of its own, so a statement that does not end would
   * otherwise hold every request behind it.
   */
  statementMs?: number;
  /** PostgreSQL's shared_buffers in MB (default pgliteSharedBuffersMb; the data directory's own setting is 128 MB). */
  sharedBuffersMb?: number;
}

/**
 * PGlite's shared_buffers. PostgreSQL zeroes its whole shared memory as it starts (Emscripten's mmap), and the first
 * write to fresh WebAssembly memory pages it in: on this machine 150 MB of it took 2.5 s to fill the first time and
 * 27 ms the second. With the data directory's 128 MB (145 MB of shared memory) an open of the demo data took 2.5–2.8 s
 * of CPU and 358 MB of RSS; with 32 MB 2.3–2.7 s and 220 MB, and every screen call's statements on `demo` took the
 * same time (geometric mean 0.94× and 1.03× in two runs, alternated in one process). docs/performance.md.
 */
export const pgliteSharedBuffersMb = 32;

/** A request's statement got no answer from PGlite's worker in time: query_canceled, a 503 as a statement timeout is. */
export class PgliteStatementTimeout extends Error {
  readonly code = '57014';
  constructor(ms: number) {
    super(`PGlite did not answer within ${ms} ms`);
    this.name = 'PgliteStatementTimeout';
  }
}

/**
 * Once, in one CI run of many, PGlite's worker neither answered nor exited while starting (for 240 s, until the test
 * gave up). This 2-core machine starts the test database in 1 to 5 s with both cores busy, and in at most 11 s while
 * two CI runs share them (scripts/measurePgliteStart.ts), so a minute means it will not: the worker is stopped and
 * the open fails with an error that openWithRetry retries.
 */
const defaultStartTimeoutMs = 60_000;

/** As PostgreSQL's statement limit (defaultPostgresTimeouts) with its client-side margin. */
const defaultPgliteStatementMs = 31_000;

/** The worker did not start PGlite in time: ETIMEDOUT, so that openWithRetry tries again as for a server that is down. */
export class PgliteStartTimeout extends Error {
  readonly code = 'ETIMEDOUT';
  /** The time it was given, in whole seconds. */
  readonly startSeconds: number;
  constructor(ms: number) {
    super(`PGlite did not start within ${ms} ms`);
    this.startSeconds = Math.ceil(ms / 1000);
    this.name = 'PgliteStartTimeout';
  }
}

/**
 * Embedded PostgreSQL (WebAssembly) storing its files in `dataDir`, or in memory when it is `memory://`.
 * It runs on a worker thread: however long a statement takes, this thread keeps answering HTTP.
 */
export async function openPglite(dataDir: string, loadDataDir?: Blob, options: PgliteOptions = {}): Promise<PgliteDb> {
  const {
    streamIdleMs = defaultStreamIdleMs,
    startTimeoutMs = defaultStartTimeoutMs,
    statementMs = defaultPgliteStatementMs,
    sharedBuffersMb = pgliteSharedBuffersMb,
  } = options;
  const onDisk = !dataDir.startsWith('memory://');
  if (onDisk) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    secureDataDir(dataDir);
  }
  const start: WorkerStart = { dataDir, loadDataDir: loadDataDir && (await loadDataDir.arrayBuffer()), sharedBuffersMb };
  const worker = new Worker(workerPath, {
    workerData: start,
    transferList: start.loadDataDir ? [start.loadDataDir] : [],
    // Not this thread's flags: under `tsx` they would load its loader into the worker for nothing.
    execArgv: [],
  });

  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  const stop = (error: Error) => {
    stopped ??= error;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
    worker.unref();
  };

  await new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      clearTimeout(timer);
      worker.off('message', started).off('error', settle).off('exit', exited);
      if (!error) return resolve();
      stop(error);
      reject(error);
    };
    const started = (reply: WorkerReply) => settle(reply.ok ? undefined : revive(reply.error));
    const exited = (code: number) => settle(new Error(`PGlite worker exited with code ${code} while starting`));
    const timer = setTimeout(() => {
      settle(new PgliteStartTimeout(startTimeoutMs));
      void worker.terminate();
    }, startTimeoutMs);
    worker.on('message', started).on('error', settle).on('exit', exited);
  });
  // PGlite's first start (initdb) wrote its files world-writable.
  if (onDisk) secureDataDir(dataDir);

  worker.on('message', (reply: WorkerReply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    // An idle database does not keep the process alive, as PGlite on this thread did not.
    if (pending.size === 0) worker.unref();
    if (reply.ok) call.resolve('value' in reply ? reply.value : undefined);
    else call.reject(revive(reply.error));
  });
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) => stop(new Error(`PGlite worker exited with code ${code}`)));
  worker.unref();

  // A request's own statement is bounded; loads, migrations (in transactions) and a stream's cursor are not.
  const send = <T>(call: Call, bounded = call.kind === 'query' && call.tx === undefined): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = bounded
        ? setTimeout(() => {
            // Its answer, if it ever comes, reaches nobody.
            pending.delete(id);
            if (pending.size === 0) worker.unref();
            reject(new PgliteStatementTimeout(statementMs));
          }, statementMs)
        : undefined;
      const settled = <A extends unknown[]>(then: (...args: A) => void) => (...args: A) => {
        clearTimeout(timer);
        then(...args);
      };
      pending.set(id, { resolve: settled(resolve as (value: unknown) => void), reject: settled(reject) });
      worker.ref();
      worker.postMessage({ id, ...call } satisfies WorkerRequest);
    });
  };

  const queryable = (tx?: number): Queryable => ({
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      send<T[]>({ kind: 'query', sql, params, ...(tx !== undefined && { tx }) }),
    exec: (sql: string) => send<void>({ kind: 'exec', sql, ...(tx !== undefined && { tx }) }),
  });

  let nextTx = 1;
  let nextCursor = 1;
  let closing: Promise<void> | undefined;
  /** The first column of each row of `sql`, a step per FETCH of `batch` rows from a held cursor (see streamJson). */
  async function* fetchedRows(sql: string, params: readonly unknown[], batch: number): AsyncGenerator<string[]> {
    const cursor = `mirador_stream_${nextCursor++}`;
    const size = Math.max(1, Math.trunc(batch));
    // On its own, outside a transaction block: the commit of its own implicit transaction runs the statement to its
    // end, as a transaction of its own would, in one call to the worker instead of three.
    await send({ kind: 'query', sql: `DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR ${sql}`, params }, false);
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await send({ kind: 'query', sql: `CLOSE ${cursor}`, params: [] });
    };
    let idle: NodeJS.Timeout | undefined;
    try {
      for (;;) {
        const rows = await send<Record<string, string | null>[]>({ kind: 'query', sql: `FETCH ${size} FROM ${cursor}`, params: [] });
        if (rows.length === 0) break;
        idle = setTimeout(() => void close().catch(() => undefined), streamIdleMs);
        idle.unref();
        yield rows.map(firstColumn);
        clearTimeout(idle);
        if (closed) throw new Error('PGlite stream abandoned: its consumer stopped reading');
        // A short batch is the last: no FETCH to learn that the cursor is at its end.
        if (rows.length < size) break;
      }
    } finally {
      clearTimeout(idle);
      await close().catch(() => undefined);
    }
  }

  const db: PgliteDb = {
    kind: 'pglite',
    dataDir: onDisk ? dataDir : undefined,
    // One embedded database: it is its own primary.
    get primary() {
      return db;
    },
    ...queryable(),
    async transaction(work) {
      const tx = nextTx++;
      await send({ kind: 'begin', tx });
      let result;
      try {
        result = await work(queryable(tx));
      } catch (error) {
        await send({ kind: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await send({ kind: 'end', tx, commit: true });
      return result;
    },
    // A held cursor: DECLARE … WITH HOLD, whose transaction's commit runs the statement to its end into
    // PostgreSQL's tuplestore (spilled to temporary files past work_mem, so memory stays flat). From then on each FETCH
    // is one statement like any other: requests that arrive while the consumer reads (and the client downloads) run
    // between the batches instead of waiting for the whole stream, PGlite being one connection. CLOSE at the end, on an
    // error or an early stop, or when the consumer stops asking. The next batch is fetched while the consumer takes
    // the one before (two batches read ahead), as PostgreSQL's socket reads ahead of its consumer.
    streamJson(sql, params = [], batch = defaultStreamBatch) {
      return readAhead(fetchedRows(sql, params, batch), 2);
    },
    close() {
      closing ??= (async () => {
        if (!stopped) {
          await send({ kind: 'close' }).catch(() => undefined);
          stop(new Error('PGlite is closed'));
          await worker.terminate();
        }
        if (onDisk) secureDataDir(dataDir);
      })();
      return closing;
    },
    dumpDataDir: async () => new Blob([await send<ArrayBuffer>({ kind: 'dump' })]),
  };
  return db;
}
