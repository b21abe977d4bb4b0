import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import type { Db, Queryable } from '../db/Db.ts';
import { takeRowHandoff } from '../export/rowHandoff.ts';
import { jsonAnswer, JsonText } from '../http/jsonText.ts';
import { pageWindow } from '../http/params.ts';

export interface PagedQuery {
  /** FROM items that `where`, `order` and `rowJson` read; LEFT JOIN (on a unique key) what only sort or JSON need. */
  from: string;
  /** WHERE clause (or '') over `from`. */
  where: string;
  /** ORDER BY over `from`, ending in a unique tie-break. */
  order: string;
  /** The unique key of a row, e.g. `b.id`. */
  key: string;
  /** JSON of one row. */
  rowJson: string;
  /** The same row's JSON built as text (bookingListText), streamed as it is; default `(rowJson)::text`. */
  rowText?: string;
  params: unknown[];
  paging: { page: number; itemsPerPage: number };
}

export interface Paged<T> {
  data: T[];
  total: number;
}

/** The statement of a page and the count of every match: `data` is the page's JSON (`::text` when `asText`). */
function pageStatement(q: PagedQuery, asText: boolean): { sql: string; params: unknown[] } {
  const { limit, offset } = pageWindow(q.paging);
  const params = [...q.params];
  const limitRef = `$${params.push(limit)}`;
  const offsetRef = `$${params.push(offset)}`;
  const sql = `SELECT (SELECT count(*) FROM ${q.from} ${q.where}) AS total,
            (SELECT coalesce(json_agg(${q.rowJson} ${q.order}), '[]'::json)
               FROM ${q.from}
              WHERE ${q.key} IN (SELECT ${q.key} FROM ${q.from} ${q.where} ${q.order}
                                 LIMIT ${limitRef}::bigint OFFSET ${offsetRef}::bigint))${asText ? '::text' : ''} AS data`;
  return { sql, params };
}

/**
 * One statement answering a page and the count of every match: the page's keys are chosen on the
 * filter and sort columns alone, and JSON is built only for those rows.
 */
export async function pagedQuery<T>(db: Queryable, q: PagedQuery): Promise<Paged<T>> {
  const { sql, params } = pageStatement(q, false);
  const [row] = await db.query<{ total: number; data: T[] }>(sql, params);
  return { data: row?.data ?? [], total: row?.total ?? 0 };
}

/** pagedQuery's page as the JSON text the database wrote, to send as it is (jsonText.ts) when nothing reworks it. */
export async function pagedText(db: Queryable, q: PagedQuery): Promise<{ data: JsonText; total: number }> {
  const { sql, params } = pageStatement(q, true);
  const [row] = await db.query<{ total: number; data: string }>(sql, params);
  return { data: new JsonText(row?.data ?? '[]'), total: row?.total ?? 0 };
}

/**
 * Characters of JSON text gathered from the rows before they are handed to the reply and its compressor. br at the
 * quality streams get encodes each write as it comes: the booking list on `large` is 4.58 MB of br in 256 kB writes,
 * 5.05 MB in 64 kB ones.
 */
const streamChunkChars = 256 * 1024;

/**
 * Characters of rows' JSON an all-rows answer gathers before it starts to stream: one that ends within them is sent
 * whole, as a page is (its length known, compressed in one call and remembered: answerCompression.ts), without a
 * stream and a compressor of its own. A month of reviews on `large` (23 kB, 0.6 ms of SQL): 0.95 against 1.16 ms
 * streamed (medians of 500 calls, two servers alternated), 3.2 against 3.9 kB of br.
 */
export const wholeAnswerMaxChars = 64 * 1024;

/** How a list's answer wraps its rows and their count: a Paged's `{ data, total }` unless said otherwise (POS lists). */
export interface PagedShape {
  /** The answer of `data` (rows or their JSON text) and `total`. */
  of(data: JsonText | never[], total: number): Record<string, unknown>;
  /** The text after the rows' `]` when streamed, in the key order `of` gives, ending the object. */
  end(total: number): string;
}

const totalShape: PagedShape = { of: (data, total) => ({ data, total }), end: (total) => `,"total":${total}}` };

