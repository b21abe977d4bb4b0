import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JsonText, jsonAnswer } from '../http/jsonText.ts';
import { orderBy, paging, sorting } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';
import { balanceSql } from '../sql/balance.ts';
import { bookingFilterQuery, bookingFilterShape, bookingFilterSql, type BookingFilters } from '../sql/bookingFilters.ts';
import { instantInDays } from '../sql/dayRange.ts';
import {
  bookingExpandShape,
  bookingListJoins,
  bookingListJson,
  bookingListSortColumns,
  bookingListSortFields,
  bookingShapeParam,
} from '../sql/bookingList.ts';
import { byKeySql } from '../sql/byKey.ts';
import { lodgingNightsSql, lodgingSumsSql } from '../sql/lodgingIncome.ts';
import { pagedQuery } from '../sql/paged.ts';
import { monthOf, resolvePeriod, type Period } from '../sql/period.ts';
import { placeNameKey, sortKey } from '../sql/sortKey.ts';

const filterQuery = bookingFilterQuery(bookingFilterShape);

const salesQuery = bookingFilterQuery({
  ...bookingFilterShape,
  ...paging(50),
  ...sorting(bookingListSortFields),
  ...bookingExpandShape,
});

/** Sortable fields of the active balances (balances from the lateral `bal`). */
const balanceSortColumns = {
  ...bookingListSortColumns,
  hostBalance: 'bal."balanceHost"',
  extraBalance: 'bal."balanceExtra"',
  balance: 'bal."faltante"',
} as const;
type BalanceSortField = keyof typeof balanceSortColumns;
const balanceSortFields = Object.keys(balanceSortColumns) as [BalanceSortField, ...BalanceSortField[]];
const activeBalancesQuery = z.strictObject({ ...sorting(balanceSortFields), shape: bookingShapeParam });

/**
 * Terms keeping rate row `r` and order `o` inside the stay period when one is given (stayFrom/stayTo),
 * so that the figures are those of the period; nights by date, orders by day of creation in the operator's `zone`.
 */
function periodTerms(filters: BookingFilters, params: unknown[], zone: string) {
  const nights: string[] = [];
  const orders = instantInDays('o.created_at', { from: filters.stayFrom, to: filters.stayTo }, params, zone);
  if (filters.stayFrom) nights.push(`r.date >= $${params.push(filters.stayFrom)}::date`);
  if (filters.stayTo) nights.push(`r.date <= $${params.push(filters.stayTo)}::date`);
  return { nights: nights.map((t) => `AND ${t}`).join(' '), orders: orders.map((t) => `AND ${t}`).join(' ') };
}

/** The first and last nights of the filtered bookings (the month of today when they have none). */
async function bookedNights(app: FastifyInstance, filters: BookingFilters): Promise<Period> {
  const params: unknown[] = [];
  const where = bookingFilterSql(filters, params, app.timeZone);
  const [row] = await app.db.query<{ from: string | null; to: string | null }>(
    `SELECT to_char(min(r.date), 'YYYY-MM-DD') AS "from", to_char(max(r.date), 'YYYY-MM-DD') AS "to"
       FROM booking_rates r JOIN bookings b ON b.id = r.booking_id ${where}`,
    params,
  );
  return row?.from && row.to ? { from: row.from, to: row.to } : monthOf(app.today());
}

export interface RecaudoStatistics {
  total: number;
  totalExtraOrders: number;
  totalRates: number;
  averageNights: number;
  averageRates: number;
  averageLodgingDays: number;
  count: number;
  nights: number;
}

