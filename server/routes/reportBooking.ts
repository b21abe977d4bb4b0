import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { orderBy, paging, sorting } from '../http/params.ts';
import { jsonAnswer, JsonText } from '../http/jsonText.ts';
import { lodgingTables } from '../http/versionedCache.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { bookingDrillShape, bookingFilterQuery, bookingFilterShape, bookingFilterSql, stayRangeSql } from '../sql/bookingFilters.ts';
import {
  bookingExpandShape,
  bookingListJoins,
  bookingListJson,
  bookingListRow,
  bookingListSortColumns,
  bookingListSortFields,
  bookingShapeParam,
  type BookingShape,
} from '../sql/bookingList.ts';
import { dayAfterSql, dayStartSql } from '../sql/dayRange.ts';
import { lodgingSumsSql, occupyingSql } from '../sql/lodgingIncome.ts';
import { pagedAnswer } from '../sql/paged.ts';

const bookingReportQuery = bookingFilterQuery({
  ...bookingFilterShape,
  ...bookingDrillShape,
  ...paging(50),
  ...sorting(bookingListSortFields),
  ...bookingExpandShape,
});

const occupancyQuery = z.strictObject({
  year: z
    .string()
    .regex(/^\d{4}$/, 'se esperaba un año de cuatro cifras')
    .transform(Number)
    .pipe(z.number().int().min(2000).max(2100)),
});

const notCancelled = `b.status NOT IN ('canceled', 'no_show')`;
const bookingRowJoins = bookingListJoins();

const dashboardQuery = z.strictObject({ shape: bookingShapeParam });

/** A dashboard list: the bookings matching `where` as JSON (list rows, or whole on `shape=full`), in `order`. */
const dashboardList = (shape: BookingShape, where: string, order: string) =>
  `(SELECT coalesce(json_agg(${bookingListJson({ shape })} ORDER BY ${order}), '[]'::json)
      FROM bookings b ${bookingRowJoins}
     WHERE ${where})`;

/** /api/v1/report/booking, /api/v1/report/dashboard, /api/v1/report/booking/ocupacion. */
export async function reportBookingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/report/booking', { schema: { querystring: bookingReportQuery } }, async (request, reply) => {
    const query = request.query;
    const params: unknown[] = [];
    const where = bookingFilterSql(query, params, app.timeZone);
    return pagedAnswer(reply, app.db, {
      from: `bookings b ${bookingRowJoins}`,
      where,
      order: orderBy(bookingListSortColumns, query, 'b.date_start DESC', 'b.id'),
      key: 'b.id',
      ...bookingListRow(query),
      params,
      paging: query,
    });
  });

  routes.get('/api/v1/report/dashboard', { schema: { querystring: dashboardQuery } }, async (request, reply) => {
    const today = app.today();
    const { shape } = request.query;
    const [row] = await app.db.query<{ data: string }>(
      `WITH rooms AS (
         SELECT count(*) AS n FROM places WHERE NOT is_space AND NOT deleted),
       occupied AS (
         SELECT count(DISTINCT b.place_id) AS n
           FROM bookings b JOIN places p ON p.id = b.place_id AND NOT p.is_space AND NOT p.deleted
          WHERE ${occupyingSql('b')}
            AND ${stayRangeSql('b')} @> $1::date)
       SELECT json_build_object(
         'incomings', ${dashboardList(shape, `b.date_start = $1::date AND ${notCancelled}`, 'p.name, b.ref')},
         'inHouse', ${dashboardList(
           shape,
           `b.status = 'checked_in' AND b.date_start <= $1::date AND b.date_end >= $1::date`,
           'p.name, b.ref',
         )},
         'leaves', ${dashboardList(shape, `b.date_end = $1::date AND ${notCancelled}`, 'p.name, b.ref')},
         'createdToday', ${dashboardList(
           shape,
           `b.created_at >= ${dayStartSql('$1', '$2')} AND b.created_at < ${dayAfterSql('$1', '$2')}`,
           'b.created_at, b.id',
         )},
         'occupiedPercentage', CASE WHEN rooms.n = 0 THEN 0 ELSE round(occupied.n * 100.0 / rooms.n, 2) END,
         'occupiedRooms', occupied.n,
         'freeRooms', rooms.n - occupied.n,
         'date', $1::date)::text AS data
         FROM rooms, occupied`,
      [today, app.timeZone],
    );
    return jsonAnswer(reply, { data: row && new JsonText(row.data) });
  });

  // Kept until a place, booking or rate changes (versionedCache.ts).
  routes.get('/api/v1/report/booking/ocupacion', { schema: { querystring: occupancyQuery } }, async (request, reply) =>
    app.versionedCache.answer(request, reply, lodgingTables, async () => {
      const { year } = request.query;
      const data = await app.db.query<{ month: number; percentage: number; count: number; total: number }>(
        `WITH rooms AS (
           SELECT count(*) AS n FROM places WHERE NOT is_space AND NOT deleted),
         months AS (
           SELECT m AS month, (make_date($1::int, m, 1) + interval '1 month')::date - make_date($1::int, m, 1) AS days
             FROM generate_series(1, 12) AS m),
         sold AS (
           SELECT n.key AS month, sum(n.nights)::bigint AS count, sum(n.total) AS total
             FROM (${lodgingSumsSql('make_date($1::int, 1, 1)', 'make_date($1::int, 12, 31)', 'extract(month FROM r.date)::int')}) n
            GROUP BY 1)
         SELECT months.month,
                CASE WHEN rooms.n = 0 THEN 0
                     ELSE round(coalesce(sold.count, 0) * 100.0 / (rooms.n * months.days), 2) END AS percentage,
                coalesce(sold.count, 0) AS count,
                coalesce(sold.total, 0) AS total
           FROM months CROSS JOIN rooms LEFT JOIN sold ON sold.month = months.month
          ORDER BY months.month`,
        [year],
      );
      return { data };
    }),
  );
}
