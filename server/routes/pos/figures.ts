import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../http/zodProvider.ts';
import { jsonAnswer, JsonText } from '../../http/jsonText.ts';
import {
  averagePerOrderOf,
  cmvPercOf,
  dayMoment,
  internalClient,
  lineCost,
  minutesBetween,
  payMethodName,
  percentOf,
  posFilterShape,
  posMethodPay,
  posOrderWhere,
  posSums,
  rangeInOrder,
  rangeIssue,
  realIncomeOf,
  statusTimes,
  timeRange,
  totalSalesOf,
  whereClause,
} from '../../sql/posFigures.ts';
import { hourOfDaySql } from '../../sql/dayRange.ts';
import { posOrdersFor } from '../../sql/tips.ts';
import { byKeySql } from '../../sql/byKey.ts';
import { sortKey } from '../../sql/sortKey.ts';

const { initDate, endDate, clients, business, employee } = posFilterShape;

const generalQuery = z.strictObject({ initDate, endDate, clients, business }).refine(rangeInOrder, rangeIssue);
const businessQuery = z.strictObject({ initDate, endDate, business }).refine(rangeInOrder, rangeIssue);
const paymentQuery = z.strictObject({ initDate, endDate, business, employee }).refine(rangeInOrder, rangeIssue);
/** Ventas POS general's cards: its filters, with the employee and payment method a Pagos POS slice opens it with. */
const salesGeneralQuery = z.strictObject({ initDate, endDate, clients, business, employee, methodPay: posMethodPay }).refine(rangeInOrder, rangeIssue);

