import type { Queryable } from '../db/Db.ts';
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
  params: unknown[];
  paging: { page: number; itemsPerPage: number };
}

export interface Paged<T> {
  data: T[];
  total: number;
}

/**
 * One statement answering a page and the count of every match: the page's keys are chosen on the
 * filter and sort columns alone, and JSON is built only for those rows.
 */
export async function pagedQuery<T>(db: Queryable, q: PagedQuery): Promise<Paged<T>> {
  const { limit, offset } = pageWindow(q.paging);
  const params = [...q.params];
  const limitRef = `$${params.push(limit)}`;
  const offsetRef = `$${params.push(offset)}`;
  const [row] = await db.query<{ total: number; data: T[] }>(
    `SELECT (SELECT count(*) FROM ${q.from} ${q.where}) AS total,
            (SELECT coalesce(json_agg(${q.rowJson} ${q.order}), '[]'::json)
               FROM ${q.from}
              WHERE ${q.key} IN (SELECT ${q.key} FROM ${q.from} ${q.where} ${q.order}
                                 LIMIT ${limitRef}::bigint OFFSET ${offsetRef}::bigint)) AS data`,
    params,
  );
  return { data: row?.data ?? [], total: row?.total ?? 0 };
}
