import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { Db, Queryable } from '../db/Db.ts';
import { itemsPerPage, maxListLength, orderBy, page } from '../http/params.ts';
import { messages } from '../messages.ts';
import { pagedAnswer, rowsAnswer, streamedAnswer, type PagedQuery, type PagedShape } from './paged.ts';

/** POS-style paging: `page` (1-based) and `per_page` (-1 = every row). */
export const posPaging = (defaultPerPage: number) => ({ page, per_page: itemsPerPage.default(defaultPerPage) });

interface RawTerm {
  field: unknown;
  direction: unknown;
}

/**
 * Sort terms as clients send them: `field|dir` (repeated or comma-joined), JSON {direction, field, sortField}
 * or a JSON list of them; undefined for none, null for a malformed one.
 */
function sortTerms(value: unknown): RawTerm[] | undefined | null {
  if (value === undefined) return undefined;
  const terms: RawTerm[] = [];
  for (const raw of Array.isArray(value) ? value : [value]) {
    const text = String(raw).trim();
    if (text === '' || text === 'null') continue;
    if (text.startsWith('{') || text.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return null;
      }
      for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
        if (item === null) continue;
        if (typeof item !== 'object' || Array.isArray(item)) return null;
        const o = item as Record<string, unknown>;
        // sortField is the server's name of the column; field its display name.
        terms.push({ field: o.sortField || o.field, direction: o.direction ?? 'asc' });
      }
    } else {
      for (const part of text.split(',')) {
        const pieces = part.split('|');
        if (pieces.length > 2) return null;
        const [field, direction = 'asc'] = pieces;
        terms.push({ field, direction: direction.toLowerCase() });
      }
    }
  }
  return terms;
}

/** `sort`: a list of fields of `fields`, each asc or desc; a malformed sort is a 400 saying the forms accepted. */
export const posSort = <F extends readonly [string, ...string[]]>(fields: F) =>
  z.preprocess(
    (value, ctx) => {
      const terms = sortTerms(value);
      if (terms !== null) return terms;
      ctx.addIssue({ code: 'custom', message: messages.sortFormat });
      return z.NEVER;
    },
    z.array(z.object({ field: z.enum(fields), direction: z.enum(['asc', 'desc']) })).max(maxListLength).optional(),
  );

/** ORDER BY from whitelisted `columns` only. */
export const posOrderBy = <F extends string>(
  columns: Record<F, string>,
  sort: Array<{ field: F; direction: 'asc' | 'desc' }> | undefined,
  fallback: string,
  tieBreak: string,
) =>
  orderBy(columns, { sortBy: sort?.map((s) => s.field), sortDesc: sort?.map((s) => s.direction === 'desc') }, fallback, tieBreak);

export interface PosPage<T> {
  data: T[];
  links: { pagination: { total: number; per_page: number; current_page: number; last_page: number } };
}

/** The `links` of a POS-style page of `total` rows in all. */
function posPageLinks(total: number, p: { page: number; per_page: number }): PosPage<never>['links'] {
  const lastPage = p.per_page === -1 ? 1 : Math.max(1, Math.ceil(total / p.per_page));
  return { pagination: { total, per_page: p.per_page, current_page: p.page, last_page: lastPage } };
}

export function posPageOf<T>(data: T[], total: number, p: { page: number; per_page: number }): PosPage<T> {
  return { data, links: posPageLinks(total, p) };
}

/** A POS-style answer: `data`, then `links.pagination` with the count of every row. */
const posShape = (p: { page: number; per_page: number }): PagedShape => ({
  of: (data, total) => ({ data, links: posPageLinks(total, p) }),
  end: (total) => `,"links":${JSON.stringify(posPageLinks(total, p))}}`,
});

/** Rows whose JSON is built per batch of keys: a batch holds this many rows' text at most. */
const keyBatch = 500;

/**
 * Every row of `q` in its order, a batch of keys at a time: the keys in order first (one array), then each batch's
 * JSON in one statement. Nothing holds a cursor whose result the database materializes whole (a held cursor on PGlite,
 * or a sort of every row's JSON when the order needs one), so the database's memory stays at one batch too.
 * `rowJson` reads no parameter (the batch's keys are its only one).
 */
