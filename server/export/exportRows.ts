import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getPath } from '../../core/paths.ts';
import { runTransform, type SourceTransform } from '../../core/data/sourceTransform.ts';
import { HttpError } from '../http/HttpError.ts';
import { messages } from '../messages.ts';
import { openRowHandoff } from './rowHandoff.ts';

/** The rows of a list answer, a row at a time, and when the server read them. */
export interface ExportRows {
  rows: AsyncIterable<unknown>;
  readAt: Date;
  /** Stops reading (the client went away): the cursor is closed. */
  stop(): Promise<void>;
  /** Lets the list request end once the file is written (or given up). */
  release(count: number): void;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Parsed rows from the cursor's JSON texts (the database reads ahead of them: Db.streamJson); leaving early closes
 * the cursor.
 */
function cursorRows(cursor: AsyncIterator<string[]>, first: IteratorResult<string[]>) {
  let step = first;
  let open = !first.done;
  const close = async () => {
    if (!open) return;
    open = false;
    await cursor.return?.();
  };
  async function* rows() {
    try {
      while (!step.done) {
        for (const text of step.value) yield JSON.parse(text) as unknown;
        step = await cursor.next();
      }
      open = false;
    } finally {
      await close();
    }
  }
  return { rows: rows(), close };
}

async function* arrayRows(rows: readonly unknown[]) {
  yield* rows;
}

function answerMessage(payload: string): string | undefined {
  try {
    const message = (JSON.parse(payload) as { message?: unknown }).message;
    return typeof message === 'string' && message !== '' ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every row of a list route (`url`: its path and query) as its caller may read them: the list answers an
 * in-process request with the caller's token, so its validation, rights and SQL are the list's own. A list that
 * streams its rows (pagedAnswer) hands its cursor over; any other list's answer is read from its JSON. The list's
 * errors are the export's (400, 403, 404, 503 with their Spanish messages).
 */
export async function exportRows(app: FastifyInstance, request: FastifyRequest, url: string, rowsPath: string | undefined): Promise<ExportRows> {
  const delivered = deferred<{ cursor: AsyncIterator<string[]>; first: IteratorResult<string[]> }>();
  const done = deferred<number>();
  const handoff = openRowHandoff((cursor, first) => {
    delivered.resolve({ cursor, first });
    return done.promise;
  });
  const authorization = request.headers.authorization;
  const answer = app.inject({ method: 'GET', url, headers: { ...(authorization ? { authorization } : {}), ...handoff.headers } });
  const first = await Promise.race([delivered.promise, answer]);
  handoff.close();
  if ('cursor' in first) {
    const { rows, close } = cursorRows(first.cursor, first.first);
    // The list request answers an empty page once the export lets it go; its answer is not needed.
    answer.catch(() => undefined);
    return { rows, readAt: new Date(), stop: close, release: done.resolve };
  }
  if (first.statusCode >= 400) {
    throw new HttpError(first.statusCode, answerMessage(first.payload) ?? messages.exportFailed);
  }
  let body: unknown;
  try {
    body = JSON.parse(first.payload);
  } catch {
    throw new HttpError(400, messages.exportNoRows);
  }
  const list = Array.isArray(body) && rowsPath === undefined ? body : getPath(body, rowsPath ?? 'data');
  if (!Array.isArray(list)) throw new HttpError(400, messages.exportNoRows);
  return { rows: arrayRows(list), readAt: new Date(), stop: async () => undefined, release: () => undefined };
}

/** The rows after a source's Vega-Lite transforms: every row is read, then transformed as the screen transforms them. */
export async function* transformedRows(rows: AsyncIterable<unknown>, transform: SourceTransform): AsyncGenerator<unknown> {
  const all: unknown[] = [];
  for await (const row of rows) all.push(row);
  yield* await runTransform(all, transform);
}
