-- E-mail subscriptions (issue 40 §1): a screen's saved state sent on a schedule to its creator and the employees
-- he names. Sends are jobs on a table of our own, claimed with FOR UPDATE SKIP LOCKED (docs/operations.md).
CREATE TABLE subscriptions (
  id           integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  employee_id  integer NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
  report_id    text NOT NULL CHECK (report_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(report_id) <= 100),
  path         text NOT NULL CHECK (path ~ '^/' AND length(path) <= 200),
  -- Table blocks as the export names them ('0', '1-0-2').
  blocks       text[] NOT NULL CHECK (cardinality(blocks) BETWEEN 1 AND 20),
  -- The screen's URL state, as a saved view's: { filters: [[k, v]…], params: [[k, v]…] }.
  state        jsonb NOT NULL CHECK (jsonb_typeof(state) = 'object'),
  -- Date filters whose value was a preset on the day the subscription was made ({ "period": "currentMonth" }):
  -- resolved again against the day each mail is sent.
  presets      jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(presets) = 'object'),
  view_id      integer REFERENCES saved_views (id) ON DELETE SET NULL,
  frequency    text NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  -- ISO weekdays, 1 = Monday … 7 = Sunday (weekly).
  weekdays     smallint[] NOT NULL DEFAULT '{}',
  month_day    smallint CHECK (month_day BETWEEN 1 AND 31),
  -- An hour of the operator's time zone.
  hour         smallint NOT NULL CHECK (hour BETWEEN 0 AND 23),
  format       text NOT NULL CHECK (format IN ('xlsx', 'csv')),
  skip_empty   boolean NOT NULL DEFAULT false,
  paused       boolean NOT NULL DEFAULT false,
  next_send_at timestamptz NOT NULL,
  last_sent_at timestamptz,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (frequency <> 'weekly' OR cardinality(weekdays) > 0),
  CHECK (frequency <> 'monthly' OR month_day IS NOT NULL)
);
CREATE INDEX subscriptions_employee ON subscriptions (employee_id);
CREATE INDEX subscriptions_due ON subscriptions (next_send_at) WHERE NOT paused;

-- Whom each one is sent to besides its creator.
CREATE TABLE subscription_recipients (
  subscription_id integer NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  employee_id     integer NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
  PRIMARY KEY (subscription_id, employee_id)
);
CREATE INDEX subscription_recipients_employee ON subscription_recipients (employee_id);

-- One send: a subscription at one due instant (unique, so that two instances turning the same due subscription into
-- a job make one). A worker takes a pending job whose lease is free or ran out, and holds it for a lease; the
-- employees mailed so far are kept, so that a job taken again after an instance died mails only the others.
CREATE TABLE subscription_jobs (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  due_at          timestamptz NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'skipped', 'failed', 'cancelled')),
  attempts        integer NOT NULL DEFAULT 0,
  locked_by       text,
  locked_until    timestamptz,
  sent_to         integer[] NOT NULL DEFAULT '{}',
  finished_at     timestamptz,
  error           text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (subscription_id, due_at)
);
CREATE INDEX subscription_jobs_pending ON subscription_jobs (due_at) WHERE status = 'pending';