async function* rowsByKeys(db: Queryable, q: Omit<PagedQuery, 'paging'>): AsyncGenerator<string[]> {
  const [row] = await db.query<{ keys: number[] | null }>(
    `SELECT array_agg(${q.key} ${q.order}) AS keys FROM ${q.from} ${q.where}`,
    q.params,
  );
  const keys = row?.keys ?? [];
  for (let at = 0; at < keys.length; at += keyBatch) {
    const rows = await db.query<{ j: string }>(
      `SELECT ${q.rowText ?? `(${q.rowJson})::text`} AS j
         FROM ${q.from} JOIN unnest($1::bigint[]) WITH ORDINALITY AS batch_keys(k, n) ON ${q.key} = batch_keys.k
        ORDER BY batch_keys.n`,
      [keys.slice(at, at + keyBatch)],
    );
    if (rows.length > 0) yield rows.map((r) => r.j);
  }
}

/**
 * A page of rows keyed on a unique column (see pagedAnswer), answered POS-style: a page as the JSON text the database
 * wrote (jsonText.ts). Every row (per_page -1) is streamed so that the server's and the database's memory stay flat
 * whatever the row count: on PostgreSQL in one statement, on pagedAnswer's path as the booking lists stream (rows
 * written through with back-pressure); on PGlite a batch of keys at a time (rowsByKeys), since its streams are held
 * cursors that build their whole result before the first row. A server export takes the batches as a cursor.
 */
export async function posPagedRows(
  reply: FastifyReply,
  db: Db,
  q: Omit<PagedQuery, 'paging'>,
  p: { page: number; per_page: number },
): Promise<string | object | Readable> {
  if (p.per_page === -1 && db.kind === 'pglite') return rowsAnswer(reply, rowsByKeys(db, q), posShape(p));
  return pagedAnswer(reply, db, { ...q, paging: { page: p.page, itemsPerPage: p.per_page } }, posShape(p));
}

/**
 * posPagedGroups answered as it is (no summary): every group (per_page -1) streamed from a cursor POS-style, a page
 * as posPagedGroups gives it.
 */
export async function posPagedGroupsAnswer(
  reply: FastifyReply,
  db: Db,
  rows: string,
  order: string,
  params: unknown[],
  p: { page: number; per_page: number },
): Promise<string | object | Readable> {
  if (p.per_page === -1) return streamedAnswer(reply, db, `SELECT r.j::text FROM (${rows}) r ${order}`, params, posShape(p));
  const { summary: _summary, ...page } = await posPagedGroups(db, rows, order, params, p);
  return page;
}

/**
 * A page of grouped rows: `rows` is a SELECT giving a `j` JSON column and the columns `order` reads;
 * `summary` adds JSON fields computed over all of `rows` (alias r).
 */
export async function posPagedGroups<T>(
  db: Queryable,
  rows: string,
  order: string,
  params: unknown[],
  p: { page: number; per_page: number },
  summary = `'{}'::json`,
): Promise<PosPage<T> & { summary: Record<string, unknown> }> {
  const all = [...params];
  const limit = p.per_page === -1 ? null : p.per_page;
  const offset = p.per_page === -1 ? 0 : (p.page - 1) * p.per_page;
  const limitRef = `$${all.push(limit)}`;
  const offsetRef = `$${all.push(offset)}`;
  const [row] = await db.query<{ total: number; data: T[]; summary: Record<string, unknown> }>(
    `WITH r AS (${rows})
     SELECT (SELECT count(*) FROM r) AS total,
            (SELECT coalesce(json_agg(pg.j ORDER BY pg.n), '[]'::json)
               FROM (SELECT r.j, row_number() OVER (${order}) AS n FROM r ${order}
                      LIMIT ${limitRef}::bigint OFFSET ${offsetRef}::bigint) pg) AS data,
            (SELECT ${summary} FROM (SELECT 1) one) AS summary`,
    all,
  );
  return { ...posPageOf(row?.data ?? [], row?.total ?? 0, p), summary: row?.summary ?? {} };
}
