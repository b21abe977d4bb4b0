import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/HttpError.ts';
import { bool, dateOrRange, id, idList, orderBy, pageWindow, paging, sorting } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';
import { balanceJson, balanceSql, type Balance } from '../sql/balance.ts';
import { bookingJson, orderItemsJson, orderJson, payJson, ratesJson } from '../sql/json.ts';
import { SqlParams, dayRangeSql } from './booking/sqlParams.ts';
import { sortKey } from '../sql/sortKey.ts';

/** Page size of the booking detail's order and payment tables (the spec offers 20, 50, 100). */
const defaultPageSize = 20;

const refParams = z.strictObject({
  ref: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, messages.bookingRefFormat),
});

const orderIdParams = z.strictObject({ id });

/** Sortable order fields and the SQL behind each (aliases: o order, e employee, bu business). */
const orderSortColumns = {
  createdAt: 'o.created_at',
  updatedAt: 'o.updated_at',
  name: sortKey('o.name'),
  invoice: 'o.invoice',
  total: 'o.total',
  subtotal: 'o.subtotal',
  discount: 'o.discount',
  currency: 'o.currency',
  isSecondary: 'o.is_secondary',
  isForLodging: 'o.is_for_lodging',
  isVirtual: 'o.is_virtual',
  tipInclude: 'o.tip_include',
  business: sortKey('bu.name'),
  employee: sortKey('e.name'),
} as const;
type OrderSortField = keyof typeof orderSortColumns;
const orderSortFields = Object.keys(orderSortColumns) as [OrderSortField, ...OrderSortField[]];

/** Sortable payment fields (aliases: pa payment, pe employee). */
const paySortColumns = {
  createdAt: 'pa.created_at',
  amount: 'pa.amount',
  type: 'pa.type',
  paymentMethod: 'pa.payment_method',
  authorization: 'pa.authorization',
  isForLodging: 'pa.is_for_lodging',
  employee: sortKey('pe.name'),
} as const;
type PaySortField = keyof typeof paySortColumns;
const paySortFields = Object.keys(paySortColumns) as [PaySortField, ...PaySortField[]];

const orderQuery = z.strictObject({
  ...paging(defaultPageSize),
  ...sorting(orderSortFields),
  isVirtual: bool.optional(),
  business: idList,
  createdAt: dateOrRange,
});

const payQuery = z.strictObject({
  ...paging(defaultPageSize),
  ...sorting(paySortFields),
  createdAt: dateOrRange,
});

const noQuery = { querystring: z.strictObject({}) };

const guestJson = (g: string) =>
  `json_build_object('_id', ${g}.id, 'name', ${g}.name, 'lastName', ${g}.last_name, 'email', ${g}.email,
                     'document', ${g}.document, 'category', ${g}.category)`;

/** The booking row `b` with its place `p`, typology `t` and owner `u`. */
const bookingFrom = `bookings b
  JOIN places p ON p.id = b.place_id
  LEFT JOIN typologies t ON t.id = p.typology_id
  JOIN clients u ON u.id = b.user_id`;

interface PagedRow {
  found: boolean;
  total: number;
  data: unknown[];
}

