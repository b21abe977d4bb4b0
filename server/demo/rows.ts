/** Every column of every filled table (001_core.sql), so a generated row can never silently fall back to NULL. */

type Day = string;
type Instant = string;

export interface Tables {
  employees: {
    id: number; name: string; last_name: string; email: string; password_hash: string; avatar: string | null;
    can_see_tips: boolean; active: boolean; created_at: Instant;
  };
  clients: {
    id: number; name: string; last_name: string; email: string | null; phone: string | null; birthday: Day | null;
    nationality: string | null; gender: string | null; country: string | null; state: string | null; city: string | null;
    document_id: string | null; document_type: string | null; zipcode: string | null; address: string | null;
    address_detail: string | null; is_underage: boolean; is_company: boolean; company_name: string | null;
    master_id: string | null; category: 'cliente' | 'empleado' | 'socio' | 'miembro' | 'huesped'; deleted: boolean;
    photo: string | null; avatar: string | null; signature: string | null; extra_data: Record<string, unknown>;
    created_at: Instant; updated_at: Instant;
  };
  typologies: { id: number; name: string; photos: string[] };
  places: {
    id: number; name: string; typology_id: number | null; is_space: boolean; status: boolean;
    with_reservation: boolean; deleted: boolean;
  };
  businesses: { id: number; name: string; is_service: boolean; is_business: boolean };
  trm: { date: Day; value_30: number };
  bookings: {
    id: number; ref: string; status: BookingStatus; date_start: Day; date_end: Day; created_at: Instant;
    updated_at: Instant; way_contact_name: string; place_id: number; user_id: number; with_pet: boolean;
    is_national: boolean; with_warranty: boolean; channel_provided_credit_card: boolean; is_short_stay: boolean;
    adults: number; children: number; cloud_id: string | null; sub_cloud_id: string | null;
    price_by_month: number | null; total: number; is_virtual: boolean;
  };
  booking_rates: { booking_id: number; date: Day; total_rate: number; closed: boolean };
  booking_guests: {
    id: number; booking_id: number; is_visitor: boolean; name: string; last_name: string; email: string | null;
    document: string | null; category: string;
  };
  booking_orders: {
    id: number; booking_id: number; name: string; invoice: string; total: number; subtotal: number; discount: number;
    currency: string; is_secondary: boolean; is_for_lodging: boolean; is_virtual: boolean; tip_include: boolean;
    employee_id: number | null; business_id: number | null; created_at: Instant; updated_at: Instant;
  };
  booking_order_items: {
    id: number; order_id: number; name: string; type_code: string; type_percent: number; is_free: boolean;
    price_subtotal: number; price_total: number; count: number; count_type: string;
  };
  payments: {
    id: number; booking_id: number; authorization: string | null; is_for_lodging: boolean; type: string;
    payment_method: string; amount: number; split_amount: number | null; split_boucher: string | null;
    employee_id: number | null; created_at: Instant;
  };
  pos_products: {
    id: number; business_id: number; name: string; price: number; cost_item: number; tax_type: string; tax_percent: number;
  };
  pos_orders: {
    id: number; invoice: string; business_id: number; user_id: number | null; booking_id: number | null;
    employee_id: number | null; closed_by_id: number | null; created_at: Instant; updated_at: Instant;
    status: PosStatus; subtotal: number; tax_amount: number; tip_amount: number; discount_amount: number;
    discount_perc: number; coupon: string | null; total: number; person_order: number; note: string | null;
    method_pay: string | null; method_pay_text: string | null; siigo_ref: string | null; by_client_app: boolean;
    event: boolean; room_service: boolean; cost_center: string | null;
  };
  pos_order_lines: {
    id: number; order_id: number; product_id: number; qty: number; cost_item: number; unit_price: number; tax: number;
    extras: number; gift: boolean; note: string | null; discount: number; cost_center: string | null;
  };
  pos_order_history: { id: number; order_id: number; status: PosStatus; updated_at: Instant };
  services: { id: number; name: string; business_id: number | null };
  service_orders: {
    id: number; invoice: string; service_id: number; user_id: number | null; booking_id: number | null;
    employee_id: number | null; subtotal: number; tax_amount: number; extra_amount: number; credit: number;
    discount_amount: number; total: number; status: string; method_pay: string | null; created_at: Instant;
  };
  tips: { id: number; employee_id: number; pos_order_id: number | null; amount: number; note: string | null; created_at: Instant };
  reviews: {
    id: number; type: ReviewType; related_data: string; user_id: number | null;
    values: { name: string; value: number }[]; created_at: Instant;
  };
  areas: { id: number; name: string };
  task_options: { id: number; area_id: number; name: string; color: string };
  tasks: {
    id: number; name: string; place_id: number | null; area_id: number; task_option_id: number;
    employee_id: number | null; date_start: Instant; date_end: Instant; status: TaskStatus;
  };
  task_transactions: { id: number; task_id: number; status: TaskStatus; employee_id: number | null; created_at: Instant };
  events: {
    id: number; title: string; place_id: number | null; date_start: Instant; date_end: Instant;
    description: string | null; price: number;
  };
  space_reservations: {
    id: number; place_id: number; user_id: number | null; date_start: Instant; date_end: Instant;
    recurrence: string | null; recurrence_until: Day | null; subtotal: number; total: number; by_client_app: boolean;
    created_at: Instant;
  };
  event_tickets: {
    id: number; event_id: number; user_id: number | null; count: number; subtotal: number; total: number;
    by_client_app: boolean; reason_cancellation: string | null; created_at: Instant;
  };
  app_usage: { client_id: number; date: Day; seconds: number };
  leads: {
    id: number; name: string; last_name: string; email: string | null; phone: string | null; source: string;
    interest: string | null; message: string | null; status: string; created_at: Instant;
  };
}

