import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { bool } from '../../http/params.ts';
import type { ZodTypeProvider } from '../../http/zodProvider.ts';
import {
  cmvPercOf,
  giftTerm,
  lineCost,
  lineIncome,
  lineOrderBounds,
  marginPercOf,
  posFilterShape,
  posOrderWhere,
  rangeInOrder,
  rangeIssue,
  whereClause,
} from '../../sql/posFigures.ts';
import { posOrdersFor } from '../../sql/tips.ts';
import { posOrderBy, posPagedGroups, posPagedGroupsAnswer, posPaging, posSort } from '../../sql/posPaging.ts';
import { sortKey } from '../../sql/sortKey.ts';

const { initDate, endDate, business } = posFilterShape;

const productSortColumns = {
  name: sortKey('name'),
  price: 'price',
  costItem: 'cost_item',
  totalQty: 'total_qty',
  'business.name': sortKey('business_name'),
  cost: 'cost',
  totalPrice: 'total_price',
  total: 'total_price',
  grossMargin: 'gross_margin',
} as const;
const productSortFields = Object.keys(productSortColumns) as [keyof typeof productSortColumns];

const productQuery = z
  .strictObject({ initDate, endDate, business, gift: bool.optional(), ...posPaging(10), sort: posSort(productSortFields) })
  .refine(rangeInOrder, rangeIssue);
const courtesyQuery = z
  .strictObject({ initDate, endDate, business, ...posPaging(10), sort: posSort(productSortFields) })
  .refine(rangeInOrder, rangeIssue);
const soldQuery = z.strictObject({ initDate, endDate, business, gift: bool.optional() }).refine(rangeInOrder, rangeIssue);

/** Per-product sums of the lines of closed orders `where` keeps (SELECT giving j and the sort columns). */
const productRows = (orders: string, where: string) =>
  `SELECT pr.id AS product_id, lower(pr.name) AS name, pr.price, pr.cost_item, lower(b.name) AS business_name,
          sum(l.qty) AS total_qty, sum(${lineCost('l')}) AS cost, sum(${lineIncome('l')}) AS total_price,
          sum(${lineIncome('l')}) - sum(${lineCost('l')}) AS gross_margin,
          sum(l.discount) AS discount, sum(l.tax) AS tax, b.id AS business_id, b.name AS business_label,
          json_build_object('_id', pr.id, 'name', pr.name, 'price', pr.price, 'costItem', pr.cost_item,
            'totalQty', sum(l.qty), 'business', json_build_object('_id', b.id, 'name', b.name),
            'cost', sum(${lineCost('l')}), 'totalPrice', sum(${lineIncome('l')}),
            'grossMargin', sum(${lineIncome('l')}) - sum(${lineCost('l')})) AS j
     FROM pos_order_lines l JOIN ${orders} o ON o.id = l.order_id
     JOIN pos_products pr ON pr.id = l.product_id JOIN businesses b ON b.id = pr.business_id
     ${where}
     GROUP BY pr.id, b.id`;

/** popularity, gift, sold-products, detail-products. */
export async function posProductRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Popularity counts paid lines, gift the courtesies.
  for (const [path, gift] of [['popularity', false], ['gift', true]] as const) {
    routes.get(`/api/v1/report/${path}`, { schema: { querystring: courtesyQuery } }, async (request, reply) => {
      const q = request.query;
      const params: unknown[] = [];
      const orders = posOrdersFor(request.session);
      const orderTerms = posOrderWhere('o', q, params, app.timeZone);
      const where = whereClause([...orderTerms, ...lineOrderBounds('l', orderTerms), ...giftTerm('l', gift, params)]);
      const order = posOrderBy(productSortColumns, q.sort, 'total_qty DESC', 'product_id');
      return posPagedGroupsAnswer(reply, app.db, productRows(orders, where), order, params, q);
    });
  }

  routes.get('/api/v1/report/sold-products', { schema: { querystring: soldQuery } }, async (request) => {
    const q = request.query;
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const orderTerms = posOrderWhere('o', q, params, app.timeZone);
    const where = whereClause([...orderTerms, ...lineOrderBounds('l', orderTerms), ...giftTerm('l', q.gift, params)]);
    const data = await app.db.query(
      `SELECT json_build_object('_id', b.id, 'name', b.name) AS business, sum(l.qty)::int AS "totalQty"
         FROM pos_order_lines l JOIN ${orders} o ON o.id = l.order_id
         JOIN pos_products pr ON pr.id = l.product_id JOIN businesses b ON b.id = pr.business_id
         ${where}
        GROUP BY b.id ORDER BY ${sortKey('b.name')}, b.id`,
      params,
    );
    return { data };
  });

  // The gross-margin report: product rows plus totals over every row.
  routes.get('/api/v1/report/detail-products', { schema: { querystring: productQuery } }, async (request) => {
    const q = request.query;
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const orderTerms = posOrderWhere('o', q, params, app.timeZone);
    const where = whereClause([...orderTerms, ...lineOrderBounds('l', orderTerms), ...giftTerm('l', q.gift, params)]);
    const { summary, ...page } = await posPagedGroups(
      app.db,
      productRows(orders, where),
      posOrderBy(productSortColumns, q.sort, 'total_price DESC', 'product_id'),
      params,
      q,
      `(SELECT json_build_object(
          'dataBusiness', (SELECT coalesce(json_agg(json_build_object(
              'business', json_build_object('_id', bb.business_id, 'name', bb.business_label),
              'total', bb.total, 'totalQty', bb.total_qty, 'cost', bb.cost, 'grossMargin', bb.total - bb.cost,
              'marginPerc', ${marginPercOf('bb.total - bb.cost', 'bb.total')})
              ORDER BY bb.business_label, bb.business_id), '[]'::json)
            FROM (SELECT business_id, business_label, sum(total_price) AS total, sum(total_qty) AS total_qty, sum(cost) AS cost
                    FROM r GROUP BY business_id, business_label) bb),
          'totalQty', coalesce(sum(r.total_qty), 0), 'totalPrice', coalesce(sum(r.total_price), 0),
          'totalCost', coalesce(sum(r.cost), 0), 'totalMargin', coalesce(sum(r.gross_margin), 0),
          'totalDiscount', coalesce(sum(r.discount), 0), 'totalTax', coalesce(sum(r.tax), 0),
          'cmvPerc', ${cmvPercOf('coalesce(sum(r.cost), 0)', 'coalesce(sum(r.total_price), 0)')}) FROM r)`,
    );
    return { ...page, ...summary };
  });
}
