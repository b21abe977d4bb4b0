-- A month's calendar and lists read in proportion to the month, not to the history (issue 41 §1).
--
-- Events overlapping a period: date_start before its end and date_end on or after its start. The date_start index
-- walked every event since the first; date_end bounds the walk to the period and what comes after it.
CREATE INDEX events_date_end_idx ON events (date_end);

-- Space reservations occurring in a period (spaceOccurrences.ts): the last instant a reservation can occupy, as a UTC
-- wall-clock timestamp (immutable, unlike a day of the operator's zone): its end when it does not recur; for a
-- weekly or monthly series, the end of an occurrence starting on its last day (recurrence_until, a UTC day), infinity
-- for a series without end. The calendar reads those reaching the period's start, with two days of margin for the
-- zone, in one index scan (two scans appended made PostgreSQL plan parallel workers for 200 rows).
CREATE INDEX space_reservations_reach_idx ON space_reservations ((
  CASE WHEN recurrence IN ('semanal', 'mensual')
       THEN coalesce(recurrence_until + 1 + (date_end - date_start), 'infinity'::timestamp)
       ELSE date_end AT TIME ZONE 'UTC' END));
