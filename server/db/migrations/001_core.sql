-- Mirador data model: every entity of both spec documents.
-- Amounts are COP in numeric(14,2); calendar days are `date`; instants are timestamptz (UTC).

CREATE TABLE employees (
  id            integer PRIMARY KEY,
  name          text NOT NULL,
  last_name     text NOT NULL,
  email         text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  avatar        text,
  can_see_tips  boolean NOT NULL DEFAULT true,
  active        boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE clients (
  id             integer PRIMARY KEY,
  name           text NOT NULL,
  last_name      text NOT NULL DEFAULT '',
  email          text,
  phone          text,
  birthday       date,
  nationality    text,
  gender         text,
  country        text,
  state          text,
  city           text,
  document_id    text,
  document_type  text,
  zipcode        text,
  address        text,
  address_detail text,
  is_underage    boolean NOT NULL DEFAULT false,
  is_company     boolean NOT NULL DEFAULT false,
  company_name   text,
  master_id      text UNIQUE,
  category       text NOT NULL DEFAULT 'cliente'
                 CHECK (category IN ('cliente', 'empleado', 'socio', 'miembro', 'huesped')),
  deleted        boolean NOT NULL DEFAULT false,
  photo          text,
  avatar         text,
  signature      text,
  extra_data     jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
CREATE INDEX clients_category_idx ON clients (category);
CREATE INDEX clients_search_idx ON clients (lower(name || ' ' || last_name));

CREATE TABLE typologies (
  id     integer PRIMARY KEY,
  name   text NOT NULL UNIQUE,
  photos text[] NOT NULL DEFAULT '{}'
);

-- Rooms (with a typology) and bookable spaces (without one).
CREATE TABLE places (
  id               integer PRIMARY KEY,
  name             text NOT NULL,
  typology_id      integer REFERENCES typologies (id),
  is_space         boolean NOT NULL DEFAULT false,
  status           boolean NOT NULL DEFAULT false,
  with_reservation boolean NOT NULL DEFAULT false,
  deleted          boolean NOT NULL DEFAULT false,
  CHECK (is_space OR typology_id IS NOT NULL)
);
CREATE INDEX places_typology_idx ON places (typology_id);

CREATE TABLE businesses (
  id          integer PRIMARY KEY,
  name        text NOT NULL,
  is_service  boolean NOT NULL DEFAULT false,
  is_business boolean NOT NULL DEFAULT true
);

CREATE TABLE trm (
  date     date PRIMARY KEY,
  value_30 numeric(10, 2) NOT NULL CHECK (value_30 > 0)
);

-- Lodging ---------------------------------------------------------------------------------------

CREATE TABLE bookings (
  id                           integer PRIMARY KEY,
  ref                          text NOT NULL UNIQUE,
  status                       text NOT NULL CHECK (status IN (
                                 'in_progress', 'confirmed', 'not_confirmed', 'canceled',
                                 'checked_in', 'checked_out', 'no_show')),
  date_start                   date NOT NULL,
  date_end                     date NOT NULL,
  created_at                   timestamptz NOT NULL,
  updated_at                   timestamptz NOT NULL,
  way_contact_name             text NOT NULL,
  place_id                     integer NOT NULL REFERENCES places (id),
  user_id                      integer NOT NULL REFERENCES clients (id),
  with_pet                     boolean NOT NULL DEFAULT false,
  is_national                  boolean NOT NULL DEFAULT false,
  with_warranty                boolean NOT NULL DEFAULT false,
  channel_provided_credit_card boolean NOT NULL DEFAULT false,
  is_short_stay                boolean NOT NULL DEFAULT true,
  adults                       integer NOT NULL DEFAULT 1 CHECK (adults >= 0),
  children                     integer NOT NULL DEFAULT 0 CHECK (children >= 0),
  cloud_id                     text,
  sub_cloud_id                 text,
  price_by_month               numeric(14, 2),
  total                        numeric(14, 2) NOT NULL DEFAULT 0,
  is_virtual                   boolean NOT NULL DEFAULT false,
  CHECK (date_end > date_start)
);
CREATE INDEX bookings_date_start_idx ON bookings (date_start);
CREATE INDEX bookings_date_end_idx ON bookings (date_end);
CREATE INDEX bookings_created_at_idx ON bookings (created_at);
CREATE INDEX bookings_status_idx ON bookings (status);
CREATE INDEX bookings_place_idx ON bookings (place_id);
CREATE INDEX bookings_user_idx ON bookings (user_id);

-- One row per night of a booking; `closed` nights have been invoiced.
CREATE TABLE booking_rates (
  booking_id integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  date       date NOT NULL,
  total_rate numeric(14, 2) NOT NULL CHECK (total_rate >= 0),
  closed     boolean NOT NULL DEFAULT false,
  PRIMARY KEY (booking_id, date)
);
CREATE INDEX booking_rates_date_idx ON booking_rates (date);

CREATE TABLE booking_guests (
  id         integer PRIMARY KEY,
  booking_id integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  is_visitor boolean NOT NULL DEFAULT false,
  name       text NOT NULL,
  last_name  text NOT NULL DEFAULT '',
  email      text,
  document   text,
  category   text NOT NULL DEFAULT 'huesped'
);
CREATE INDEX booking_guests_booking_idx ON booking_guests (booking_id);

-- Charges on a booking: lodging invoices and extras.
CREATE TABLE booking_orders (
  id             integer PRIMARY KEY,
  booking_id     integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  name           text NOT NULL,
  invoice        text NOT NULL UNIQUE,
  total          numeric(14, 2) NOT NULL,
  subtotal       numeric(14, 2) NOT NULL,
  discount       numeric(14, 2) NOT NULL DEFAULT 0,
  currency       text NOT NULL DEFAULT 'COP',
  is_secondary   boolean NOT NULL DEFAULT false,
  is_for_lodging boolean NOT NULL DEFAULT false,
  is_virtual     boolean NOT NULL DEFAULT false,
  tip_include    boolean NOT NULL DEFAULT false,
  employee_id    integer REFERENCES employees (id),
  business_id    integer REFERENCES businesses (id),
  created_at     timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL
);
CREATE INDEX booking_orders_booking_idx ON booking_orders (booking_id);
CREATE INDEX booking_orders_created_at_idx ON booking_orders (created_at);

CREATE TABLE booking_order_items (
  id             integer PRIMARY KEY,
  order_id       integer NOT NULL REFERENCES booking_orders (id) ON DELETE CASCADE,
  name           text NOT NULL,
  type_code      text NOT NULL,
  type_percent   numeric(5, 2) NOT NULL DEFAULT 0,
  is_free        boolean NOT NULL DEFAULT false,
  price_subtotal numeric(14, 2) NOT NULL,
  price_total    numeric(14, 2) NOT NULL,
  count          numeric(10, 2) NOT NULL DEFAULT 1,
  count_type     text NOT NULL DEFAULT 'unidad'
);
CREATE INDEX booking_order_items_order_idx ON booking_order_items (order_id);

CREATE TABLE payments (
  id             integer PRIMARY KEY,
  booking_id     integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  "authorization" text,
  is_for_lodging boolean NOT NULL DEFAULT true,
  type           text NOT NULL,
  payment_method text NOT NULL,
  amount         numeric(14, 2) NOT NULL,
  split_amount   numeric(14, 2),
  split_boucher  text,
  employee_id    integer REFERENCES employees (id),
  created_at     timestamptz NOT NULL
);
CREATE INDEX payments_booking_idx ON payments (booking_id);
CREATE INDEX payments_created_at_idx ON payments (created_at);

-- Point of sale ---------------------------------------------------------------------------------

CREATE TABLE pos_products (
  id          integer PRIMARY KEY,
  business_id integer NOT NULL REFERENCES businesses (id),
  name        text NOT NULL,
  price       numeric(14, 2) NOT NULL,
  cost_item   numeric(14, 2) NOT NULL,
  tax_type    text NOT NULL,
  tax_percent numeric(5, 2) NOT NULL
);
CREATE INDEX pos_products_business_idx ON pos_products (business_id);

CREATE TABLE pos_orders (
  id              integer PRIMARY KEY,
  invoice         text NOT NULL UNIQUE,
  business_id     integer NOT NULL REFERENCES businesses (id),
  user_id         integer REFERENCES clients (id),
  booking_id      integer REFERENCES bookings (id),
  employee_id     integer REFERENCES employees (id),
  closed_by_id    integer REFERENCES employees (id),
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  status          text NOT NULL CHECK (status IN ('open', 'inProgress', 'readyToDelivery', 'closed', 'cancelled')),
  subtotal        numeric(14, 2) NOT NULL,
  tax_amount      numeric(14, 2) NOT NULL DEFAULT 0,
  tip_amount      numeric(14, 2) NOT NULL DEFAULT 0,
  discount_amount numeric(14, 2) NOT NULL DEFAULT 0,
  discount_perc   numeric(5, 2) NOT NULL DEFAULT 0,
  coupon          text,
  total           numeric(14, 2) NOT NULL,
  person_order    integer NOT NULL DEFAULT 1,
  note            text,
  method_pay      text,
  method_pay_text text,
  siigo_ref       text,
  by_client_app   boolean NOT NULL DEFAULT false,
  event           boolean NOT NULL DEFAULT false,
  room_service    boolean NOT NULL DEFAULT false,
  cost_center     text
);
CREATE INDEX pos_orders_created_at_idx ON pos_orders (created_at);
CREATE INDEX pos_orders_business_created_idx ON pos_orders (business_id, created_at);
CREATE INDEX pos_orders_user_idx ON pos_orders (user_id);
CREATE INDEX pos_orders_employee_idx ON pos_orders (employee_id);
CREATE INDEX pos_orders_booking_idx ON pos_orders (booking_id);

CREATE TABLE pos_order_lines (
  id          integer PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES pos_orders (id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES pos_products (id),
  qty         integer NOT NULL CHECK (qty > 0),
  cost_item   numeric(14, 2) NOT NULL,
  unit_price  numeric(14, 2) NOT NULL,
  tax         numeric(14, 2) NOT NULL DEFAULT 0,
  extras      numeric(14, 2) NOT NULL DEFAULT 0,
  gift        boolean NOT NULL DEFAULT false,
  note        text,
  discount    numeric(14, 2) NOT NULL DEFAULT 0,
  cost_center text
);
CREATE INDEX pos_order_lines_order_idx ON pos_order_lines (order_id);
CREATE INDEX pos_order_lines_product_idx ON pos_order_lines (product_id);

CREATE TABLE pos_order_history (
  id         integer PRIMARY KEY,
  order_id   integer NOT NULL REFERENCES pos_orders (id) ON DELETE CASCADE,
  status     text NOT NULL CHECK (status IN ('open', 'inProgress', 'readyToDelivery', 'closed', 'cancelled')),
  updated_at timestamptz NOT NULL
);
CREATE INDEX pos_order_history_order_idx ON pos_order_history (order_id, status);

-- Services, tips, reviews ------------------------------------------------------------------------

CREATE TABLE services (
  id          integer PRIMARY KEY,
  name        text NOT NULL,
  business_id integer REFERENCES businesses (id)
);

CREATE TABLE service_orders (
  id              integer PRIMARY KEY,
  invoice         text NOT NULL UNIQUE,
  service_id      integer NOT NULL REFERENCES services (id),
  user_id         integer REFERENCES clients (id),
  booking_id      integer REFERENCES bookings (id),
  employee_id     integer REFERENCES employees (id),
  subtotal        numeric(14, 2) NOT NULL,
  tax_amount      numeric(14, 2) NOT NULL DEFAULT 0,
  extra_amount    numeric(14, 2) NOT NULL DEFAULT 0,
  credit          numeric(14, 2) NOT NULL DEFAULT 0,
  discount_amount numeric(14, 2) NOT NULL DEFAULT 0,
  total           numeric(14, 2) NOT NULL,
  status          text NOT NULL,
  method_pay      text,
  created_at      timestamptz NOT NULL
);
CREATE INDEX service_orders_created_at_idx ON service_orders (created_at);

CREATE TABLE tips (
  id           integer PRIMARY KEY,
  employee_id  integer NOT NULL REFERENCES employees (id),
  pos_order_id integer REFERENCES pos_orders (id),
  amount       numeric(14, 2) NOT NULL CHECK (amount >= 0),
  note         text,
  created_at   timestamptz NOT NULL
);
CREATE INDEX tips_created_at_idx ON tips (created_at);
CREATE INDEX tips_employee_idx ON tips (employee_id);

CREATE TABLE reviews (
  id           integer PRIMARY KEY,
  type         text NOT NULL CHECK (type IN ('community', 'employee', 'product', 'service', 'task')),
  related_data text NOT NULL,
  user_id      integer REFERENCES clients (id),
  "values"     jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at   timestamptz NOT NULL
);
CREATE INDEX reviews_type_created_idx ON reviews (type, created_at);

-- Housekeeping ---------------------------------------------------------------------------------

CREATE TABLE areas (
  id   integer PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE task_options (
  id      integer PRIMARY KEY,
  area_id integer NOT NULL REFERENCES areas (id),
  name    text NOT NULL,
  color   text NOT NULL
);

CREATE TABLE tasks (
  id             integer PRIMARY KEY,
  name           text NOT NULL,
  place_id       integer REFERENCES places (id),
  area_id        integer NOT NULL REFERENCES areas (id),
  task_option_id integer NOT NULL REFERENCES task_options (id),
  employee_id    integer REFERENCES employees (id),
  date_start     timestamptz NOT NULL,
  date_end       timestamptz NOT NULL,
  status         text NOT NULL CHECK (status IN ('cancel', 'process', 'completed')),
  CHECK (date_end >= date_start)
);
CREATE INDEX tasks_date_start_idx ON tasks (date_start);
CREATE INDEX tasks_area_idx ON tasks (area_id, date_start);

-- The status changes of a task: its start is the `process` one, its finish the `completed` one.
CREATE TABLE task_transactions (
  id          integer PRIMARY KEY,
  task_id     integer NOT NULL REFERENCES tasks (id) ON DELETE CASCADE,
  status      text NOT NULL CHECK (status IN ('cancel', 'process', 'completed')),
  employee_id integer REFERENCES employees (id),
  created_at  timestamptz NOT NULL
);
CREATE INDEX task_transactions_task_idx ON task_transactions (task_id, status);

-- Events, spaces, tickets ----------------------------------------------------------------------

CREATE TABLE events (
  id          integer PRIMARY KEY,
  title       text NOT NULL,
  place_id    integer REFERENCES places (id),
  date_start  timestamptz NOT NULL,
  date_end    timestamptz NOT NULL,
  description text,
  price       numeric(14, 2) NOT NULL DEFAULT 0,
  CHECK (date_end >= date_start)
);
CREATE INDEX events_date_start_idx ON events (date_start);

CREATE TABLE space_reservations (
  id            integer PRIMARY KEY,
  place_id      integer NOT NULL REFERENCES places (id),
  user_id       integer REFERENCES clients (id),
  date_start    timestamptz NOT NULL,
  date_end      timestamptz NOT NULL,
  recurrence    text,
  subtotal      numeric(14, 2) NOT NULL,
  total         numeric(14, 2) NOT NULL,
  by_client_app boolean NOT NULL DEFAULT false,
  created_at    timestamptz NOT NULL,
  CHECK (date_end >= date_start)
);
CREATE INDEX space_reservations_date_start_idx ON space_reservations (date_start);
CREATE INDEX space_reservations_created_at_idx ON space_reservations (created_at);

CREATE TABLE event_tickets (
  id                  integer PRIMARY KEY,
  event_id            integer NOT NULL REFERENCES events (id),
  user_id             integer REFERENCES clients (id),
  count               integer NOT NULL CHECK (count > 0),
  subtotal            numeric(14, 2) NOT NULL,
  total               numeric(14, 2) NOT NULL,
  by_client_app       boolean NOT NULL DEFAULT false,
  reason_cancellation text,
  created_at          timestamptz NOT NULL
);
CREATE INDEX event_tickets_event_idx ON event_tickets (event_id);
CREATE INDEX event_tickets_created_at_idx ON event_tickets (created_at);

-- App usage and leads --------------------------------------------------------------------------

CREATE TABLE app_usage (
  client_id integer NOT NULL REFERENCES clients (id),
  date      date NOT NULL,
  seconds   integer NOT NULL CHECK (seconds >= 0),
  PRIMARY KEY (client_id, date)
);
CREATE INDEX app_usage_date_idx ON app_usage (date);

CREATE TABLE leads (
  id         integer PRIMARY KEY,
  name       text NOT NULL,
  last_name  text NOT NULL DEFAULT '',
  email      text,
  phone      text,
  source     text NOT NULL,
  interest   text,
  message    text,
  status     text NOT NULL DEFAULT 'nuevo',
  created_at timestamptz NOT NULL
);
CREATE INDEX leads_created_at_idx ON leads (created_at);
