-- Saved views: a screen's view (its URL state: filters, sort, page size, search, tab) under a
-- name, kept by an employee for themselves or shared with everyone. `path` is the screen's route
-- (a definition may sit at several routes); `state` is { filters: [[key, value]...], params: [...] }.
CREATE TABLE saved_views (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  employee_id integer NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
  report_id   text NOT NULL CHECK (report_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(report_id) <= 100),
  path        text NOT NULL CHECK (path ~ '^/' AND length(path) <= 200),
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 80 AND name = btrim(name)),
  shared      boolean NOT NULL DEFAULT false,
  state       jsonb NOT NULL CHECK (jsonb_typeof(state) = 'object'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- One name per employee and screen, whatever its case.
CREATE UNIQUE INDEX saved_views_owner_path_name ON saved_views (employee_id, path, lower(name));
CREATE INDEX saved_views_shared_path ON saved_views (path) WHERE shared;