/**
 * `{"data":[…],"total":N}` (the key order JSON.stringify gives a Paged; `shape` ends it otherwise) as text, rows
 * passed through as the database wrote them. `rows` steps in batches (Db.streamJson); `taken` are its first steps, already taken. Destroying the
 * stream (the client went away) stops `rows`, which closes the cursor.
 */
function pagedJsonStream(rows: AsyncIterator<string[]>, taken: string[][], shape: PagedShape): Readable {
  const pending = [...taken];
  let count = 0;
  let started = false;
  let finished = false;
  return new Readable({
    read() {
      void (async () => {
        let chunk = started ? '' : '{"data":[';
        started = true;
        try {
          while (chunk.length < streamChunkChars) {
            const waiting = pending.shift();
            const next: IteratorResult<string[]> = waiting ? { done: false, value: waiting } : await rows.next();
            if (next.done) {
              finished = true;
              this.push(`${chunk}]${shape.end(count)}`);
              this.push(null);
              return;
            }
            // A batch is never empty (Db.streamJson).
            chunk += (count === 0 ? '' : ',') + next.value.join(',');
            count += next.value.length;
          }
          this.push(chunk);
        } catch (error) {
          finished = true; // the iterator ended with its error: the cursor is already released
          this.destroy(error as Error);
        }
      })();
    },
    destroy(error, callback) {
      if (finished || !rows.return) return callback(error);
      rows.return().then(
        () => callback(error),
        (closing: Error) => callback(error ?? closing),
      );
    },
  });
}

/**
 * A paged list's answer: a page as pagedQuery gives it or, when every row is asked for (itemsPerPage -1), the same
 * JSON streamed from a cursor, each row's text built by the database and written through with back-pressure, so the
 * server's memory stays flat whatever the row count; rows that end within wholeAnswerMaxChars are answered whole.
 * The count is the rows streamed (the same FROM and WHERE).
 * An error before the stream starts (before the first row, or anywhere in an answer sent whole) answers as any other
 * error; a client that goes away closes the cursor.
 * Only for handlers that answer the Paged as it is: one that reworks `data` calls pagedQuery.
 * A server export's request (server/export/rowHandoff.ts) gets the cursor instead, and an empty page once it is read.
 */
export async function pagedAnswer<T>(
  reply: FastifyReply,
  db: Db,
  q: PagedQuery,
  shape: PagedShape = totalShape,
): Promise<string | Paged<T> | object | Readable> {
  if (pageWindow(q.paging).limit !== null) {
    // The page's JSON goes out as the database wrote it (jsonText.ts), in the key order a Paged has.
    const { data, total } = await pagedText(db, q);
    return jsonAnswer(reply, shape.of(data, total));
  }
  return streamedAnswer(reply, db, `SELECT ${q.rowText ?? `(${q.rowJson})::text`} FROM ${q.from} ${q.where} ${q.order}`, q.params, shape);
}

/**
 * Every row `sql` gives (one JSON text column), answered as `shape` wraps them: streamed from a cursor past
 * wholeAnswerMaxChars, whole below it, or handed to a server export (pagedAnswer says how).
 */
export async function streamedAnswer(
  reply: FastifyReply,
  db: Db,
  sql: string,
  params: unknown[],
  shape: PagedShape = totalShape,
): Promise<string | object | Readable> {
  return rowsAnswer(reply, db.streamJson(sql, params)[Symbol.asyncIterator](), shape);
}

/** streamedAnswer of rows already stepping in batches (never empty ones), e.g. read a page of keys at a time. */
export async function rowsAnswer(
  reply: FastifyReply,
  rows: AsyncIterator<string[]>,
  shape: PagedShape = totalShape,
): Promise<string | object | Readable> {
  const first = await rows.next();
  const handoff = takeRowHandoff(reply.request);
  if (handoff) return shape.of([], await handoff(rows, first));
  const taken: string[][] = [];
  let chars = 0;
  for (let step = first; !step.done; step = await rows.next()) {
    taken.push(step.value);
    for (const row of step.value) chars += row.length + 1;
    if (chars > wholeAnswerMaxChars) {
      reply.type('application/json; charset=utf-8');
      return pagedJsonStream(rows, taken, shape);
    }
  }
  const data = taken.flat();
  return jsonAnswer(reply, shape.of(new JsonText(`[${data.join(',')}]`), data.length));
}
