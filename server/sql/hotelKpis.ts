import { occupyingStatuses } from './bookingFilters.ts';
import { byKeySql } from './byKey.ts';
import { lodgingSumsSql, nightInPeriodSql, occupyingSql } from './lodgingIncome.ts';
import type { Period } from './period.ts';

/**
 * The hospitality KPIs of a period and the pace of the months ahead, on the shared definitions of
 * lodging income (server/sql/lodgingIncome.ts) and of the occupancy report:
 *
 * - room-nights sold = rate rows (nights) of occupying bookings in the period; room revenue = Σ their rates;
 * - rooms = places that are not spaces and not deleted (today's rooms: the data keeps no history of rooms);
 * - room-nights available = rooms × nights of the period;
 * - occupancy % = sold / available × 100; ADR = revenue / sold; RevPAR = revenue / available (2 decimals,
 *   ADR null when nothing was sold, occupancy 0 and RevPAR null when there are no rooms);
 * - a difference is current − last year of the rounded figures, and its % of last year's (null when
 *   last year's is null or 0).
 */

const statusList = (statuses: readonly string[]) => statuses.map((s) => `'${s}'`).join(', ');
/** Statuses a booking may have reached after the cut while it was on the books at the cut. */
const heldThenStatuses = statusList([...occupyingStatuses, 'canceled', 'no_show']);
const occupyingList = statusList(occupyingStatuses);

/**
 * True when booking `b` was on the books at the instant `cut` (an SQL ref, timestamptz; exclusive):
 * created before it, not virtual, and occupying then. The data keeps a booking's current status and the
 * time of its last change (`updated_at`), not its history: when nothing changed since the cut, the status
 * then is the current one; when something did, a booking now occupying, canceled or no-show is taken as
 * held at the cut (its cancellation, no-show or check-in came later) and one now in progress or not
 * confirmed as tentative then too. At today's cut this is exactly the occupying definition.
 */
export const onTheBooksSql = (b: string, cut: string) => `(NOT ${b}.is_virtual AND ${b}.created_at < ${cut}
  AND CASE WHEN ${b}.updated_at < ${cut} THEN ${b}.status IN (${occupyingList})
           ELSE ${b}.status IN (${heldThenStatuses}) END)`;

/** The figures of one period: `sold` and `revenue` from the lodging nights, `rooms` and `days` given. */
const periodFiguresSql = (from: string, to: string) => `(
  SELECT coalesce(sum(n.nights), 0)::bigint AS sold, coalesce(sum(n.total), 0) AS revenue,
         (SELECT count(*) FROM places WHERE NOT is_space AND NOT deleted) AS rooms,
         ${to}::date - ${from}::date + 1 AS days
    FROM (${lodgingSumsSql(from, to)}) n)`;

/** The KPI object of a period's figures `f`, numbers rounded to 2 decimals. */
const kpiJson = (f: string) => `json_build_object(
  'roomNightsSold', ${f}.sold, 'roomRevenue', ${f}.revenue, 'rooms', ${f}.rooms,
  'roomNightsAvailable', ${f}.rooms * ${f}.days,
  'occupancy', ${f}.occupancy, 'adr', ${f}.adr, 'revpar', ${f}.revpar)`;

const ratiosSql = (f: string) => `${f}.*,
  CASE WHEN ${f}.rooms = 0 THEN 0 ELSE round(${f}.sold * 100.0 / (${f}.rooms * ${f}.days), 2) END AS occupancy,
  CASE WHEN ${f}.sold = 0 THEN NULL ELSE round(${f}.revenue / ${f}.sold, 2) END AS adr,
  CASE WHEN ${f}.rooms = 0 THEN NULL ELSE round(${f}.revenue / (${f}.rooms * ${f}.days), 2) END AS revpar`;

/** The change of `now` against `before` as % of `before` (SQL expressions, maybe null); null when `before` is 0. */
const percentChangeSql = (now: string, before: string) =>
  `CASE WHEN ${before} = 0 THEN NULL ELSE round((${now} - ${before}) * 100.0 / ${before}, 2) END`;

/** `{ absolute, percent }` of `now` against `before` (SQL expressions of rounded numbers, maybe null). */
const differenceJson = (now: string, before: string) =>
  `json_build_object('absolute', ${now} - ${before}, 'percent', ${percentChangeSql(now, before)})`;

/**
 * One statement answering `{ period, lastYearPeriod, current, lastYear, difference }` for the period whose
 * first and last nights are $1 and $2; last year's is the same nights a year earlier (29 February → 28).
 */
export const periodKpisSql = `
  WITH ly AS (SELECT ($1::date - interval '1 year')::date AS from_day, ($2::date - interval '1 year')::date AS to_day),
  cur AS (SELECT ${ratiosSql('f')} FROM ${periodFiguresSql('$1', '$2')} f),
  prev AS (SELECT ${ratiosSql('f')} FROM ly, LATERAL ${periodFiguresSql('ly.from_day', 'ly.to_day')} f)
  SELECT json_build_object(
    'period', json_build_object('from', $1::date, 'to', $2::date),
    'lastYearPeriod', json_build_object('from', ly.from_day, 'to', ly.to_day),
    'current', ${kpiJson('cur')},
    'lastYear', ${kpiJson('prev')},
    'difference', json_build_object(
      'occupancy', ${differenceJson('cur.occupancy', 'prev.occupancy')},
      'adr', ${differenceJson('cur.adr', 'prev.adr')},
      'revpar', ${differenceJson('cur.revpar', 'prev.revpar')})) AS data
    FROM ly, cur, prev`;

