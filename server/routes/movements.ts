import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JsonText, jsonAnswer } from '../http/jsonText.ts';
import { bool, dateOrRange, idList, isoDate, list, orderBy, paging, search, sorting } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { type BookingFilters, bookingFilterQuery, bookingFilterShape, bookingFilterSql } from '../sql/bookingFilters.ts';
import { clientShownName } from '../sql/bookingList.ts';
import { andWhere, dayAfterSql, dayStartSql, instantInDays, whereSql } from '../sql/dayRange.ts';
import { clientJson, employeeJson, orderJson } from '../sql/json.ts';
import { pagedAnswer } from '../sql/paged.ts';
import { spaceOccurrences } from '../sql/spaceOccurrences.ts';
import { matchesKeyword, searchText } from '../sql/search.ts';
import { placeNameKey, sortKey } from '../sql/sortKey.ts';

// The booking drawer's createdAt is the movement's own creation day here.
const { createdAt: _bookingCreatedAt, ...bookingShape } = bookingFilterShape;

const text = z.string().trim().min(1).max(100);

/** The booking a movement belongs to, with its room and owner (`b`, `p`, `u`). */
const movementBookingJson = (b: string, p: string, u: string) =>
  `json_build_object('_id', ${b}.id, 'ref', ${b}.ref, 'status', ${b}.status, 'isVirtual', ${b}.is_virtual,
     'place', json_build_object('_id', ${p}.id, 'name', ${p}.name),
     'user', json_build_object('_id', ${u}.id, 'name', ${u}.name, 'lastName', ${u}.last_name, 'email', ${u}.email))`;

// booking_id is a NOT NULL foreign key: a left join keeps every row and lets the planner skip bookings when unused.
const orderSortColumns = {
  createdAt: 'o.created_at',
  invoice: 'o.invoice',
  name: sortKey('o.name'),
  total: 'o.total',
  subtotal: 'o.subtotal',
  discount: 'o.discount',
  isForLodging: 'o.is_for_lodging',
  'booking.ref': 'b.ref',
  'place.name': placeNameKey('p'),
  'employee.name': sortKey('e.name'),
  'business.name': sortKey('bu.name'),
} as const;

const paymentSortColumns = {
  createdAt: 'pay.created_at',
  amount: 'pay.amount',
  total: 'pay.amount',
  type: 'pay.type',
  paymentMethod: 'pay.payment_method',
  authorization: 'pay."authorization"',
  isForLodging: 'pay.is_for_lodging',
  'booking.ref': 'b.ref',
  'place.name': placeNameKey('p'),
  'employee.name': sortKey('e.name'),
} as const;

const reservationSortColumns = {
  createdAt: 'sr.created_at',
  'place.name': placeNameKey('p'),
  // The Cliente column sorts by the name it shows.
  'user.name': sortKey(clientShownName()),
  'reservation.dateStart': 'sr.date_start',
  dateStart: 'sr.date_start',
  subtotal: 'sr.subtotal',
  total: 'sr.total',
  by_client_app: 'sr.by_client_app',
} as const;

const ticketSortColumns = {
  createdAt: 'tk.created_at',
  subtotal: 'tk.subtotal',
  total: 'tk.total',
  by_client_app: 'tk.by_client_app',
  'event_QR.eventTitle': sortKey('ev.title'),
  'event_QR.eventDate': 'ev.date_start',
  'event_QR.count': 'tk.count',
  reason_cancellation: 'tk.reason_cancellation',
} as const;

/**
 * The WHERE of a movement list (`m`: booking_orders or payments) with the booking drawer's filters besides `terms`.
 * With a stay period of both ends the bookings are few (a month's), and their movements are read by booking_id from
 * that list of ids: joined, the planner hashes every movement of the history against them (a sequential scan of
 * 33,000 orders on 4 years of `demo` for a month's 1,250 bookings, 9,000 on 1 year). Other filters stay a join.
 */
function movementBookingWhere(q: BookingFilters, m: string, params: unknown[], zone: string, terms: string[]): string {
  const filters = { ...q, createdAt: undefined };
  if (!q.stayFrom || !q.stayTo) return andWhere(bookingFilterSql(filters, params, zone), terms);
  const bookings = bookingFilterSql(filters, params, zone, 'fb');
  return whereSql([`${m}.booking_id = ANY (ARRAY(SELECT fb.id FROM bookings fb ${bookings}))`, ...terms]);
}

const fields = <T extends object>(columns: T) => Object.keys(columns) as [Extract<keyof T, string>];

const orderQuery = bookingFilterQuery({
  ...bookingShape,
  createdAt: dateOrRange,
  isForLodging: bool.optional(),
  business: idList,
  employee: idList,
  ...paging(50),
  ...sorting(fields(orderSortColumns)),
});

