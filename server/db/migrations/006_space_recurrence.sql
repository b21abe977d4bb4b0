-- A weekly (semanal) or monthly (mensual) space reservation repeats its first occurrence
-- (date_start to date_end) every week or month; recurrence_until is the last UTC day an
-- occurrence may start on (NULL: no end). The calendar expands the occurrences in SQL.
ALTER TABLE space_reservations ADD COLUMN recurrence_until date;
ALTER TABLE space_reservations ADD CONSTRAINT space_reservations_until_check
  CHECK (recurrence_until IS NULL OR recurrence_until >= (date_start AT TIME ZONE 'UTC')::date);
