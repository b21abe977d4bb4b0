import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../http/zodProvider.ts';
import { businessJson, employeeJson } from '../../sql/json.ts';
import { lineOrderBounds, posFilterShape, posMethodPay, posOrderWhere, rangeInOrder, rangeIssue, statusAt, whereClause } from '../../sql/posFigures.ts';
import { posOrdersFor } from '../../sql/tips.ts';
import { posOrderBy, posPagedGroupsAnswer, posPagedRows, posPaging, posSort } from '../../sql/posPaging.ts';
import { byKeySql } from '../../sql/byKey.ts';
import { sortKey } from '../../sql/sortKey.ts';

/** Sortable fields of the order lists; the screens send employee.name, total and tipAmount. */
const orderSortColumns = {
  invoice: 'o.invoice',
  createdAt: 'o.created_at',
  updatedAt: 'o.updated_at',
  total: 'o.total',
  tipAmount: 'o.tip_amount',
  taxAmount: 'o.tax_amount',
  'discount.amount': 'o.discount_amount',
  status: 'o.status',
  'employee.name': sortKey('e.name'),
  'business.name': sortKey('bu.name'),
  'user.name': sortKey('u.name'),
} as const;
const orderSortFields = Object.keys(orderSortColumns) as [keyof typeof orderSortColumns];

const { status: _status, ...closedFilterShape } = posFilterShape;

const closedOrderQuery = z
  .strictObject({ ...closedFilterShape, methodPay: posMethodPay, ...posPaging(50), sort: posSort(orderSortFields) })
  .refine(rangeInOrder, rangeIssue);

/** Joins of a POS order `o` that only its JSON and sort read (unique keys, so droppable). */
const orderJoins = `LEFT JOIN businesses bu ON bu.id = o.business_id
  LEFT JOIN clients u ON u.id = o.user_id
  LEFT JOIN employees e ON e.id = o.employee_id
  LEFT JOIN employees cb ON cb.id = o.closed_by_id
  LEFT JOIN bookings bk ON bk.id = o.booking_id
  LEFT JOIN clients bu2 ON bu2.id = bk.user_id`;

/** A POS order's client: the fields the screens show (§3), so that an export of every order stays small. */
const posClientJson = (u: string) =>
  `CASE WHEN ${u}.id IS NULL THEN NULL ELSE json_build_object(
     '_id', ${u}.id, 'name', ${u}.name, 'lastName', ${u}.last_name, 'email', ${u}.email, 'category', ${u}.category,
     'isCompany', ${u}.is_company, 'companyName', ${u}.company_name) END`;

/** The lines of POS order `o` (§3 order line). */
const orderLinesJson = (o: string) =>
  `(SELECT coalesce(json_agg(json_build_object(
       '_id', l.id, 'item', json_build_object('_id', pr.id, 'name', pr.name, 'taxType', pr.tax_type),
       'qty', l.qty, 'costItem', l.cost_item, 'unitPrice', l.unit_price, 'tax', l.tax, 'extras', l.extras,
       'gift', l.gift, 'note', l.note, 'discount', l.discount,
       'costCenters', json_build_object('name', l.cost_center)) ORDER BY l.id), '[]'::json)
      FROM pos_order_lines l JOIN pos_products pr ON pr.id = l.product_id WHERE l.order_id = ${o}.id)`;

/** A POS order (§3), with its lines when `withItems`. */
const posOrderJson = (withItems: boolean) =>
  `json_build_object(
     '_id', o.id, 'invoice', o.invoice, 'business', ${businessJson('bu')}, 'user', ${posClientJson('u')},
     'booking', CASE WHEN bk.id IS NULL THEN NULL ELSE json_build_object('_id', bk.id, 'ref', bk.ref, 'user', ${posClientJson('bu2')}) END,
     'employee', ${employeeJson('e')}, 'closedBy', ${employeeJson('cb')},
     'createdAt', o.created_at, 'updatedAt', o.updated_at,
     'updateHistory', (SELECT coalesce(json_agg(json_build_object('status', h.status, 'updatedAt', h.updated_at)
                                                ORDER BY h.updated_at, h.id), '[]'::json)
                         FROM pos_order_history h WHERE h.order_id = o.id),
     'closedAt', ${statusAt('o', 'closed')},
     'subtotal', o.subtotal, 'total', o.total, 'tipAmount', o.tip_amount, 'taxAmount', o.tax_amount,
     'discount', json_build_object('amount', o.discount_amount, 'perc', o.discount_perc, 'coupon', o.coupon),
     'personOrder', o.person_order, 'note', o.note,
     'methodPay', json_build_object('method', o.method_pay, 'text', o.method_pay_text),
     'siigo_ref', o.siigo_ref, 'byClientApp', o.by_client_app, 'event', o.event, 'roomService', o.room_service,
     'status', o.status, 'costCenter', o.cost_center${withItems ? `, 'items', ${orderLinesJson('o')}` : ''})`;

