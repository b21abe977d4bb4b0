-- Versions of the data that cached answers were computed from (server/http/versionedCache.ts, issue 41 §2). Every
-- statement that writes one of these tables adds 1 to a version of it; an answer cached under the versions it read is
-- answered again only while they have not moved. The row bumped is the writing backend's own (table, process id):
-- concurrent writers never wait on each other's version row, so the triggers add no lock waits nor deadlocks between
-- writers that touch different rows; the table's version is the sum of its rows, which moves when a writing
-- transaction commits (and is seen with the data, on the primary and on every replica), never before.
-- Statement-level triggers: a bulk load (the demo data, COPY) bumps once per statement, not per row.
-- ENABLE ALWAYS: they fire also for writes replayed by logical replication (session_replication_role = replica).
CREATE TABLE data_versions (
  table_name text NOT NULL,
  backend    integer NOT NULL,
  version    bigint NOT NULL,
  PRIMARY KEY (table_name, backend)
);

CREATE FUNCTION bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions AS v (table_name, backend, version) VALUES (TG_TABLE_NAME, pg_backend_pid(), 1)
    ON CONFLICT (table_name, backend) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t text;
BEGIN
  -- The tables the cached answers read: occupancy, KPIs and pace (places, bookings, booking_rates) and the
  -- housekeeping calendar (tasks and what it names). A route cached later adds its tables here in a migration.
  FOREACH t IN ARRAY ARRAY['places', 'bookings', 'booking_rates', 'tasks', 'task_transactions', 'areas',
                           'task_options', 'employees'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()', t || '_data_version', t);
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', t, t || '_data_version');
  END LOOP;
END
$$;