/** The longest pace asked for: a year ahead, so this year's months never overlap last year's. */
export const maxPaceMonths = 12;

/**
 * The pace of the `$2` months from the month of `$1` (today): per month, the room-nights and room revenue on
 * the books at the end of today (the end of the day in the operator's zone, `$3`), against those on the books at the end of the same day last year for the
 * same month last year, and what that month finally sold last year (its lodging nights). One pass over the
 * nights of both windows (the booking_rates date index).
 */
export const paceSql = `
  WITH asof AS (
    SELECT $1::date AS today, ($1::date - interval '1 year')::date AS ly_today,
           date_trunc('month', $1::date)::date AS first_month),
  cuts AS (
    SELECT today, ly_today, first_month,
           (first_month + make_interval(months => $2::int))::date - 1 AS last_night,
           (today + 1)::timestamp AT TIME ZONE $3::text AS cut,
           (ly_today + 1)::timestamp AT TIME ZONE $3::text AS ly_cut
      FROM asof),
  months AS (
    SELECT (c.first_month + make_interval(months => k))::date AS month,
           (c.first_month + make_interval(months => k - 12))::date AS ly_month
      FROM cuts c, generate_series(0, $2::int - 1) AS k),
  -- The nights of both windows summed per booking and month, then each booking read once by its key (not a hash of
  -- every booking of the history).
  rates AS (
    SELECT r.booking_id, date_trunc('month', r.date::timestamp)::date AS month, count(*) AS n, sum(r.total_rate) AS total
      FROM cuts c
      JOIN booking_rates r
        ON ${nightInPeriodSql('r', 'c.first_month', 'c.last_night')}
        OR ${nightInPeriodSql('r', `(c.first_month - interval '1 year')`, `(c.last_night - interval '1 year')`)}
     GROUP BY 1, 2),
  nights AS (
    SELECT g.month, g.n, g.total,
           CASE WHEN g.month >= c.first_month THEN ${onTheBooksSql('b', 'c.cut')}
                ELSE ${onTheBooksSql('b', 'c.ly_cut')} END AS on_books,
           ${occupyingSql('b')} AS sold
      FROM cuts c, rates g
     CROSS JOIN ${byKeySql('bookings', 'g.booking_id', 'k.status, k.is_virtual, k.created_at, k.updated_at', 'NOT k.is_virtual')} b),
  by_month AS (
    SELECT month, coalesce(sum(n) FILTER (WHERE on_books), 0)::bigint AS nights, coalesce(sum(total) FILTER (WHERE on_books), 0) AS revenue,
           coalesce(sum(n) FILTER (WHERE sold), 0)::bigint AS final_nights, coalesce(sum(total) FILTER (WHERE sold), 0) AS final_revenue
      FROM nights GROUP BY month),
  rows AS (
    SELECT m.month, m.ly_month,
           coalesce(t.nights, 0) AS nights, coalesce(t.revenue, 0) AS revenue,
           coalesce(l.nights, 0) AS ly_nights, coalesce(l.revenue, 0) AS ly_revenue,
           coalesce(l.final_nights, 0) AS ly_final_nights, coalesce(l.final_revenue, 0) AS ly_final_revenue
      FROM months m
      LEFT JOIN by_month t ON t.month = m.month
      LEFT JOIN by_month l ON l.month = m.ly_month)
  SELECT json_build_object(
    'asOf', c.today, 'lastYearAsOf', c.ly_today,
    'data', coalesce((SELECT json_agg(json_build_object(
        'month', rows.month, 'lastYearMonth', rows.ly_month,
        'roomNights', rows.nights, 'lastYearRoomNights', rows.ly_nights,
        'roomNightsDifference', rows.nights - rows.ly_nights,
        'roomNightsDifferencePercent', ${percentChangeSql('rows.nights', 'rows.ly_nights')},
        'roomRevenue', rows.revenue, 'lastYearRoomRevenue', rows.ly_revenue,
        'roomRevenueDifference', rows.revenue - rows.ly_revenue,
        'roomRevenueDifferencePercent', ${percentChangeSql('rows.revenue', 'rows.ly_revenue')},
        'lastYearFinalRoomNights', rows.ly_final_nights, 'lastYearFinalRoomRevenue', rows.ly_final_revenue)
      ORDER BY rows.month) FROM rows), '[]'::json)) AS answer
    FROM cuts c`;

/** The period a named period of the KPI route stands for, on `today`. */
export function namedPeriod(name: 'today' | 'monthToDate' | 'yearToDate', today: string): Period {
  if (name === 'today') return { from: today, to: today };
  return { from: name === 'monthToDate' ? `${today.slice(0, 7)}-01` : `${today.slice(0, 4)}-01-01`, to: today };
}
