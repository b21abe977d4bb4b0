import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoDate } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { instantInDays, startAfterEndIssue, startNotAfterEnd, whereSql } from '../sql/dayRange.ts';
import { pagedAnswer } from '../sql/paged.ts';
import { posOrderBy, posPagedRows, posPaging, posSort } from '../sql/posPaging.ts';
import { sortKey } from '../sql/sortKey.ts';

export const reviewTypes = ['community', 'employee', 'product', 'service', 'task'] as const;

const reviewSortColumns = {
  createdAt: 'r.created_at',
  relatedData: 'r.related_data',
  'user.name': sortKey('u.name'),
  user: sortKey('u.name'),
} as const;
const reviewSortFields = Object.keys(reviewSortColumns) as [keyof typeof reviewSortColumns];

const typeParams = z.strictObject({
  type: z.enum(reviewTypes, { error: 'se esperaba community, employee, product, service o task' }),
});

const days = { dateStart: isoDate.optional(), dateEnd: isoDate.optional() };

const pageQuery = z
  .strictObject({ ...days, ...posPaging(50), sort: posSort(reviewSortFields) })
  .refine(startNotAfterEnd, startAfterEndIssue);
// The export takes the screen's paging too (§7); without it, every row.
const exportQuery = z
  .strictObject({ ...days, ...posPaging(-1), sort: posSort(reviewSortFields) })
  .refine(startNotAfterEnd, startAfterEndIssue);

const reviewJson = `json_build_object(
  '_id', r.id, 'type', r.type, 'relatedData', r.related_data,
  'user', CASE WHEN u.id IS NULL THEN NULL
               ELSE json_build_object('_id', u.id, 'name', u.name, 'lastName', u.last_name, 'email', u.email) END,
  'values', r."values", 'createdAt', r.created_at)`;

/** The reviews of one type created on the days (of the operator's `zone`) from dateStart to dateEnd. */
function reviewSelection(type: string, q: { dateStart?: string | undefined; dateEnd?: string | undefined }, zone: string) {
  const params: unknown[] = [type];
  const terms = ['r.type = $1', ...instantInDays('r.created_at', { from: q.dateStart, to: q.dateEnd }, params, zone)];
  return { from: 'reviews r LEFT JOIN clients u ON u.id = r.user_id', where: whereSql(terms), params };
}

/** /api/v1/review/paginate/{type} (a page) and /api/v1/review/{type} (every row, for export). */
export async function reviewRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/review/paginate/:type', { schema: { params: typeParams, querystring: pageQuery } }, async (request, reply) => {
    const q = request.query;
    const selection = reviewSelection(request.params.type, q, app.timeZone);
    return posPagedRows(
      reply,
      app.db,
      {
        ...selection,
        order: posOrderBy(reviewSortColumns, q.sort, 'r.created_at DESC', 'r.id'),
        key: 'r.id',
        rowJson: reviewJson,
      },
      q,
    );
  });

  routes.get('/api/v1/review/:type', { schema: { params: typeParams, querystring: exportQuery } }, async (request, reply) => {
    const q = request.query;
    return pagedAnswer(reply, app.db, {
      ...reviewSelection(request.params.type, q, app.timeZone),
      order: posOrderBy(reviewSortColumns, q.sort, 'r.created_at DESC', 'r.id'),
      key: 'r.id',
      rowJson: reviewJson,
      paging: { page: q.page, itemsPerPage: q.per_page },
    });
  });
}