/** /api/v1/report/booking/{recaudoStatistics, recaudoPotecialVsReal, recaudoNationalities, activeBalances, sales}. */
export async function collectionRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/report/booking/recaudoStatistics', { schema: { querystring: filterQuery } }, async (request) => {
    const params: unknown[] = [];
    const where = bookingFilterSql(request.query, params, app.timeZone, 'b', 'range');
    const period = periodTerms(request.query, params, app.timeZone);
    const [row] = await app.db.query<RecaudoStatistics>(
      `WITH fb AS (SELECT b.id, b.date_end - b.date_start AS stay FROM bookings b ${where}),
       nights AS (SELECT count(*) AS n, coalesce(sum(r.total_rate), 0) AS amount
                    FROM booking_rates r JOIN fb ON fb.id = r.booking_id WHERE true ${period.nights}),
       extras AS (SELECT coalesce(sum(o.total), 0) AS amount
                    FROM booking_orders o JOIN fb ON fb.id = o.booking_id WHERE NOT o.is_for_lodging ${period.orders}),
       stays AS (SELECT count(*) AS n, coalesce(sum(stay), 0) AS nights FROM fb)
       SELECT nights.amount + extras.amount AS total,
              extras.amount AS "totalExtraOrders",
              nights.amount AS "totalRates",
              CASE WHEN stays.n = 0 THEN 0 ELSE round(stays.nights::numeric / stays.n, 2) END AS "averageNights",
              CASE WHEN nights.n = 0 THEN 0 ELSE round(nights.amount / nights.n, 2) END AS "averageRates",
              CASE WHEN stays.n = 0 THEN 0 ELSE round(nights.n::numeric / stays.n, 2) END AS "averageLodgingDays",
              stays.n AS count,
              nights.n AS nights
         FROM nights, extras, stays`,
      params,
    );
    return { data: row };
  });

  routes.get('/api/v1/report/booking/recaudoPotecialVsReal', { schema: { querystring: filterQuery } }, async (request) => {
    const query = request.query;
    // Without a month ("Ninguna") the figures cover the nights of every filtered booking, as the cards and the table do.
    const { from, to } = query.stayFrom || query.stayTo
      ? resolvePeriod(query.stayFrom, query.stayTo, app.today(), 'stayTo')
      : await bookedNights(app, query);
    const params: unknown[] = [from, to];
    const where = bookingFilterSql(query, params, app.timeZone, 'b', 'range');
    // The rooms counted are those the typology or room filter names, in service.
    const roomTerms = [
      ...(query.typology?.length ? [`rp.typology_id = ANY($${params.push(query.typology)}::int[])`] : []),
      ...(query.place?.length ? [`rp.id = ANY($${params.push(query.place)}::int[])`] : []),
    ];
    const data = await app.db.query<{ name: string; totalMonthPotencial: number; totalRatesReal: number }>(
      `WITH fb AS (SELECT b.id, b.place_id FROM bookings b ${where}),
       -- Each filtered booking's nights in the period, read by its key (booking_rates_pkey), not the period's every night.
       sold AS (
         SELECT p.typology_id, sum(fr.amount) AS amount
           FROM fb CROSS JOIN LATERAL (
                  SELECT sum(r.total_rate) AS amount FROM booking_rates r
                   WHERE r.booking_id = fb.id AND r.date BETWEEN $1::date AND $2::date) fr
           JOIN places p ON p.id = fb.place_id
          GROUP BY p.typology_id),
       rate_period AS (
         -- The mean nightly rate, Σ rates / nights (what avg does), from each booking's sums of the period.
         SELECT p.typology_id, sum(n.total) / sum(n.nights) AS rate
           FROM (${lodgingSumsSql('$1', '$2')}) n JOIN places p ON p.id = n.place_id GROUP BY p.typology_id),
       rooms AS (
         SELECT rp.typology_id, count(*) AS n FROM places rp
          WHERE NOT rp.is_space AND NOT rp.deleted AND rp.typology_id IS NOT NULL ${roomTerms.map((t) => `AND ${t}`).join(' ')}
          GROUP BY rp.typology_id)
       SELECT t.name,
              round(rooms.n * ($2::date - $1::date + 1) * coalesce(
                rate_period.rate,
                -- Only a typology unsold in the period reads the year before (coalesce is lazy).
                (SELECT avg(n.total_rate) FROM (${lodgingNightsSql(`($2::date - 364)`, '$2')}) n
                   JOIN places yp ON yp.id = n.place_id WHERE yp.typology_id = rooms.typology_id),
                0), 2) AS "totalMonthPotencial",
              coalesce(sold.amount, 0) AS "totalRatesReal"
         FROM rooms JOIN typologies t ON t.id = rooms.typology_id
         LEFT JOIN sold ON sold.typology_id = rooms.typology_id
         LEFT JOIN rate_period ON rate_period.typology_id = rooms.typology_id
        ORDER BY ${sortKey('t.name')}, t.id`,
      params,
    );
    return { data, dateStart: from, dateEnd: to };
  });

  routes.get('/api/v1/report/booking/recaudoNationalities', { schema: { querystring: filterQuery } }, async (request) => {
    const params: unknown[] = [messages.noNationality];
    const where = bookingFilterSql(request.query, params, app.timeZone, 'b', 'range');
    const data = await app.db.query<{ nationality: string; count: number }>(
      // The filtered bookings counted per owner first, then each owner read by its key (not every client).
      `SELECT coalesce(nullif(trim(c.nationality), ''), $1) AS nationality, sum(g.n)::int AS count
         FROM (SELECT b.user_id, count(*) AS n FROM bookings b ${where} GROUP BY b.user_id) g
        CROSS JOIN ${byKeySql('clients', 'g.user_id', 'k.nationality')} c
        GROUP BY 1 ORDER BY sum(g.n) DESC, 1`,
      params,
    );
    return { data };
  });

  routes.get('/api/v1/report/booking/activeBalances', { schema: { querystring: activeBalancesQuery } }, async (request, reply) => {
    const order = orderBy(balanceSortColumns, request.query, `${sortKey('t.name')}, ${placeNameKey('p')}`, 'b.id');
    const [row] = await app.db.query<{ data: string; total: number; totalAllBalances: number }>(
      `SELECT coalesce(json_agg(${bookingListJson(
        request.query,
        [
          ['hostBalance', 'bal."balanceHost"'],
          ['extraBalance', 'bal."balanceExtra"'],
          ['balance', 'bal."faltante"'],
        ],
      )} ${order}), '[]'::json)::text AS data,
              count(*) AS total,
              coalesce(sum(bal."faltante"), 0) AS "totalAllBalances"
         FROM bookings b ${bookingListJoins('b')}
        CROSS JOIN LATERAL (${balanceSql('b')}) bal
        WHERE b.status = 'checked_in' AND NOT b.is_virtual`,
    );
    return jsonAnswer(reply, {
      data: new JsonText(row?.data ?? '[]'),
      total: row?.total ?? 0,
      totalAllBalances: row?.totalAllBalances ?? 0,
    });
  });

  routes.get('/api/v1/report/booking/sales', { schema: { querystring: salesQuery } }, async (request) => {
    const query = request.query;
    const params: unknown[] = [];
    const where = bookingFilterSql(query, params, app.timeZone);
    const page = await pagedQuery(app.db, {
      from: `bookings b ${bookingListJoins('b')}`,
      where,
      order: orderBy(bookingListSortColumns, query, 'b.date_start DESC', 'b.id'),
      key: 'b.id',
      rowJson: bookingListJson(query),
      params,
      paging: query,
    });
    const [sum] = await app.db.query<{ total: number }>(
      `SELECT coalesce(sum(b.total), 0) AS total FROM bookings b ${where}`,
      params,
    );
    return { ...page, totalCalculate: sum?.total ?? 0 };
  });
}