/** Every summary call answers `{ data }` computed over closed orders of the filters. */
export async function posFigureRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const one = async <T>(sql: string, params: unknown[]) => (await app.db.query<{ data: T }>(sql, params))[0]!.data;

  // The management screen's cards and sales by business.
  routes.get('/api/v1/report/pos-general', { schema: { querystring: generalQuery } }, async (request) => {
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const where = whereClause(posOrderWhere('o', request.query, params, app.timeZone));
    const data = await one(
      // The period's orders are read once (sel); their lines are read once by the order-id range sel spans (ids grow
      // with creation, so it is the period's range of the lines' index) and summed per order; GROUPING SETS give each
      // business's figures and the whole's in one pass (the () set is the whole, one row even without orders).
      `WITH sel AS MATERIALIZED (SELECT o.* FROM ${orders} o ${where}),
       lc AS (SELECT l.order_id, sum(${lineCost('l')}) AS cost FROM pos_order_lines l
               WHERE l.order_id BETWEEN (SELECT min(id) FROM sel) AND (SELECT max(id) FROM sel)
               GROUP BY l.order_id),
       sums AS (SELECT o.business_id, GROUPING(o.business_id) = 1 AS whole, ${posSums('o', request.session)},
                       coalesce(sum(lc.cost), 0) AS cost
                  FROM sel o LEFT JOIN lc ON lc.order_id = o.id GROUP BY GROUPING SETS ((o.business_id), ())),
       s AS (SELECT * FROM sums WHERE whole),
       per AS (SELECT * FROM sums WHERE NOT whole)
       SELECT json_build_object(
         'countOrders', s.count_orders, 'countApp', s.count_app, 'countDesktop', s.count_desktop,
         'acumApp', s.acum_app, 'acumDesktop', s.acum_desktop, 'acumDiscount', s.acum_discount,
         'acumTip', s.acum_tip, 'taxAcum', s.tax_acum,
         'totalSales', ${totalSalesOf('s')}, 'realIncome', ${realIncomeOf('s')},
         'averagePerOrder', ${averagePerOrderOf('s')}, 'cost', s.cost,
         'cmvPerc', ${cmvPercOf('s.cost', realIncomeOf('s'))},
         'grossMargin', ${realIncomeOf('s')} - s.cost,
         'accumulateByBusiness', (SELECT coalesce(json_agg(json_build_object(
              '_id', b.id, 'name', b.name, 'total', ${totalSalesOf('per')}, 'count', per.count_orders,
              'realIncome', ${realIncomeOf('per')}, 'cost', per.cost,
              'grossMargin', ${realIncomeOf('per')} - per.cost) ORDER BY ${sortKey('b.name')}, b.id), '[]'::json)
            FROM per JOIN businesses b ON b.id = per.business_id)
       ) AS data FROM s`,
      params,
    );
    return { data };
  });

  // App vs desktop split, with one row per business for the table.
  routes.get('/api/v1/report/sales-general', { schema: { querystring: salesGeneralQuery } }, async (request) => {
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const where = whereClause(posOrderWhere('o', request.query, params, app.timeZone));
    const data = await one(
      `WITH sums AS (SELECT o.business_id, GROUPING(o.business_id) = 1 AS whole, ${posSums('o', request.session)}
                       FROM ${orders} o ${where} GROUP BY GROUPING SETS ((o.business_id), ())),
       s AS (SELECT * FROM sums WHERE whole),
       per AS (SELECT * FROM sums WHERE NOT whole)
       SELECT json_build_object(
         'acumApp', s.acum_app, 'acumDesktop', s.acum_desktop, 'countApp', s.count_app, 'countDesktop', s.count_desktop,
         'percApp', ${percentOf('s.acum_app', 's.acum_app + s.acum_desktop')},
         'percDesktop', ${percentOf('s.acum_desktop', 's.acum_app + s.acum_desktop')},
         'percCountApp', ${percentOf('s.count_app', 's.count_orders')},
         'percCountDesktop', ${percentOf('s.count_desktop', 's.count_orders')},
         'table', (SELECT coalesce(json_agg(json_build_object(
              'business', json_build_object('_id', b.id, 'name', b.name),
              'acumApp', per.acum_app, 'acumDesktop', per.acum_desktop,
              'countApp', per.count_app, 'countDesktop', per.count_desktop,
              'total', per.acum_app + per.acum_desktop) ORDER BY ${sortKey('b.name')}, b.id), '[]'::json)
            FROM per JOIN businesses b ON b.id = per.business_id)) AS data FROM s`,
      params,
    );
    return { data };
  });

  routes.get('/api/v1/report/pay-general', { schema: { querystring: generalQuery } }, async (request) => {
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const where = whereClause(posOrderWhere('o', request.query, params, app.timeZone));
    const data = await one(
      `SELECT json_build_object('accumulateByPay', coalesce(json_agg(json_build_object(
                'method', m.method, 'name', m.name, 'total', m.total, 'count', m.count) ORDER BY m.total DESC, m.name), '[]'::json)) AS data
         FROM (SELECT o.method_pay AS method, ${payMethodName('o', params)} AS name,
                      sum(o.total) AS total, count(*)::int AS count
                 FROM ${orders} o ${where} GROUP BY o.method_pay) m`,
      params,
    );
    return { data };
  });

  // POS payments per method, for the payments screen (business and employee filters).
  routes.get('/api/v1/report/payment', { schema: { querystring: paymentQuery } }, async (request) => {
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const where = whereClause(posOrderWhere('o', request.query, params, app.timeZone));
    return one(
      `SELECT json_build_object(
         'data', coalesce(json_agg(json_build_object(
              'methodPay', json_build_object('method', m.method, 'text', m.text), 'count', m.count, 'subtotal', m.subtotal,
              'taxAmount', m.tax, 'tipAmount', m.tip, 'total', m.total) ORDER BY m.total DESC, m.method), '[]'::json),
         'total', coalesce(sum(m.total), 0)) AS data
         FROM (SELECT o.method_pay AS method, ${payMethodName('o', params)} AS text, count(*)::int AS count,
                      sum(o.subtotal) AS subtotal, sum(o.tax_amount) AS tax, sum(o.tip_amount) AS tip, sum(o.total) AS total
                 FROM ${orders} o ${where} GROUP BY o.method_pay) m`,
      params,
    );
  });

  routes.get('/api/v1/report/day-moment', { schema: { querystring: generalQuery } }, async (request) => {
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const where = whereClause(posOrderWhere('o', request.query, params, app.timeZone));
    const data = await one(
      `SELECT json_build_object(
         'morning', count(*) FILTER (WHERE m.moment = 'morning'), 'afternoon', count(*) FILTER (WHERE m.moment = 'afternoon'),
         'evening', count(*) FILTER (WHERE m.moment = 'evening'),
         'morningAmount', coalesce(sum(m.total) FILTER (WHERE m.moment = 'morning'), 0),
         'afternoonAmount', coalesce(sum(m.total) FILTER (WHERE m.moment = 'afternoon'), 0),
         'eveningAmount', coalesce(sum(m.total) FILTER (WHERE m.moment = 'evening'), 0)) AS data
         FROM (SELECT ${dayMoment('o', `$${params.push(app.timeZone)}`)} AS moment, o.total FROM ${orders} o ${where}) m`,
      params,
    );
    return { data };
  });

  routes.get('/api/v1/report/client-internal-external', { schema: { querystring: generalQuery } }, async (request) => {
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const where = whereClause(posOrderWhere('o', request.query, params, app.timeZone));
    const data = await one(
      // The period's orders summed per client first, then each client's category read by its key (not every client).
      `SELECT json_build_object(
         'acumClientInternal', coalesce(sum(g.total) FILTER (WHERE ${internalClient('u')}), 0),
         'acumClientExternal', coalesce(sum(g.total) FILTER (WHERE u.id IS NULL OR NOT ${internalClient('u')}), 0),
         'countClientInternal', coalesce(sum(g.n) FILTER (WHERE ${internalClient('u')}), 0)::int,
         'countClientExternal', coalesce(sum(g.n) FILTER (WHERE u.id IS NULL OR NOT ${internalClient('u')}), 0)::int) AS data
         FROM (SELECT o.user_id, sum(o.total) AS total, count(*) AS n FROM ${orders} o ${where} GROUP BY o.user_id) g
         LEFT JOIN ${byKeySql('clients', 'g.user_id', 'k.id, k.category')} u ON true`,
      params,
    );
    return { data };
  });

  routes.get('/api/v1/report/room-service', { schema: { querystring: generalQuery } }, async (request) => {
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const where = whereClause(posOrderWhere('o', request.query, params, app.timeZone));
    const data = await one(
      `SELECT json_build_object(
         'roomService', coalesce(sum(o.total) FILTER (WHERE o.room_service), 0),
         'noRoomService', coalesce(sum(o.total) FILTER (WHERE NOT o.room_service), 0),
         'countRoomService', count(*) FILTER (WHERE o.room_service),
         'countNoRoomService', count(*) FILTER (WHERE NOT o.room_service)) AS data
         FROM ${orders} o ${where}`,
      params,
    );
    return { data };
  });

  // 24 buckets by the hour of creation in the operator's zone, each split into client-app and desktop orders.
  routes.get('/api/v1/report/sales-app', { schema: { querystring: businessQuery } }, async (request) => {
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const where = whereClause(posOrderWhere('o', request.query, params, app.timeZone));
    const data = await app.db.query(
      `SELECT h.hour, lpad(h.hour::text, 2, '0') || ':00' AS label, coalesce(x.count, 0)::int AS count, coalesce(x.amount, 0) AS amount,
              coalesce(x.count_app, 0)::int AS "countApp", coalesce(x.count_desktop, 0)::int AS "countDesktop"
         FROM generate_series(0, 23) AS h(hour)
         LEFT JOIN (SELECT ${hourOfDaySql('o.created_at', `$${params.push(app.timeZone)}`)} AS hour, count(*) AS count, sum(o.total) AS amount,
                           count(*) FILTER (WHERE o.by_client_app) AS count_app, count(*) FILTER (WHERE NOT o.by_client_app) AS count_desktop
                      FROM ${orders} o ${where} GROUP BY 1) x ON x.hour = h.hour
        ORDER BY h.hour`,
      params,
    );
    return { data };
  });

  // Minutes between the first entries of each status; time4 is the whole open → closed time.
  // The rows go out as the database wrote them (jsonText.ts): a day's orders were 61 kB to parse and write again.
  routes.get('/api/v1/report/status-time', { schema: { querystring: businessQuery } }, async (request, reply) => {
    const params: unknown[] = [];
    const orders = posOrdersFor(request.session);
    const where = whereClause(posOrderWhere('o', request.query, params, app.timeZone));
    const [row] = await app.db.query<{ average: Record<string, number>; ranges: Record<string, number>; data: string }>(
      `WITH sel AS (SELECT o.id, o.invoice, o.business_id, o.created_at FROM ${orders} o ${where}),
       st AS (${statusTimes('sel')}),
       t AS (
         SELECT sel.id, sel.invoice, sel.business_id, b.name AS business_name, sel.created_at,
                ${minutesBetween('st.t_open', 'st.t_progress')} AS time1, ${minutesBetween('st.t_progress', 'st.t_ready')} AS time2,
                ${minutesBetween('st.t_ready', 'st.t_closed')} AS time3, ${minutesBetween('st.t_open', 'st.t_closed')} AS time4
           FROM sel JOIN businesses b ON b.id = sel.business_id LEFT JOIN st ON st.order_id = sel.id)
       SELECT json_build_object(
           'time1', coalesce(round(avg(time1), 2), 0), 'time2', coalesce(round(avg(time2), 2), 0),
           'time3', coalesce(round(avg(time3), 2), 0), 'time4', coalesce(round(avg(time4), 2), 0)) AS average,
         json_build_object(
           'range1', count(*) FILTER (WHERE ${timeRange('time4')} = 1 AND time4 IS NOT NULL),
           'range2', count(*) FILTER (WHERE ${timeRange('time4')} = 2 AND time4 IS NOT NULL),
           'range3', count(*) FILTER (WHERE ${timeRange('time4')} = 3 AND time4 IS NOT NULL),
           'range4', count(*) FILTER (WHERE ${timeRange('time4')} = 4 AND time4 IS NOT NULL)) AS ranges,
         coalesce(json_agg(json_build_object(
              '_id', id, 'invoice', invoice, 'business', json_build_object('_id', business_id, 'name', business_name),
              'createdAt', created_at, 'time1', time1, 'time2', time2, 'time3', time3, 'time4', time4)
            ORDER BY created_at, id), '[]'::json)::text AS data
         FROM t`,
      params,
    );
    return jsonAnswer(reply, { average: row!.average, ranges: row!.ranges, data: new JsonText(row!.data) });
  });
}
