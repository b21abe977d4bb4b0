import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/HttpError.ts';
import { isoDate, orderBy, paging, search, sorting } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';
import { startAfterEndIssue, startNotAfterEnd, whereSql } from '../sql/dayRange.ts';
import { employeeJson } from '../sql/json.ts';
import { pagedAnswer } from '../sql/paged.ts';
import { posOrderBy, posPagedRows, posPaging, posSort } from '../sql/posPaging.ts';
import { clientSearchText, matchesKeyword } from '../sql/search.ts';
import { tipFrom, tipTerms } from '../sql/tips.ts';
import { sortKey } from '../sql/sortKey.ts';

/** The spec's column mapping: employee name → employee.name, tip → tipAmount (the amount). */
const tipSortColumns = {
  'employee.name': sortKey('e.name'),
  employee: sortKey('e.name'),
  email: 'e.email',
  amount: 'tp.amount',
  tipAmount: 'tp.amount',
  tip: 'tp.amount',
  total: 'tp.amount',
  note: 'tp.note',
  createdAt: 'tp.created_at',
} as const;
const tipSortFields = Object.keys(tipSortColumns) as [keyof typeof tipSortColumns];

const tipFilters = { dateStart: isoDate.optional(), dateEnd: isoDate.optional(), search };
const tipQuery = z
  .strictObject({ ...tipFilters, ...posPaging(50), sort: posSort(tipSortFields) })
  .refine(startNotAfterEnd, startAfterEndIssue);
const tipGroupQuery = z.strictObject(tipFilters).refine(startNotAfterEnd, startAfterEndIssue);

const employeeSortColumns = { name: sortKey('e.name'), lastName: sortKey('e.last_name'), email: 'e.email', createdAt: 'e.created_at' } as const;
const employeeQuery = z.strictObject({
  ...paging(10),
  search,
  ...sorting(Object.keys(employeeSortColumns) as [keyof typeof employeeSortColumns]),
});

/** Tips are answered only to employees whose session may see them; checked before the query is read. */
async function mustSeeTips(request: FastifyRequest) {
  if (request.session?.canSeeTips !== true) throw new HttpError(403, messages.noPermission);
}

/** /api/v1/employee/tip, /api/v1/employee/tip/group and the employee list /api/v1/employee. */
export async function employeeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/employee/tip', { schema: { querystring: tipQuery }, preValidation: mustSeeTips }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    return posPagedRows(
      reply,
      app.db,
      {
        from: tipFrom,
        where: whereSql(tipTerms(q, params, app.timeZone)),
        order: posOrderBy(tipSortColumns, q.sort, 'tp.created_at DESC', 'tp.id'),
        key: 'tp.id',
        rowJson: `json_build_object(
          '_id', tp.id, 'employee', ${employeeJson('e')}, 'email', e.email, 'amount', tp.amount,
          'note', tp.note, 'createdAt', tp.created_at,
          'order', CASE WHEN po.id IS NULL THEN NULL ELSE json_build_object('_id', po.id, 'invoice', po.invoice) END)`,
        params,
      },
      q,
    );
  });

  routes.get(
    '/api/v1/employee/tip/group',
    { schema: { querystring: tipGroupQuery }, preValidation: mustSeeTips },
    async (request) => {
      const params: unknown[] = [];
      const where = whereSql(tipTerms(request.query, params, app.timeZone));
      const [row] = await app.db.query<{ data: unknown[]; amount: number; count: number }>(
        `WITH per AS (
           SELECT tp.employee_id, count(*) AS count, sum(tp.amount) AS amount FROM ${tipFrom} ${where}
            GROUP BY tp.employee_id)
         SELECT coalesce(json_agg(json_build_object(
                  'employee', ${employeeJson('e')}, 'email', e.email, 'count', per.count, 'amount', per.amount)
                  ORDER BY per.amount DESC, ${sortKey('e.name')}, e.id), '[]'::json) AS data,
                coalesce(sum(per.amount), 0) AS amount, coalesce(sum(per.count), 0) AS count
           FROM per JOIN employees e ON e.id = per.employee_id`,
        params,
      );
      return { data: row?.data ?? [], total: { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0) } };
    },
  );

  routes.get('/api/v1/employee', { schema: { querystring: employeeQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const terms = q.search ? [matchesKeyword(clientSearchText('e'), q.search, params)] : [];
    // Only the public columns: never the password hash.
    return pagedAnswer(reply, app.db, {
      from: 'employees e',
      where: whereSql(terms),
      order: orderBy(employeeSortColumns, q, sortKey('e.name'), 'e.id'),
      key: 'e.id',
      rowJson: `json_build_object('_id', e.id, 'name', e.name, 'lastName', e.last_name, 'email', e.email,
        'avatar', e.avatar, 'active', e.active, 'canSeeTips', e.can_see_tips, 'createdAt', e.created_at)`,
      params,
      paging: q,
    });
  });
}
