/**
 * The worker thread that owns the PGlite instance, so that PostgreSQL (WebAssembly, synchronous while it runs a
 * statement) never holds the HTTP server's event loop. openPglite.ts talks to it with the messages below.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { keepText, parseNumber, typeIds } from './Db.ts';

export interface WorkerStart {
  dataDir: string;
  /** A tarball made by dumpDataDir, as bytes (transferred). */
  loadDataDir?: ArrayBuffer | undefined;
}

/** `tx` names an open transaction: the statement runs inside it instead of waiting for it to end. */
export type WorkerRequest =
  | { id: number; kind: 'query'; sql: string; params: readonly unknown[]; tx?: number | undefined }
  | { id: number; kind: 'exec'; sql: string; tx?: number | undefined }
  | { id: number; kind: 'begin'; tx: number }
  | { id: number; kind: 'end'; tx: number; commit: boolean }
  | { id: number; kind: 'dump' }
  | { id: number; kind: 'close' };

/** An error's name, message, stack and every plain field (PostgreSQL's code, detail, constraint…). */
export type SerializedError = Record<string, string | number | boolean | null>;

export type WorkerReply =
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { id: 0; ok: true; started: true }
  | { id: 0; ok: false; error: SerializedError; started: false };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const out: SerializedError = { name: error.name, message: error.message, stack: error.stack ?? null };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value as string;
  }
  return out;
}

const parsers = {
  [typeIds.int8]: parseNumber,
  [typeIds.numeric]: parseNumber,
  [typeIds.date]: keepText,
};

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  done: Promise<void>;
}

async function serve(port: NonNullable<typeof parentPort>, start: WorkerStart) {
  const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);
  let pg: PGlite;
  try {
    const loadDataDir = start.loadDataDir ? new Blob([start.loadDataDir]) : undefined;
    pg = await PGlite.create(start.dataDir, { parsers, loadDataDir, relaxedDurability: true });
    await pg.exec("SET TIME ZONE 'UTC'");
  } catch (error) {
    post({ id: 0, ok: false, error: serializeError(error), started: false });
    return;
  }
  const transactions = new Map<number, OpenTransaction>();
  const target = (tx: number | undefined) => {
    if (tx === undefined) return pg;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  const begin = (id: number, tx: number) => {
    let finish!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (finish = resolve));
    let begun = false;
    // PGlite's own transaction holds its lock: statements sent without `tx` wait until it ends.
    const done = pg.transaction(async (handle) => {
      begun = true;
      transactions.set(tx, { tx: handle, finish, done });
      post({ id, ok: true });
      if (!(await ended)) await handle.rollback();
    });
    done.catch((error: unknown) => {
      if (!begun) post({ id, ok: false, error: serializeError(error) });
    });
  };

  const end = async (tx: number, commit: boolean) => {
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    open.finish(commit);
    try {
      await open.done;
    } finally {
      transactions.delete(tx);
    }
  };

  const handle = async (request: WorkerRequest): Promise<void> => {
    try {
      switch (request.kind) {
        case 'query': {
          const result = await target(request.tx).query(request.sql, request.params as unknown[]);
          return post({ id: request.id, ok: true, value: result.rows });
        }
        case 'exec':
          await target(request.tx).exec(request.sql);
          return post({ id: request.id, ok: true });
        case 'begin':
          return begin(request.id, request.tx);
        case 'end':
          await end(request.tx, request.commit);
          return post({ id: request.id, ok: true });
        case 'dump': {
          const blob = (await pg.dumpDataDir('none')) as Blob;
          const bytes = await blob.arrayBuffer();
          return post({ id: request.id, ok: true, value: bytes }, [bytes]);
        }
        case 'close':
          await pg.close();
          post({ id: request.id, ok: true });
          port.close();
          return;
      }
    } catch (error) {
      post({ id: request.id, ok: false, error: serializeError(error) });
    }
  };

  port.on('message', (request: WorkerRequest) => void handle(request));
  post({ id: 0, ok: true, started: true });
}

if (parentPort) await serve(parentPort, workerData as WorkerStart);
