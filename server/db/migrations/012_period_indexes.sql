-- A month's calendar and lists read in proportion to the month, not to the history (issue 41 §1).
--
-- Events overlapping a period: date_start before its end and date_end on or after its start. The date_start index
-- walked every event since the first; date_end bounds the walk to the period and what comes after it.
CREATE INDEX events_date_end_idx ON events (date_end);

-- Space reservations occurring in a period (spaceOccurrences.ts): one that does not recur ends on or after the
-- period's start (date_end); a recurring series can still occur there while its last occurrence, starting on
-- recurrence_until, ends after it: that end as a wall-clock timestamp (immutable, unlike a day of the operator's
-- zone), infinity for a series without end. The calendar asks both with a margin of two days for the zone.
CREATE INDEX space_reservations_date_end_idx ON space_reservations (date_end);
CREATE INDEX space_reservations_series_end_idx ON space_reservations
  ((coalesce(recurrence_until + (date_end - date_start), 'infinity'::timestamp)))
  WHERE recurrence IN ('semanal', 'mensual');
