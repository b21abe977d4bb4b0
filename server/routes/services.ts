import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idList, isoDate, list, search } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { instantInDays, startAfterEndIssue, startNotAfterEnd, whereSql } from '../sql/dayRange.ts';
import { employeeJson } from '../sql/json.ts';
import { posOrderBy, posPagedRows, posPaging, posSort } from '../sql/posPaging.ts';
import { clientSearchText, matchesKeyword, searchText } from '../sql/search.ts';
import { serviceNetPaymentSql } from '../sql/serviceOrders.ts';
import { sortKey } from '../sql/sortKey.ts';

const serviceSortColumns = {
  createdAt: 'so.created_at',
  invoice: 'so.invoice',
  'service.invoice': 'so.invoice',
  'service.name': sortKey('sv.name'),
  'user.name': sortKey('u.name'),
  subtotal: 'so.subtotal',
  taxAmount: 'so.tax_amount',
  total: 'so.total',
  'extra.amount': 'so.extra_amount',
  credit: 'so.credit',
  'discount.amount': 'so.discount_amount',
  netPayment: serviceNetPaymentSql('so'),
  'employee.name': sortKey('e.name'),
  status: 'so.status',
  methodPay: 'so.method_pay',
} as const;
const serviceSortFields = Object.keys(serviceSortColumns) as [keyof typeof serviceSortColumns];

const filterShape = {
  dateStart: isoDate.optional(),
  dateEnd: isoDate.optional(),
  status: list(z.enum(['pagado', 'pendiente', 'anulado'])),
  service: idList,
  employee: idList,
  search,
  sort: posSort(serviceSortFields),
};
const pageQuery = z.strictObject({ ...filterShape, ...posPaging(50) }).refine(startNotAfterEnd, startAfterEndIssue);
const exportQuery = z.strictObject(filterShape).refine(startNotAfterEnd, startAfterEndIssue);
type ServiceFilters = z.output<typeof exportQuery>;

const from = `service_orders so JOIN services sv ON sv.id = so.service_id
  LEFT JOIN clients u ON u.id = so.user_id LEFT JOIN employees e ON e.id = so.employee_id
  LEFT JOIN bookings b ON b.id = so.booking_id`;

const rowJson = `json_build_object(
  '_id', so.id, 'service', json_build_object('_id', sv.id, 'invoice', so.invoice, 'name', sv.name),
  'user', CASE WHEN u.id IS NULL THEN NULL
               ELSE json_build_object('_id', u.id, 'name', u.name, 'lastName', u.last_name, 'email', u.email) END,
  'subtotal', so.subtotal, 'taxAmount', so.tax_amount, 'total', so.total,
  'extra', json_build_object('amount', so.extra_amount), 'credit', so.credit,
  'discount', json_build_object('amount', so.discount_amount), 'netPayment', ${serviceNetPaymentSql('so')},
  'employee', ${employeeJson('e')},
  'booking', CASE WHEN b.id IS NULL THEN NULL ELSE json_build_object('_id', b.id, 'ref', b.ref) END,
  'status', so.status, 'methodPay', so.method_pay, 'createdAt', so.created_at)`;

/** Service orders created on the days asked (of the operator's zone), with the other filters. */
function serviceWhere(q: ServiceFilters, params: unknown[], zone: string) {
  const terms = instantInDays('so.created_at', { from: q.dateStart, to: q.dateEnd }, params, zone);
  if (q.status?.length) terms.push(`so.status = ANY($${params.push(q.status)}::text[])`);
  if (q.service?.length) terms.push(`so.service_id = ANY($${params.push(q.service)}::int[])`);
  if (q.employee?.length) terms.push(`so.employee_id = ANY($${params.push(q.employee)}::int[])`);
  if (q.search) {
    terms.push(`(${matchesKeyword(searchText('so.invoice', 'sv.name'), q.search, params)}
      OR ${matchesKeyword(clientSearchText('u'), q.search, params)})`);
  }
  return whereSql(terms);
}

const order = (q: ServiceFilters) => posOrderBy(serviceSortColumns, q.sort, 'so.created_at DESC', 'so.id');

/** /api/v1/report/service/order/paginate (a page) and /api/v1/report/service/order (every row, for export). */
export async function serviceRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/report/service/order/paginate', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const where = serviceWhere(q, params, app.timeZone);
    return posPagedRows(reply, app.db, { from, where, order: order(q), key: 'so.id', rowJson, params }, q);
  });

  routes.get('/api/v1/report/service/order', { schema: { querystring: exportQuery } }, async (request) => {
    const q = request.query;
    const params: unknown[] = [];
    const where = serviceWhere(q, params, app.timeZone);
    const [row] = await app.db.query<{ data: unknown[] }>(
      `SELECT coalesce(json_agg(${rowJson} ${order(q)}), '[]'::json) AS data FROM ${from} ${where}`,
      params,
    );
    return { data: row?.data ?? [], total: row?.data.length ?? 0 };
  });
}