export type TableName = keyof Tables;

export type BookingStatus =
  | 'in_progress' | 'confirmed' | 'not_confirmed' | 'canceled' | 'checked_in' | 'checked_out' | 'no_show';
export type PosStatus = 'open' | 'inProgress' | 'readyToDelivery' | 'closed' | 'cancelled';
export type TaskStatus = 'cancel' | 'process' | 'completed';
export type ReviewType = 'community' | 'employee' | 'product' | 'service' | 'task';

/** Insert order: every table after the tables its foreign keys point to. */
export const tableOrder: readonly TableName[] = [
  'employees', 'clients', 'typologies', 'places', 'businesses', 'trm', 'areas', 'task_options', 'services',
  'pos_products', 'bookings', 'booking_rates', 'booking_guests', 'booking_orders', 'booking_order_items', 'payments',
  'pos_orders', 'pos_order_lines', 'pos_order_history', 'tips', 'service_orders', 'reviews', 'tasks',
  'task_transactions', 'events', 'space_reservations', 'event_tickets', 'app_usage', 'leads',
];

/** The tables each table's foreign keys point to (flushed first). */
export const parentTables: Partial<Record<TableName, readonly TableName[]>> = {
  places: ['typologies'],
  bookings: ['places', 'clients'],
  booking_rates: ['bookings'],
  booking_guests: ['bookings'],
  booking_orders: ['bookings', 'employees', 'businesses'],
  booking_order_items: ['booking_orders'],
  payments: ['bookings', 'employees'],
  pos_products: ['businesses'],
  pos_orders: ['businesses', 'clients', 'bookings', 'employees'],
  pos_order_lines: ['pos_orders', 'pos_products'],
  pos_order_history: ['pos_orders'],
  services: ['businesses'],
  service_orders: ['services', 'clients', 'bookings', 'employees'],
  tips: ['employees', 'pos_orders'],
  reviews: ['clients'],
  task_options: ['areas'],
  tasks: ['places', 'areas', 'task_options', 'employees'],
  task_transactions: ['tasks', 'employees'],
  events: ['places'],
  space_reservations: ['places', 'clients'],
  event_tickets: ['events', 'clients'],
  app_usage: ['clients'],
};
