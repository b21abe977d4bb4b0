import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoDate } from '../http/params.ts';
import { jsonAnswer, JsonText } from '../http/jsonText.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { bookingInRoomShape, bookingListText, bookingShapeParam, jsonValueText } from '../sql/bookingList.ts';
import { byKeySql } from '../sql/byKey.ts';
import { bookingRateSumsSql, nightInPeriodSql, occupyingBookingSql, periodRateSumsSql } from '../sql/lodgingIncome.ts';
import { resolvePeriod } from '../sql/period.ts';
import { sortKey } from '../sql/sortKey.ts';

/** First and last night of the period; each defaults from the current month. */
const periodQuery = z.strictObject({
  dateStart: isoDate.optional(),
  dateEnd: isoDate.optional(),
});
/**
 * The period, and `shape=full` for whole bookings instead of their list rows; `bookings=none` for typologies and
 * rooms with their totals only (no booking lists); `place=<id>` for that room's bookings of the period only.
 */
const comercialQuery = periodQuery.extend({
  shape: bookingShapeParam,
  bookings: z.enum(['all', 'none']).optional(),
  place: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** /api/v1/report/booking/comercial and /forecast: the lodging income of a period by room and by day. */
export async function commercialRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/report/booking/comercial', { schema: { querystring: comercialQuery } }, async (request, reply) => {
    const { from, to } = resolvePeriod(request.query.dateStart, request.query.dateEnd, app.today());
    // `data`, written by the database as text: [{ _id, name, totalByTypology, rooms: [{ _id, name, totalSales, bookings }] }],
    // each level joined as text (string_agg) rather than aggregated as json: nothing is parsed again on the way up.
    // Rooms in service are listed even when unsold; a retired room only when it sold in the period. A booking is
    // listed without its place: it is the room it is listed under (bookingInRoomShape).
    const booking = bookingListText(request.query, [['nightsInPeriod', 'bb.nights'], ['totalInPeriod', 'bb.total']], bookingInRoomShape());
    if (request.query.place !== undefined) {
      // One room's bookings (the rows it expands to), each with its share of the period; `total` is the room's sales.
      const [one] = await app.db.query<{ data: string | null; total: number | null }>(
        // The room's bookings whose span of rate nights (booking_nights, migration 014: first and last night, kept by
        // triggers) meets the period, from its index alone; each read by its key when occupying, and its rates of the
        // period summed by the rates' key (a span around the period without a night in it gives no row): rows read
        // scale with the room's period, never with its history nor with the hotel. A booking is listed iff it has
        // nights in the period, as in the full answer: its stay dates (date_start, date_end) are not used to find it,
        // since nothing in the schema ties them to its rates.
        `SELECT '[' || coalesce(string_agg(${booking}, ',' ORDER BY b.date_start, b.id), '') || ']' AS data, coalesce(sum(bb.total), 0) AS total
           FROM booking_nights bn
          CROSS JOIN ${occupyingBookingSql('bn.booking_id', 'k.*')} b
          CROSS JOIN ${bookingRateSumsSql('b', '$1', '$2')} bb
           LEFT JOIN places p ON p.id = b.place_id
           LEFT JOIN typologies t ON t.id = p.typology_id
           LEFT JOIN ${byKeySql('clients', 'b.user_id')} u ON true
          WHERE bn.place_id = $3 AND bn.last_night >= $1::date AND bn.first_night <= $2::date`,
        [from, to, request.query.place],
      );
      return jsonAnswer(reply, { data: new JsonText(one?.data ?? '[]'), total: one?.total ?? 0, dateStart: from, dateEnd: to });
    }
    // `bookings=none`: each room's total only, without reading its bookings' clients nor writing their rows.
    const lean = request.query.bookings === 'none';
    const [row] = await app.db.query<{ data: string; total: number }>(
      `WITH rate_sums AS (${periodRateSumsSql('$1', '$2')}),
       -- Each room's income and bookings in one grouped pass over the rooms in service (each a row of no sales) and the
       -- sold bookings (each booking and its client read by key). One pass rather than rooms LEFT JOIN sold rooms: the
       -- sold rooms' count is unknown to the planner behind the bookings read by key, and it joined them by a nested
       -- loop of every room against every sold room.
       by_room AS (
         SELECT x.place_id, sum(x.total) AS total${lean ? '' : `, string_agg(x.booking, ',' ORDER BY x.date_start, x.id) AS bookings`}
           FROM (SELECT rp.id AS place_id, 0 AS total${lean ? '' : ', NULL::text AS booking, NULL AS date_start, NULL AS id'}
                   FROM places rp
                  WHERE rp.typology_id IS NOT NULL AND NOT rp.is_space AND NOT rp.deleted
                 UNION ALL
                 ${lean
                   ? `SELECT b.place_id, bb.total
                   FROM rate_sums bb CROSS JOIN ${occupyingBookingSql('bb.booking_id', 'k.place_id')} b`
                   : `SELECT b.place_id, bb.total, ${booking}, b.date_start, b.id
                   FROM rate_sums bb CROSS JOIN ${occupyingBookingSql('bb.booking_id', 'k.*')} b
                   LEFT JOIN places p ON p.id = b.place_id
                   LEFT JOIN typologies t ON t.id = p.typology_id
                   LEFT JOIN ${byKeySql('clients', 'b.user_id')} u ON true`}) x
          GROUP BY x.place_id),
       -- Listed: rooms of a typology, in service or sold in the period (a retired room only when it sold).
       room_json AS (
         SELECT rp.typology_id, rp.name_key, rp.id, br.total AS total_sales,
                '{"_id":' || rp.id || ',"name":' || ${jsonValueText('rp.name')} || ',"totalSales":' || ${jsonValueText('br.total')}
                  || ${lean ? `'}'` : `',"bookings":[' || coalesce(br.bookings, '') || ']}'`} AS room
           FROM by_room br
           JOIN places rp ON rp.id = br.place_id
          WHERE rp.typology_id IS NOT NULL)
       SELECT (SELECT '[' || coalesce(string_agg('{"_id":' || ty.id || ',"name":' || ${jsonValueText('ty.name')} || ',"totalByTypology":'
                                                   || ${jsonValueText('g.total')} || ',"rooms":[' || g.rooms || ']}', ',' ORDER BY ${sortKey('ty.name')}, ty.id), '') || ']'
                 FROM (SELECT typology_id, sum(total_sales) AS total, string_agg(room, ',' ORDER BY name_key, id) AS rooms
                         FROM room_json GROUP BY typology_id) g
                 JOIN typologies ty ON ty.id = g.typology_id) AS data,
              (SELECT coalesce(sum(total), 0) FROM by_room) AS total`,
      [from, to],
    );
    return jsonAnswer(reply, { data: new JsonText(row?.data ?? '[]'), total: row?.total ?? 0, dateStart: from, dateEnd: to });
  });

  routes.get('/api/v1/report/booking/forecast', { schema: { querystring: periodQuery } }, async (request) => {
    const { from, to } = resolvePeriod(request.query.dateStart, request.query.dateEnd, app.today());
    const [row] = await app.db.query<{ forecast: unknown[]; total: number; average: number }>(
      // Each night of the period with its booking read by key (a month's few thousand nights, never every booking).
      `WITH by_day AS (
         SELECT r.date, count(*) AS count, sum(r.total_rate) AS total
           FROM booking_rates r CROSS JOIN ${occupyingBookingSql('r.booking_id', '1 AS sold')} ob
          WHERE ${nightInPeriodSql('r', '$1', '$2')}
          GROUP BY r.date),
       days AS (SELECT d::date AS date FROM generate_series($1::date, $2::date, interval '1 day') AS d)
       SELECT json_agg(json_build_object('date', days.date, 'count', coalesce(by_day.count, 0),
                                         'total', coalesce(by_day.total, 0)) ORDER BY days.date) AS forecast,
              coalesce(sum(by_day.total), 0) AS total,
              round(coalesce(sum(by_day.total), 0) / count(*), 2) AS average
         FROM days LEFT JOIN by_day ON by_day.date = days.date`,
      [from, to],
    );
    return { forecast: row?.forecast ?? [], total: row?.total ?? 0, average: row?.average ?? 0 };
  });
}
