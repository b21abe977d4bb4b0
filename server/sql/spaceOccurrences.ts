import { dayAfterSql, dayStartSql } from './dayRange.ts';

/**
 * The occurrences of space reservations on a range of days of the operator's zone. A reservation whose
 * recurrence is `semanal` or `mensual` repeats its first occurrence (date_start to date_end, same length)
 * every 7 days or every calendar month (on the operator's wall clock; a 31st falls on the month's last day),
 * starting on or before `recurrence_until` (no end when NULL); any other recurrence occurs once.
 */

/**
 * FROM and WHERE of every occurrence overlapping the days `from`..`to` of the zone `zone` (parameter
 * placeholders, e.g. `$1`, `$2`, `$3`): rows `sr` (the reservation), `k.n` (0 for the first occurrence) and
 * `o` (its `start` and `"end"`). Joins to `sr` may be added between the two.
 */
export function spaceOccurrences(from: string, to: string, zone: string): { from: string; where: string } {
  const dayStart = (day: string) => dayStartSql(day, zone);
  const dayAfter = (day: string) => dayAfterSql(day, zone);
  const recurring = `sr.recurrence IN ('semanal', 'mensual')`;
  // Occurrences start before the range ends and on or before the series' last day.
  const bound = `least(${dayAfter(to)}, coalesce(${dayAfter('sr.recurrence_until')}, 'infinity'::timestamptz))`;
  const local = (t: string) => `(${t} AT TIME ZONE ${zone}::text)`;
  // An upper bound of the occurrence count; those past `bound` are dropped below.
  const lastN = `CASE
      WHEN sr.recurrence = 'semanal' THEN ceil(extract(epoch FROM ${bound} - sr.date_start) / 604800)::int
      WHEN sr.recurrence = 'mensual' THEN ((extract(year FROM ${local(bound)}) - extract(year FROM ${local('sr.date_start')})) * 12
                                          + extract(month FROM ${local(bound)}) - extract(month FROM ${local('sr.date_start')}))::int
      ELSE 0 END`;
  const start = `CASE
      WHEN sr.recurrence = 'semanal' THEN (${local('sr.date_start')} + k.n * interval '7 days') AT TIME ZONE ${zone}::text
      WHEN sr.recurrence = 'mensual' THEN (${local('sr.date_start')} + k.n * interval '1 month') AT TIME ZONE ${zone}::text
      ELSE sr.date_start END`;
  // The reservations that can occur in the range, read by the index of the last instant each can occupy (migration
  // 012: its end, or its series' last occurrence's, as a UTC wall-clock timestamp) from the range's start with two
  // days of margin for the zone, so that a month reads those that reach it, not every reservation before it. The
  // exact test is the WHERE below.
  const reach = `CASE WHEN recurrence IN ('semanal', 'mensual')
       THEN coalesce(recurrence_until + 1 + (date_end - date_start), 'infinity'::timestamp)
       ELSE date_end AT TIME ZONE 'UTC' END`;
  const reaching = `(SELECT * FROM space_reservations
      WHERE date_start < ${dayAfter(to)} AND ${reach} >= (${dayStart(from)} AT TIME ZONE 'UTC') - interval '2 days')`;
  return {
    from: `${reaching} sr
    CROSS JOIN LATERAL generate_series(0, greatest(${lastN}, 0)) AS k(n)
    CROSS JOIN LATERAL (SELECT ${start} AS start) s
    CROSS JOIN LATERAL (SELECT s.start, s.start + (sr.date_end - sr.date_start) AS "end") o`,
    where: `WHERE sr.date_start < ${dayAfter(to)}
     AND CASE WHEN ${recurring}
              THEN coalesce(${dayAfter('sr.recurrence_until')} + (sr.date_end - sr.date_start), 'infinity'::timestamptz)
              ELSE sr.date_end END >= ${dayStart(from)}
     AND o.start < ${bound}
     AND o.start < ${dayAfter(to)} AND o."end" >= ${dayStart(from)}`,
  };
}
