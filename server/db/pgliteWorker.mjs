/**
 * The worker thread that owns the PGlite instance, so that PostgreSQL (WebAssembly, synchronous while it runs a
 * statement) never holds the HTTP server's event loop. openPglite.ts starts it; the messages are typed in
 * pgliteProtocol.ts. Plain JavaScript: a worker does not inherit tsx's loader, and loading it costs seconds.
 */
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';

// As in Db.ts (typeIds, parseNumber, keepText): int8 and numeric as numbers, dates as their text.
const parseNumber = (text) => Number(text);
const keepText = (text) => text;
const parsers = { 20: parseNumber, 1700: parseNumber, 1082: keepText };

/** @returns {import('./pgliteProtocol.ts').SerializedError} */
function serializeError(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const out = { name: error.name, message: error.message, stack: error.stack ?? null };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
  }
  return out;
}

/**
 * @param {import('node:worker_threads').MessagePort} port
 * @param {import('./pgliteProtocol.ts').WorkerStart} start
 */
async function serve(port, start) {
  /** @param {import('./pgliteProtocol.ts').WorkerReply} reply */
  const post = (reply, transfer = []) => port.postMessage(reply, transfer);
  let pg;
  try {
    const loadDataDir = start.loadDataDir ? new Blob([start.loadDataDir]) : undefined;
    // Its own shared_buffers rather than the data directory's (openPglite.ts, pgliteSharedBuffersMb).
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${Number(start.sharedBuffersMb)}MB`];
    pg = await PGlite.create(start.dataDir, { parsers, loadDataDir, relaxedDurability: true, startParams });
    await pg.exec("SET TIME ZONE 'UTC'");
    await pg.exec('SET random_page_cost = 1.1');
  } catch (error) {
    post({ id: 0, ok: false, error: serializeError(error) });
    return;
  }
  /** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, finish: (commit: boolean) => void, done: Promise<void> }>} */
  const transactions = new Map();
  const target = (tx) => {
    if (tx === undefined) return pg;
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    return open.tx;
  };

  const begin = (id, tx) => {
    let finish;
    const ended = new Promise((resolve) => (finish = resolve));
    let begun = false;
    // PGlite's own transaction holds its lock: statements sent without `tx` wait until it ends.
    const done = pg.transaction(async (handle) => {
      begun = true;
      transactions.set(tx, { tx: handle, finish, done });
      post({ id, ok: true });
      if (!(await ended)) await handle.rollback();
    });
    done.catch((error) => {
      if (!begun) post({ id, ok: false, error: serializeError(error) });
    });
  };

  const end = async (tx, commit) => {
    const open = transactions.get(tx);
    if (!open) throw new Error('Transaction is closed');
    open.finish(commit);
    try {
      await open.done;
    } finally {
      transactions.delete(tx);
    }
  };

  /** @param {import('./pgliteProtocol.ts').WorkerRequest} request */
  const handle = async (request) => {
    try {
      switch (request.kind) {
        case 'query': {
          const result = await target(request.tx).query(request.sql, request.params);
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
          const bytes = await (await pg.dumpDataDir('none')).arrayBuffer();
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

  port.on('message', (request) => void handle(request));
  post({ id: 0, ok: true });
}

if (parentPort) await serve(parentPort, workerData);