const lineSortColumns = {
  createdAt: 'o.created_at',
  'order.invoice': 'o.invoice',
  'item.name': sortKey('pr.name'),
  qty: 'l.qty',
  unitPrice: 'l.unit_price',
  total: 'l.qty * l.unit_price',
  tax: 'l.tax',
  discount: 'l.discount',
} as const;
const lineSortFields = Object.keys(lineSortColumns) as [keyof typeof lineSortColumns];

const detailSaleQuery = z
  .strictObject({ ...posFilterShape, ...posPaging(50), sort: posSort(lineSortFields) })
  .refine(rangeInOrder, rangeIssue);

const groupSortColumns = {
  client: sortKey('client_name'),
  'userInfo.name': sortKey('client_name'),
  total: 'total_acum',
  totalAcum: 'total_acum',
  count: 'count',
} as const;
const groupSortFields = Object.keys(groupSortColumns) as [keyof typeof groupSortColumns];

const groupOrderQuery = z
  .strictObject({ ...closedFilterShape, ...posPaging(10), sort: posSort(groupSortFields) })
  .refine(rangeInOrder, rangeIssue);

/** Order terms of a line list, with the order-id bound that keeps it on the lines' index. */
function lineTerms(q: Parameters<typeof posOrderWhere>[1], params: unknown[], zone: string) {
  const terms = posOrderWhere('o', q, params, zone, 'any');
  return [...terms, ...lineOrderBounds('l', terms)];
}

/** closed-order, closed-order-with-items, detail-sale, group-order. */
export async function posOrderRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, withItems] of [['closed-order', false], ['closed-order-with-items', true]] as const) {
    routes.get(`/api/v1/report/${path}`, { schema: { querystring: closedOrderQuery } }, async (request, reply) => {
      const q = request.query;
      const params: unknown[] = [];
      const orders = posOrdersFor(request.session);
      return posPagedRows(
        reply,
        app.db,
        {
          from: `${orders} o ${orderJoins}`,
          where: whereClause(posOrderWhere('o', q, params, app.timeZone)),
          order: posOrderBy(orderSortColumns, q.sort, 'o.created_at DESC', 'o.id'),
          key: 'o.id',
          rowJson: posOrderJson(withItems),
          params,
        },
        q,
      );
    });
  }

  // Order lines; without a status filter every status is listed.
  routes.get('/api/v1/report/detail-sale', { schema: { querystring: detailSaleQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    return posPagedRows(
      reply,
      app.db,
      {
        from: `pos_order_lines l JOIN ${orders} o ON o.id = l.order_id
               LEFT JOIN pos_products pr ON pr.id = l.product_id LEFT JOIN businesses bu ON bu.id = o.business_id`,
        where: whereClause(lineTerms(q, params, app.timeZone)),
        order: posOrderBy(lineSortColumns, q.sort, 'o.created_at DESC', 'l.id'),
        key: 'l.id',
        rowJson: `json_build_object(
          '_id', l.id, 'item', json_build_object('_id', pr.id, 'name', pr.name, 'taxType', pr.tax_type),
          'qty', l.qty, 'costItem', l.cost_item, 'unitPrice', l.unit_price, 'tax', l.tax, 'extras', l.extras,
          'gift', l.gift, 'note', l.note, 'discount', l.discount, 'costCenters', json_build_object('name', l.cost_center),
          'order', json_build_object('_id', o.id, 'invoice', o.invoice, 'status', o.status, 'event', o.event,
                                     'createdAt', o.created_at, 'closedAt', ${statusAt('o', 'closed')},
                                     'business', ${businessJson('bu')}))`,
        params,
      },
      q,
    );
  });

  // Closed orders summed per client.
  routes.get('/api/v1/report/group-order', { schema: { querystring: groupOrderQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const where = whereClause(posOrderWhere('o', q, params, app.timeZone));
    // The period's orders summed per client first, then each client read by its key (not every client).
    const rows = `SELECT u.id AS client_id, lower(coalesce(u.name, '') || ' ' || coalesce(u.last_name, '')) AS client_name,
        g.total_acum, g.count,
        json_build_object('count', g.count,
          'userInfo', CASE WHEN u.id IS NULL THEN NULL
                           ELSE json_build_object('_id', u.id, 'name', u.name, 'lastName', u.last_name, 'email', u.email) END,
          'subtotalAcum', g.subtotal, 'taxAcum', g.tax, 'tipAcum', g.tip,
          'discountAcum', g.discount, 'totalAcum', g.total_acum) AS j
      FROM (SELECT o.user_id, sum(o.total) AS total_acum, count(*) AS count, sum(o.subtotal) AS subtotal, sum(o.tax_amount) AS tax,
                   sum(o.tip_amount) AS tip, sum(o.discount_amount) AS discount
              FROM ${orders} o ${where} GROUP BY o.user_id) g
      LEFT JOIN ${byKeySql('clients', 'g.user_id', 'k.id, k.name, k.last_name, k.email')} u ON true`;
    return posPagedGroupsAnswer(reply, app.db, rows, posOrderBy(groupSortColumns, q.sort, 'total_acum DESC', 'client_id'), params, q);
  });
}
