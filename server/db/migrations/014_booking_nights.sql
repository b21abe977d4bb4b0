-- Each booking's first and last rate night beside its room (issue 41 §1): Comercial's place=<id> finds the room's
-- bookings with nights in a period by an index, in proportion to the room's period, instead of testing every booking of
-- the hotel's period for the room. Its stay dates (date_start, date_end) cannot serve: nothing ties them to its rates.
-- A row per booking that has rates; kept by the triggers below (ENABLE ALWAYS, as 013's: they fire also under
-- session_replication_role = replica, the demo loader's bulk mode and logical replication's apply). A table of its own,
-- not columns of bookings: routes answer bookings' rows (k.*, row JSON) as they are.
CREATE TABLE booking_nights (
  booking_id  integer PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  place_id    integer NOT NULL,
  first_night date NOT NULL,
  last_night  date NOT NULL
);

INSERT INTO booking_nights (booking_id, place_id, first_night, last_night)
SELECT r.booking_id, b.place_id, min(r.date), max(r.date)
  FROM booking_rates r JOIN bookings b ON b.id = r.booking_id
 GROUP BY r.booking_id, b.place_id;

-- A room's bookings whose last night is on or after the period's first (index-only: the first night and the booking
-- are in the index). The walk is bounded by the room and the period's start: it reads the room's bookings from the
-- period on, never the room's history before it (the later ones it reads are filtered by their first night).
CREATE INDEX booking_nights_place_idx ON booking_nights (place_id, last_night) INCLUDE (first_night, booking_id);

-- booking_rates: inserted nights widen the booking's span; updated (a night's date or booking moved) and deleted nights
-- recompute the spans of the bookings they touched, and a booking left without nights loses its row. Statement-level
-- with transition tables: a bulk load (the demo data) calls it once per statement.
CREATE FUNCTION booking_nights_from_rates() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- The booking's room read FOR SHARE: a concurrent change of its room (booking_nights_room) either commits first and
    -- is read here, or waits for this transaction and then finds the row written here.
    INSERT INTO booking_nights AS bn (booking_id, place_id, first_night, last_night)
    SELECT n.booking_id, b.place_id, n.first_night, n.last_night
      FROM (SELECT booking_id, min(date) AS first_night, max(date) AS last_night FROM new_rates GROUP BY booking_id) n
     CROSS JOIN LATERAL (SELECT k.place_id FROM bookings k WHERE k.id = n.booking_id FOR SHARE) b
     ORDER BY n.booking_id
        ON CONFLICT (booking_id) DO UPDATE
       SET first_night = least(bn.first_night, excluded.first_night), last_night = greatest(bn.last_night, excluded.last_night);
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only the bookings whose nights moved: an update of a night's price or closed flag changes no span.
    ids := ARRAY(SELECT booking_id FROM ((SELECT booking_id, date FROM old_rates EXCEPT SELECT booking_id, date FROM new_rates)
                                         UNION (SELECT booking_id, date FROM new_rates EXCEPT SELECT booking_id, date FROM old_rates)) m
                 GROUP BY booking_id ORDER BY booking_id);
  ELSE
    ids := ARRAY(SELECT DISTINCT booking_id FROM old_rates ORDER BY booking_id);
  END IF;
  IF cardinality(ids) = 0 THEN
    RETURN NULL;
  END IF;
  -- First the touched bookings' rows are locked (or made, widened by the nights this transaction sees), so that a
  -- concurrent writer of the same bookings' nights has committed before the exact spans are read, by the next
  -- statements (each its own snapshot, under READ COMMITTED).
  PERFORM FROM booking_nights WHERE booking_id = ANY (ids) ORDER BY booking_id FOR UPDATE;
  INSERT INTO booking_nights AS bn (booking_id, place_id, first_night, last_night)
  SELECT s.booking_id, b.place_id, s.first_night, s.last_night
    FROM (SELECT booking_id, min(date) AS first_night, max(date) AS last_night
            FROM booking_rates WHERE booking_id = ANY (ids) GROUP BY booking_id) s
   CROSS JOIN LATERAL (SELECT k.place_id FROM bookings k WHERE k.id = s.booking_id FOR SHARE) b
   ORDER BY s.booking_id
      ON CONFLICT (booking_id) DO UPDATE
     SET first_night = least(bn.first_night, excluded.first_night), last_night = greatest(bn.last_night, excluded.last_night);
  UPDATE booking_nights bn SET first_night = s.first_night, last_night = s.last_night
    FROM (SELECT booking_id, min(date) AS first_night, max(date) AS last_night
            FROM booking_rates WHERE booking_id = ANY (ids) GROUP BY booking_id) s
   WHERE bn.booking_id = s.booking_id AND (bn.first_night, bn.last_night) IS DISTINCT FROM (s.first_night, s.last_night);
  DELETE FROM booking_nights bn
   WHERE bn.booking_id = ANY (ids) AND NOT EXISTS (SELECT 1 FROM booking_rates r WHERE r.booking_id = bn.booking_id);
  RETURN NULL;
END
$$;

CREATE TRIGGER booking_nights_rates_insert AFTER INSERT ON booking_rates
  REFERENCING NEW TABLE AS new_rates FOR EACH STATEMENT EXECUTE FUNCTION booking_nights_from_rates();
CREATE TRIGGER booking_nights_rates_update AFTER UPDATE ON booking_rates
  REFERENCING OLD TABLE AS old_rates NEW TABLE AS new_rates FOR EACH STATEMENT EXECUTE FUNCTION booking_nights_from_rates();
CREATE TRIGGER booking_nights_rates_delete AFTER DELETE ON booking_rates
  REFERENCING OLD TABLE AS old_rates FOR EACH STATEMENT EXECUTE FUNCTION booking_nights_from_rates();

CREATE FUNCTION booking_nights_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM booking_nights;
  RETURN NULL;
END
$$;
CREATE TRIGGER booking_nights_rates_truncate AFTER TRUNCATE ON booking_rates
  FOR EACH STATEMENT EXECUTE FUNCTION booking_nights_truncate();

-- bookings: a booking moved to another room takes its span along. Row-level with WHEN, since a trigger naming its
-- columns (UPDATE OF place_id) cannot have transition tables: no call at all for the updates that keep the room. A new
-- booking has no nights yet (its rates reference it), so its insert adds nothing here.
CREATE FUNCTION booking_nights_room() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_nights SET place_id = NEW.place_id WHERE booking_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER booking_nights_room AFTER UPDATE OF place_id ON bookings
  FOR EACH ROW WHEN (OLD.place_id IS DISTINCT FROM NEW.place_id) EXECUTE FUNCTION booking_nights_room();

ALTER TABLE booking_rates ENABLE ALWAYS TRIGGER booking_nights_rates_insert;
ALTER TABLE booking_rates ENABLE ALWAYS TRIGGER booking_nights_rates_update;
ALTER TABLE booking_rates ENABLE ALWAYS TRIGGER booking_nights_rates_delete;
ALTER TABLE booking_rates ENABLE ALWAYS TRIGGER booking_nights_rates_truncate;
ALTER TABLE bookings ENABLE ALWAYS TRIGGER booking_nights_room;
