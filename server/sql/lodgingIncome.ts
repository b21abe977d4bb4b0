import { occupyingStatuses } from './bookingFilters.ts';
import { byKeySql } from './byKey.ts';

/**
 * The one definition of lodging income, shared by collection, commercial, forecast (and equal to the
 * occupancy report's monthly `total`):
 *
 * - an occupying booking has status confirmed, checked_in or checked_out and is not virtual;
 * - the lodging income of a period = Σ booking_rates.total_rate of occupying bookings whose night
 *   (rate date) falls in the period; one rate row is one room-night.
 */

const occupyingList = occupyingStatuses.map((s) => `'${s}'`).join(', ');

/** True when booking `b` occupies its room (counts as sold). Aliases are code, never input. */
export const occupyingSql = (b: string) => `(${b}.status IN (${occupyingList}) AND NOT ${b}.is_virtual)`;

/** True when rate row `r` is a night of the period whose first and last nights are the SQL refs `from`, `to`. */
export const nightInPeriodSql = (r: string, from: string, to: string) => `${r}.date BETWEEN ${from}::date AND ${to}::date`;

/** `LATERAL (…)`: booking `id` (an SQL ref of the outer row) by its primary key, with `columns` on `k`, when occupying (byKeySql). */
export const occupyingBookingSql = (id: string, columns = 'k.place_id') => byKeySql('bookings', id, columns, occupyingSql('k'));

/**
 * A subquery of the nights that make the lodging income of a period, one row per room-night:
 * booking_id, place_id, date, total_rate. `from` and `to` are SQL refs ($n) of the first and last night.
 * Driven by the period: the bookings of its rates (booking_rates_date_idx, covering), each read once by its key, then
 * their rates of the period; never a hash of every booking of the history.
 */
export const lodgingNightsSql = (from: string, to: string) => `
  SELECT ln_r.booking_id, ob.place_id, ln_r.date, ln_r.total_rate
    FROM (SELECT DISTINCT ln_d.booking_id FROM booking_rates ln_d WHERE ${nightInPeriodSql('ln_d', from, to)}) ln_i
   CROSS JOIN ${occupyingBookingSql('ln_i.booking_id')} ob
    JOIN booking_rates ln_r ON ln_r.booking_id = ln_i.booking_id AND ${nightInPeriodSql('ln_r', from, to)}`;

/**
 * A subquery of the lodging income of a period per booking and `key` (an SQL expression of rate row `r`: its month,
 * its date; one group per booking without it): booking_id, place_id, key, nights, total. The period's rates are
 * summed per booking and key first (booking_rates_date_idx, covering), then each group's booking is read by its key:
 * the same nights as lodgingNightsSql, in one pass over the rates.
 */
export const lodgingSumsSql = (from: string, to: string, key = 'NULL::int') => `
  SELECT ls.booking_id, ob.place_id, ls.key, ls.nights, ls.total
    FROM (SELECT r.booking_id, ${key} AS key, count(*) AS nights, sum(r.total_rate) AS total
            FROM booking_rates r WHERE ${nightInPeriodSql('r', from, to)} GROUP BY 1, 2) ls
   CROSS JOIN ${occupyingBookingSql('ls.booking_id')} ob`;

/**
 * A subquery of each booking's nights in the period, from the rates alone: booking_id, nights, total. Joined to
 * bookings `b` with occupyingSql('b') kept, it gives the lodging income of the period per booking: the same nights
 * as lodgingNightsSql, summed before the join, so that only the bookings with nights in the period are joined
 * (commercial on `large`: about 2,900 booking ids against a hash of the 90,000 occupying bookings).
 */
export const periodRateSumsSql = (from: string, to: string) => `
  SELECT rs_r.booking_id, count(*) AS nights, sum(rs_r.total_rate) AS total
    FROM booking_rates rs_r
   WHERE ${nightInPeriodSql('rs_r', from, to)}
   GROUP BY rs_r.booking_id`;

/**
 * `LATERAL (…)`: booking `b`'s nights in the period from its own rates (the rates' primary key, booking then date):
 * nights, total; no row when it has none. With the period's occupying bookings of one room (Comercial's place=<id>:
 * the room's bookings whose span of nights meets the period, from booking_nights), it gives that room's lodging income of the period
 * per booking, the same rows as periodRateSumsSql keeps for it, without summing every booking's rates of the period.
 */
export const bookingRateSumsSql = (b: string, from: string, to: string) => `
  LATERAL (SELECT count(*) AS nights, sum(br_r.total_rate) AS total
             FROM booking_rates br_r
            WHERE br_r.booking_id = ${b}.id AND ${nightInPeriodSql('br_r', from, to)}
           HAVING count(*) > 0)`;