/** Booking detail calls: /api/v1/booking/... and /api/v1/order/{id}. */
export async function bookingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/booking/ref/:ref', { schema: { params: refParams, ...noQuery } }, async (request) => {
    const { ref } = request.params;
    const [row] = await app.db.query<{ data: unknown }>(
      `SELECT (${bookingJson('b', 'p', 't', 'u')})::jsonb
              || jsonb_build_object('rates', ${ratesJson('b')},
                                    'nights', (SELECT count(*) FROM booking_rates n WHERE n.booking_id = b.id)) AS data
         FROM ${bookingFrom}
        WHERE b.ref = $1`,
      [ref],
    );
    if (!row) throw new HttpError(404, messages.bookingNotFound(ref));
    return { data: row.data };
  });

  routes.get('/api/v1/booking/balance/:ref', { schema: { params: refParams, ...noQuery } }, async (request) => {
    const { ref } = request.params;
    const [row] = await app.db.query<{ data: Balance }>(
      `SELECT ${balanceJson('bal')} AS data
         FROM bookings b CROSS JOIN LATERAL (${balanceSql('b')}) bal
        WHERE b.ref = $1`,
      [ref],
    );
    if (!row) throw new HttpError(404, messages.bookingNotFound(ref));
    return { data: row.data };
  });

  routes.get('/api/v1/booking/guests/:ref', { schema: { params: refParams, ...noQuery } }, async (request) => {
    const { ref } = request.params;
    const [row] = await app.db.query<{ data: { guests: unknown[]; visitors: unknown[] } }>(
      `SELECT json_build_object(
                'guests', coalesce(json_agg(${guestJson('g')} ORDER BY g.id) FILTER (WHERE NOT g.is_visitor), '[]'::json),
                'visitors', coalesce(json_agg(${guestJson('g')} ORDER BY g.id) FILTER (WHERE g.is_visitor), '[]'::json)
              ) AS data
         FROM bookings b LEFT JOIN booking_guests g ON g.booking_id = b.id
        WHERE b.ref = $1
        GROUP BY b.id`,
      [ref],
    );
    if (!row) throw new HttpError(404, messages.bookingNotFound(ref));
    return { data: row.data };
  });

  routes.get(
    '/api/v1/booking/order/:ref',
    { schema: { params: refParams, querystring: orderQuery } },
    async (request) => {
      const { ref } = request.params;
      const q = request.query;
      const params = new SqlParams();
      const where = [`o.booking_id = (SELECT bk.id FROM bk)`];
      if (q.isVirtual !== undefined) where.push(`o.is_virtual = ${params.add(q.isVirtual)}`);
      if (q.business) where.push(`o.business_id = ANY(${params.add(q.business)}::int[])`);
      if (q.createdAt) where.push(dayRangeSql('o.created_at', q.createdAt, params, app.timeZone));
      const { limit, offset } = pageWindow(q);
      const [row] = await app.db.query<PagedRow>(
        `WITH bk AS (SELECT b.id, b.ref FROM bookings b WHERE b.ref = ${params.add(ref)}),
              matched AS (SELECT o.* FROM booking_orders o WHERE ${where.join(' AND ')}),
              page AS (
                SELECT o.id, row_number() OVER (${orderBy(orderSortColumns, q, 'o.created_at DESC', 'o.id')}) AS rn
                  FROM matched o
                  LEFT JOIN employees e ON e.id = o.employee_id
                  LEFT JOIN businesses bu ON bu.id = o.business_id
                 ORDER BY rn
                 LIMIT ${params.add(limit)}::bigint OFFSET ${params.add(offset)}::bigint)
         SELECT EXISTS (SELECT 1 FROM bk) AS found,
                (SELECT count(*) FROM matched) AS total,
                (SELECT coalesce(json_agg((${orderJson('o', 'e', 'bu')})::jsonb
                                          || jsonb_build_object('items', ${orderItemsJson('o')},
                                                                'booking', json_build_object('ref', bk.ref))
                                          ORDER BY pg.rn), '[]'::json)
                   FROM page pg
                   JOIN booking_orders o ON o.id = pg.id
                   LEFT JOIN employees e ON e.id = o.employee_id
                   LEFT JOIN businesses bu ON bu.id = o.business_id
                   CROSS JOIN bk) AS data`,
        params.values,
      );
      if (!row?.found) throw new HttpError(404, messages.bookingNotFound(ref));
      return { data: row.data, total: row.total };
    },
  );

  routes.get('/api/v1/booking/pay/:ref', { schema: { params: refParams, querystring: payQuery } }, async (request) => {
    const { ref } = request.params;
    const q = request.query;
    const params = new SqlParams();
    const where = [`pa.booking_id = (SELECT bk.id FROM bk)`];
    if (q.createdAt) where.push(dayRangeSql('pa.created_at', q.createdAt, params, app.timeZone));
    const { limit, offset } = pageWindow(q);
    const [row] = await app.db.query<PagedRow>(
      `WITH bk AS (SELECT b.id, b.ref FROM bookings b WHERE b.ref = ${params.add(ref)}),
            matched AS (SELECT pa.* FROM payments pa WHERE ${where.join(' AND ')}),
            page AS (
              SELECT pa.id, row_number() OVER (${orderBy(paySortColumns, q, 'pa.created_at DESC', 'pa.id')}) AS rn
                FROM matched pa LEFT JOIN employees pe ON pe.id = pa.employee_id
               ORDER BY rn
               LIMIT ${params.add(limit)}::bigint OFFSET ${params.add(offset)}::bigint)
       SELECT EXISTS (SELECT 1 FROM bk) AS found,
              (SELECT count(*) FROM matched) AS total,
              (SELECT coalesce(json_agg(${payJson('pa', 'pe', 'bk.ref')} ORDER BY pg.rn), '[]'::json)
                 FROM page pg
                 JOIN payments pa ON pa.id = pg.id
                 LEFT JOIN employees pe ON pe.id = pa.employee_id
                 CROSS JOIN bk) AS data`,
      params.values,
    );
    if (!row?.found) throw new HttpError(404, messages.bookingNotFound(ref));
    return { data: row.data, total: row.total };
  });

  routes.get('/api/v1/order/:id', { schema: { params: orderIdParams, ...noQuery } }, async (request) => {
    const orderId = request.params.id;
    // Payments of the order's kind (lodging or extra) pay that kind's orders of the booking oldest first (created_at, id).
    const [row] = await app.db.query<{ data: unknown }>(
      `SELECT (${orderJson('o', 'e', 'bu')})::jsonb
              || jsonb_build_object(
                   'items', ${orderItemsJson('o')},
                   'booking', ${bookingJson('b', 'p', 't', 'u')},
                   'paymentStatus', CASE WHEN st.due = 0 THEN 'paid' WHEN st.paid > 0 THEN 'partial' ELSE 'unpaid' END,
                   'amountPaid', st.paid,
                   'amountDue', st.due) AS data
         FROM booking_orders o
         JOIN (${bookingFrom}) ON b.id = o.booking_id
         LEFT JOIN employees e ON e.id = o.employee_id
         LEFT JOIN businesses bu ON bu.id = o.business_id
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(prev.total), 0) AS before
             FROM booking_orders prev
            WHERE prev.booking_id = o.booking_id AND prev.is_for_lodging = o.is_for_lodging
              AND (prev.created_at, prev.id) < (o.created_at, o.id)) earlier
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(pa.amount), 0) AS amount
             FROM payments pa
            WHERE pa.booking_id = o.booking_id AND pa.is_for_lodging = o.is_for_lodging) pays
         CROSS JOIN LATERAL (
           SELECT least(greatest(pays.amount - earlier.before, 0), greatest(o.total, 0)) AS paid) applied
         CROSS JOIN LATERAL (
           SELECT round(applied.paid, 2) AS paid, round(greatest(o.total, 0) - applied.paid, 2) AS due) st
        WHERE o.id = $1`,
      [orderId],
    );
    if (!row) throw new HttpError(404, messages.orderNotFound(orderId));
    return { data: row.data };
  });
}