const paymentQuery = bookingFilterQuery({
  ...bookingShape,
  createdAt: dateOrRange,
  isForLodging: bool.optional(),
  type: list(text),
  paymentMethod: list(text),
  employee: idList,
  ...paging(50),
  ...sorting(fields(paymentSortColumns)),
});

const calendarQuery = z
  .strictObject({ dateStart: isoDate, dateEnd: isoDate })
  .refine((q) => q.dateStart <= q.dateEnd, { message: 'la fecha inicial es posterior a la final', path: ['dateStart'] });

const reservationQuery = z.strictObject({
  place: idList,
  createdAt: dateOrRange,
  ...paging(20),
  ...sorting(fields(reservationSortColumns)),
});

// The lookup asks page, itemsPerPage and search; without them every event is listed.
const eventListQuery = z.strictObject({ ...paging(-1), search });

const ticketQuery = z.strictObject({
  event: idList,
  createdAt: dateOrRange,
  ...paging(20),
  ...sorting(fields(ticketSortColumns)),
});

/** Movimientos (booking orders and payments), space reservation and event ticket movements, the events calendar. */
export async function movementRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/report/movements/order', { schema: { querystring: orderQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const terms = q.createdAt ? instantInDays('o.created_at', q.createdAt, params, app.timeZone) : [];
    if (q.isForLodging !== undefined) terms.push(`o.is_for_lodging = $${params.push(q.isForLodging)}`);
    if (q.business?.length) terms.push(`o.business_id = ANY($${params.push(q.business)}::int[])`);
    if (q.employee?.length) terms.push(`o.employee_id = ANY($${params.push(q.employee)}::int[])`);
    const where = movementBookingWhere(q, 'o', params, app.timeZone, terms);
    return pagedAnswer(reply, app.db, {
      from: `booking_orders o LEFT JOIN bookings b ON b.id = o.booking_id
        LEFT JOIN places p ON p.id = b.place_id LEFT JOIN clients u ON u.id = b.user_id
        LEFT JOIN employees e ON e.id = o.employee_id LEFT JOIN businesses bu ON bu.id = o.business_id`,
      where,
      order: orderBy(orderSortColumns, q, 'o.created_at DESC', 'o.id'),
      key: 'o.id',
      rowJson: orderJson('o', 'e', 'bu', `'booking', ${movementBookingJson('b', 'p', 'u')}`),
      params,
      paging: q,
    });
  });

  routes.get('/api/v1/report/movements/payment', { schema: { querystring: paymentQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const terms = q.createdAt ? instantInDays('pay.created_at', q.createdAt, params, app.timeZone) : [];
    if (q.isForLodging !== undefined) terms.push(`pay.is_for_lodging = $${params.push(q.isForLodging)}`);
    if (q.type?.length) terms.push(`pay.type = ANY($${params.push(q.type)}::text[])`);
    if (q.paymentMethod?.length) terms.push(`pay.payment_method = ANY($${params.push(q.paymentMethod)}::text[])`);
    if (q.employee?.length) terms.push(`pay.employee_id = ANY($${params.push(q.employee)}::int[])`);
    const where = movementBookingWhere(q, 'pay', params, app.timeZone, terms);
    return pagedAnswer(reply, app.db, {
      from: `payments pay LEFT JOIN bookings b ON b.id = pay.booking_id
        LEFT JOIN places p ON p.id = b.place_id LEFT JOIN clients u ON u.id = b.user_id
        LEFT JOIN employees e ON e.id = pay.employee_id`,
      where,
      order: orderBy(paymentSortColumns, q, 'pay.created_at DESC', 'pay.id'),
      key: 'pay.id',
      rowJson: `json_build_object(
        '_id', pay.id, 'booking', ${movementBookingJson('b', 'p', 'u')}, 'authorization', pay."authorization",
        'isForLodging', pay.is_for_lodging, 'type', pay.type, 'paymentMethod', pay.payment_method,
        'amount', pay.amount,
        'split', CASE WHEN pay.split_amount IS NULL THEN NULL
                      ELSE json_build_object('amount', pay.split_amount, 'boucher', pay.split_boucher) END,
        'employee', ${employeeJson('e')}, 'createdAt', pay.created_at)`,
      params,
      paging: q,
    });
  });

  routes.get('/api/v1/placereservation/place/detail', { schema: { querystring: calendarQuery } }, async (request, reply) => {
    const { dateStart, dateEnd } = request.query;
    // Events overlapping the days ($3's zone) from dateStart to dateEnd; reservations on every date they recur.
    const overlaps = (t: string) => `${t}.date_start < ${dayAfterSql('$2', '$3')} AND ${t}.date_end >= ${dayStartSql('$1', '$3')}`;
    const occurrences = spaceOccurrences('$1', '$2', '$3');
    const [row] = await app.db.query<{ events: string; spaces: string }>(
      `SELECT
         (SELECT coalesce(json_agg(json_build_object(
              '_id', ev.id, 'title', ev.title, 'place', CASE WHEN p.id IS NULL THEN NULL
                ELSE json_build_object('_id', p.id, 'name', p.name) END,
              'dateStart', ev.date_start, 'dateEnd', ev.date_end, 'description', ev.description, 'price', ev.price)
              ORDER BY ev.date_start, ev.id), '[]'::json)
            FROM events ev LEFT JOIN places p ON p.id = ev.place_id WHERE ${overlaps('ev')})::text AS events,
         (SELECT coalesce(json_agg(json_build_object(
              '_id', sr.id, 'occurrence', k.n, 'place', json_build_object('_id', p.id, 'name', p.name), 'user', ${clientJson('u')},
              'dateStart', o.start, 'dateEnd', o."end", 'recurrence', sr.recurrence, 'recurrenceUntil', sr.recurrence_until)
              ORDER BY o.start, sr.id), '[]'::json)
            FROM ${occurrences.from} JOIN places p ON p.id = sr.place_id LEFT JOIN clients u ON u.id = sr.user_id
            ${occurrences.where})::text AS spaces`,
      [dateStart, dateEnd, app.timeZone],
    );
    // Both sent as the database wrote them (jsonText.ts): a month of a large calendar is hundreds of kilobytes.
    return jsonAnswer(reply, { events: new JsonText(row?.events ?? '[]'), spaces: new JsonText(row?.spaces ?? '[]') });
  });

  routes.get(
    '/api/v1/placereservation/table/movements-table',
    { schema: { querystring: reservationQuery } },
    async (request, reply) => {
      const q = request.query;
      const params: unknown[] = [];
      const terms = q.createdAt ? instantInDays('sr.created_at', q.createdAt, params, app.timeZone) : [];
      if (q.place?.length) terms.push(`sr.place_id = ANY($${params.push(q.place)}::int[])`);
      return pagedAnswer(reply, app.db, {
        from: `space_reservations sr JOIN places p ON p.id = sr.place_id LEFT JOIN clients u ON u.id = sr.user_id`,
        where: whereSql(terms),
        order: orderBy(reservationSortColumns, q, 'sr.created_at DESC', 'sr.id'),
        key: 'sr.id',
        rowJson: `json_build_object(
          '_id', sr.id, 'place', json_build_object('_id', p.id, 'name', p.name), 'user', ${clientJson('u')},
          'reservation', json_build_object('dateStart', sr.date_start, 'dateEnd', sr.date_end, 'recurrence', sr.recurrence),
          'subtotal', sr.subtotal, 'total', sr.total, 'by_client_app', sr.by_client_app, 'createdAt', sr.created_at)`,
        params,
        paging: q,
      });
    },
  );

  routes.get('/api/v1/event/list', { schema: { querystring: eventListQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const where = q.search ? `WHERE ${matchesKeyword(searchText('ev.title'), q.search, params)}` : '';
    return pagedAnswer(reply, app.db, {
      from: 'events ev',
      where,
      order: 'ORDER BY ev.date_start DESC, ev.id',
      key: 'ev.id',
      rowJson: `json_build_object('_id', ev.id, 'title', ev.title, 'dateStart', ev.date_start, 'dateEnd', ev.date_end)`,
      params,
      paging: q,
    });
  });

  routes.get('/api/v1/event/qr/movements-table', { schema: { querystring: ticketQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const terms = q.createdAt ? instantInDays('tk.created_at', q.createdAt, params, app.timeZone) : [];
    if (q.event?.length) terms.push(`tk.event_id = ANY($${params.push(q.event)}::int[])`);
    return pagedAnswer(reply, app.db, {
      // event_id is a NOT NULL foreign key: a left join lets the count and the page's keys leave events unread.
      from: `event_tickets tk LEFT JOIN events ev ON ev.id = tk.event_id LEFT JOIN clients u ON u.id = tk.user_id`,
      where: whereSql(terms),
      order: orderBy(ticketSortColumns, q, 'tk.created_at DESC', 'tk.id'),
      key: 'tk.id',
      rowJson: `json_build_object(
        '_id', tk.id, 'createdAt', tk.created_at, 'subtotal', tk.subtotal, 'total', tk.total,
        'by_client_app', tk.by_client_app,
        'event_QR', json_build_object('eventId', ev.id, 'eventTitle', ev.title, 'eventDate', ev.date_start, 'count', tk.count, 'user', ${clientJson('u')}),
        'reason_cancellation', tk.reason_cancellation)`,
      params,
      paging: q,
    });
  });
}
