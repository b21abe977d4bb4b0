import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { messages } from '../messages.ts';
import { expectError } from '../../tests/support/apiAssertions.ts';

// Every expected figure is recomputed here from raw rows, never with the server's SQL fragments.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const rows = <T>(sql: string, params: unknown[] = []) => server.db.query<T>(sql, params);

/** Exact money arithmetic in integer cents. */
const cents = (n: number) => Math.round(n * 100);
const sumCents = (values: number[]) => values.reduce((acc, v) => acc + cents(v), 0);
const fromCents = (c: number) => c / 100;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:\d{2})?)$/;
const sameInstant = (json: string, raw: Date) => expect(new Date(json).getTime()).toBe(raw.getTime());
const ids = (data: Array<{ _id: number }>) => data.map((r) => r._id);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);


interface BookingRow {
  id: number;
  ref: string;
  status: string;
  date_start: string;
  date_end: string;
  created_at: Date;
  updated_at: Date;
  way_contact_name: string;
  with_pet: boolean;
  is_national: boolean;
  with_warranty: boolean;
  channel_provided_credit_card: boolean;
  is_short_stay: boolean;
  adults: number;
  children: number;
  cloud_id: string | null;
  sub_cloud_id: string | null;
  price_by_month: number | null;
  total: number;
  is_virtual: boolean;
  place_name: string;
  typology_name: string;
  photos: string[];
  user_name: string;
  user_last_name: string;
  user_email: string | null;
  document_id: string | null;
  document_type: string | null;
  nationality: string | null;
  category: string;
  master_id: string | null;
}

interface OrderRow {
  id: number;
  booking_id: number;
  name: string;
  invoice: string;
  total: number;
  subtotal: number;
  discount: number;
  currency: string;
  is_secondary: boolean;
  is_for_lodging: boolean;
  is_virtual: boolean;
  tip_include: boolean;
  employee_id: number | null;
  business_id: number | null;
  created_at: Date;
  updated_at: Date;
}

interface PayRow {
  id: number;
  booking_id: number;
  authorization: string | null;
  is_for_lodging: boolean;
  type: string;
  payment_method: string;
  amount: number;
  split_amount: number | null;
  split_boucher: string | null;
  employee_id: number | null;
  employee_name: string | null;
  created_at: Date;
}

const bookingSelect = `
  SELECT b.*, p.name AS place_name, t.name AS typology_name, t.photos, u.name AS user_name,
         u.last_name AS user_last_name, u.email AS user_email, u.document_id, u.document_type,
         u.nationality, u.category, u.master_id
    FROM bookings b JOIN places p ON p.id = b.place_id JOIN typologies t ON t.id = p.typology_id
    JOIN clients u ON u.id = b.user_id`;

const refOf = async (bookingId: number) =>
  (await rows<{ ref: string }>('SELECT ref FROM bookings WHERE id = $1', [bookingId]))[0]!.ref;

const ordersOf = (bookingId: number) =>
  rows<OrderRow>('SELECT * FROM booking_orders WHERE booking_id = $1 ORDER BY id', [bookingId]);

const paysOf = (bookingId: number) =>
  rows<PayRow>(
    `SELECT p.*, e.name AS employee_name FROM payments p LEFT JOIN employees e ON e.id = p.employee_id
      WHERE p.booking_id = $1 ORDER BY p.id`,
    [bookingId],
  );

/** Every page of a paged call at `perPage` rows, plus the `total` each page answered. */
async function allPages(url: string, perPage: number, expectedCount: number) {
  const seen: number[][] = [];
  const totals = new Set<number>();
  const pages = Math.ceil(expectedCount / perPage) + 1; // one past the end answers an empty page
  for (let page = 1; page <= pages; page++) {
    const sep = url.includes('?') ? '&' : '?';
    const res = await server.get(`${url}${sep}page=${page}&itemsPerPage=${perPage}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    totals.add(body.total);
    seen.push(ids(body.data));
  }
  return { pages: seen, totals: [...totals] };
}

describe('GET /api/v1/booking/ref/:ref', () => {
  it('answers the booking fields, nightly rates (nights = rate count), owner and room typology', async () => {
    const bookings = await rows<BookingRow>(
      `${bookingSelect} WHERE EXISTS (SELECT 1 FROM booking_rates r WHERE r.booking_id = b.id) ORDER BY b.id LIMIT 5`,
    );
    expect(bookings.length).toBeGreaterThan(0);
    for (const b of bookings) {
      const rates = await rows<{ date: string; total_rate: number; closed: boolean }>(
        'SELECT date, total_rate, closed FROM booking_rates WHERE booking_id = $1 ORDER BY date',
        [b.id],
      );
      const res = await server.get(`/api/v1/booking/ref/${b.ref}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({
        _id: b.id,
        ref: b.ref,
        status: b.status,
        dateStart: b.date_start,
        dateEnd: b.date_end,
        wayContactName: b.way_contact_name,
        withPet: b.with_pet,
        isNational: b.is_national,
        withWarranty: b.with_warranty,
        channelProvidedCreditCard: b.channel_provided_credit_card,
        isShortStay: b.is_short_stay,
        adults: b.adults,
        children: b.children,
        cloudID: b.cloud_id,
        subCloudID: b.sub_cloud_id,
        priceByMonth: b.price_by_month,
        total: b.total,
        isVirtual: b.is_virtual,
        nights: rates.length,
      });
      expect(data.dateStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.createdAt).toMatch(isoTimestamp);
      sameInstant(data.createdAt, b.created_at);
      sameInstant(data.updatedAt, b.updated_at);
      expect(data.rates).toEqual(rates.map((r) => ({ date: r.date, totalRate: r.total_rate, closed: r.closed })));
      expect(data.user).toMatchObject({
        name: b.user_name,
        lastName: b.user_last_name,
        email: b.user_email,
        documentID: b.document_id,
        documentType: b.document_type,
        nationality: b.nationality,
        category: b.category,
        masterID: b.master_id,
      });
      expect(data.place.name).toBe(b.place_name);
      expect(data.place.typology).toMatchObject({ name: b.typology_name, photos: b.photos });
    }
  });

  it('answers 404 in Spanish for an unknown ref', async () => {
    expectError(await server.get('/api/v1/booking/ref/NO-EXISTE-999'), 404, messages.bookingNotFound('NO-EXISTE-999'));
  });
});

describe('booking calls: bad refs, unknown refs, no token', () => {
  const refRoutes = ['ref', 'balance', 'guests', 'order', 'pay'];

  it.each(refRoutes)('/booking/%s answers 400 in Spanish for a malformed ref', async (route) => {
    for (const ref of ['a%3Bb', `${'A'.repeat(41)}`, "x'%20OR%201%3D1", 'a%25_b']) {
      expectError(await server.get(`/api/v1/booking/${route}/${ref}`), 400);
    }
  });

  it.each(refRoutes)('/booking/%s answers 404 for an unknown ref', async (route) => {
    expectError(await server.get(`/api/v1/booking/${route}/ZZ-0000-NADA`), 404, messages.bookingNotFound('ZZ-0000-NADA'));
  });

  it('answers 401 without a token on every call', async () => {
    const [b] = await rows<{ ref: string }>('SELECT ref FROM bookings ORDER BY id LIMIT 1');
    const [o] = await rows<{ id: number }>('SELECT id FROM booking_orders ORDER BY id LIMIT 1');
    for (const url of [
      ...refRoutes.map((r) => `/api/v1/booking/${r}/${b!.ref}`),
      `/api/v1/order/${o!.id}`,
    ]) {
      expectError(await server.get(url, null), 401, messages.authRequired);
      expectError(await server.get(url, 'not-a-token'), 401, messages.authInvalid);
    }
  });
});

describe('GET /api/v1/booking/balance/:ref', () => {
  interface Sums {
    booking_id: number;
    rates: number;
    pays_host: number;
    extra: number;
    pays_extra: number;
    pays: number;
  }

  /** Bookings by how their balance stands, from per-booking sums of raw rows. */
  async function bookingsByStanding() {
    const sums = await rows<Sums>(
      `SELECT b.id AS booking_id,
              (SELECT coalesce(sum(total_rate), 0) FROM booking_rates WHERE booking_id = b.id) AS rates,
              (SELECT coalesce(sum(amount), 0) FROM payments WHERE booking_id = b.id AND is_for_lodging) AS pays_host,
              (SELECT coalesce(sum(total), 0) FROM booking_orders WHERE booking_id = b.id AND NOT is_for_lodging) AS extra,
              (SELECT coalesce(sum(amount), 0) FROM payments WHERE booking_id = b.id AND NOT is_for_lodging) AS pays_extra,
              (SELECT count(*) FROM payments WHERE booking_id = b.id) AS pays
         FROM bookings b ORDER BY b.id`,
    );
    const owed = (s: Sums) => cents(s.rates) - cents(s.pays_host) + cents(s.extra) - cents(s.pays_extra);
    return {
      settled: sums.find((s) => s.pays > 0 && owed(s) === 0 && s.rates > 0),
      owing: sums.find((s) => s.pays > 0 && owed(s) > 0),
      overpaid: sums.find((s) => s.pays > 0 && owed(s) < 0),
      unpaid: sums.find((s) => s.pays === 0 && s.rates > 0),
    };
  }

  /** The balance recomputed in cents from the booking's rates, orders and payments. */
  async function expectedBalance(bookingId: number) {
    const rates = await rows<{ total_rate: number; closed: boolean }>(
      'SELECT total_rate, closed FROM booking_rates WHERE booking_id = $1',
      [bookingId],
    );
    const orders = await ordersOf(bookingId);
    const pays = await paysOf(bookingId);
    const hospedaje = sumCents(rates.map((r) => r.total_rate));
    const extra = sumCents(orders.filter((o) => !o.is_for_lodging).map((o) => o.total));
    const balanceHost = hospedaje - sumCents(pays.filter((p) => p.is_for_lodging).map((p) => p.amount));
    const balanceExtra = extra - sumCents(pays.filter((p) => !p.is_for_lodging).map((p) => p.amount));
    return {
      totalOrders: fromCents(sumCents(orders.map((o) => o.total))),
      subtotalOrders: fromCents(sumCents(orders.map((o) => o.subtotal))),
      totalPays: fromCents(sumCents(pays.map((p) => p.amount))),
      faltante: fromCents(balanceHost + balanceExtra),
      totalHospedaje: fromCents(hospedaje),
      totalHospedajeClosed: fromCents(sumCents(rates.filter((r) => r.closed).map((r) => r.total_rate))),
      totalHospedajeOpen: fromCents(sumCents(rates.filter((r) => !r.closed).map((r) => r.total_rate))),
      totalExtra: fromCents(extra),
      balanceHost: fromCents(balanceHost),
      balanceExtra: fromCents(balanceExtra),
    };
  }

  it.each(['settled', 'owing', 'overpaid', 'unpaid'] as const)(
    'answers every figure for a booking that is %s',
    async (standing) => {
      const pick = (await bookingsByStanding())[standing];
      expect(pick, `the small data has a booking that is ${standing}`).toBeDefined();
      const res = await server.get(`/api/v1/booking/balance/${await refOf(pick!.booking_id)}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      const expected = await expectedBalance(pick!.booking_id);
      expect(data).toEqual(expected);
      if (standing === 'settled') expect(data.faltante).toBe(0);
      if (standing === 'owing') expect(data.faltante).toBeGreaterThan(0);
      if (standing === 'overpaid') expect(data.faltante).toBeLessThan(0);
      if (standing === 'unpaid') expect(data.totalPays).toBe(0);
    },
  );

  it('answers every figure for the bookings with the most orders and payments', async () => {
    const busiest = await rows<{ id: number }>(
      `SELECT b.id FROM bookings b
        ORDER BY (SELECT count(*) FROM booking_orders o WHERE o.booking_id = b.id)
               + (SELECT count(*) FROM payments p WHERE p.booking_id = b.id) DESC, b.id
        LIMIT 5`,
    );
    for (const { id } of busiest) {
      const res = await server.get(`/api/v1/booking/balance/${await refOf(id)}`);
      expect(res.json().data).toEqual(await expectedBalance(id));
    }
  });
});

describe('GET /api/v1/booking/guests/:ref', () => {
  it('splits the booking guests from its visitors', async () => {
    const [pick] = await rows<{ booking_id: number }>(
      `SELECT booking_id FROM booking_guests GROUP BY booking_id
       HAVING bool_or(is_visitor) AND bool_or(NOT is_visitor) ORDER BY count(*) DESC, booking_id LIMIT 1`,
    );
    expect(pick, 'the small data has a booking with guests and visitors').toBeDefined();
    const raw = await rows<{
      id: number;
      is_visitor: boolean;
      name: string;
      last_name: string;
      email: string | null;
      document: string | null;
      category: string;
    }>('SELECT * FROM booking_guests WHERE booking_id = $1 ORDER BY id', [pick!.booking_id]);
    const shape = (g: (typeof raw)[number]) => ({
      _id: g.id,
      name: g.name,
      lastName: g.last_name,
      email: g.email,
      document: g.document,
      category: g.category,
    });
    const res = await server.get(`/api/v1/booking/guests/${await refOf(pick!.booking_id)}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    const byId = (a: { _id: number }, b: { _id: number }) => a._id - b._id;
    expect([...data.guests].sort(byId)).toEqual(raw.filter((g) => !g.is_visitor).map(shape));
    expect([...data.visitors].sort(byId)).toEqual(raw.filter((g) => g.is_visitor).map(shape));
  });

  it('answers empty lists for a booking without guests', async () => {
    const [b] = await rows<{ ref: string }>(
      'SELECT ref FROM bookings b WHERE NOT EXISTS (SELECT 1 FROM booking_guests g WHERE g.booking_id = b.id) LIMIT 1',
    );
    if (!b) return;
    const res = await server.get(`/api/v1/booking/guests/${b.ref}`);
    expect(res.json()).toEqual({ data: { guests: [], visitors: [] } });
  });
});

describe('GET /api/v1/booking/order/:ref', () => {
  /** The booking with the most orders among those matching `having`. */
  async function busiestBooking(having = 'true') {
    const [row] = await rows<{ booking_id: number }>(
      `SELECT booking_id FROM booking_orders GROUP BY booking_id HAVING ${having}
        ORDER BY count(*) DESC, booking_id LIMIT 1`,
    );
    expect(row, `the small data has a booking with orders where ${having}`).toBeDefined();
    const bookingId = row!.booking_id;
    return { bookingId, ref: await refOf(bookingId), orders: await ordersOf(bookingId) };
  }

  it('pages the orders: pages disjoint, their union all orders, total the full count', async () => {
    const { ref, orders } = await busiestBooking();
    expect(orders.length).toBeGreaterThan(3);
    const { pages, totals } = await allPages(`/api/v1/booking/order/${ref}`, 3, orders.length);
    expect(totals).toEqual([orders.length]);
    const flat = pages.flat();
    expect(new Set(flat).size).toBe(flat.length);
    expect(sorted(flat)).toEqual(orders.map((o) => o.id));
    expect(pages.at(-1)).toEqual([]);
    for (const page of pages.slice(0, -2)) expect(page).toHaveLength(3);

    const all = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1`);
    expect(sorted(ids(all.json().data))).toEqual(orders.map((o) => o.id));
    const firstPage = await server.get(`/api/v1/booking/order/${ref}`);
    expect(firstPage.json().data).toHaveLength(Math.min(20, orders.length));
    expect(firstPage.json().total).toBe(orders.length);
  });

  it('answers each order with its fields, items and booking ref', async () => {
    const { bookingId, ref, orders } = await busiestBooking();
    const items = await rows<{
      id: number;
      order_id: number;
      name: string;
      type_code: string;
      type_percent: number;
      is_free: boolean;
      price_subtotal: number;
      price_total: number;
      count: number;
      count_type: string;
    }>(
      `SELECT i.* FROM booking_order_items i JOIN booking_orders o ON o.id = i.order_id
        WHERE o.booking_id = $1 ORDER BY i.id`,
      [bookingId],
    );
    const names = await rows<{ id: number; employee: string | null; business: string | null }>(
      `SELECT o.id, e.name AS employee, bu.name AS business FROM booking_orders o
         LEFT JOIN employees e ON e.id = o.employee_id LEFT JOIN businesses bu ON bu.id = o.business_id
        WHERE o.booking_id = $1`,
      [bookingId],
    );
    const { data } = (await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1`)).json();
    expect(data).toHaveLength(orders.length);
    for (const order of data) {
      const raw = orders.find((o) => o.id === order._id)!;
      const named = names.find((n) => n.id === raw.id)!;
      expect(order).toMatchObject({
        name: raw.name,
        invoice: raw.invoice,
        total: raw.total,
        subtotal: raw.subtotal,
        discount: raw.discount,
        currency: raw.currency,
        isSecondary: raw.is_secondary,
        isForLodging: raw.is_for_lodging,
        isVirtual: raw.is_virtual,
        tipInclude: raw.tip_include,
        booking: { ref },
      });
      expect(order.employee?.name ?? null).toBe(named.employee);
      expect(order.business?.name ?? null).toBe(named.business);
      expect(order.createdAt).toMatch(isoTimestamp);
      sameInstant(order.createdAt, raw.created_at);
      expect(order.items).toEqual(
        items
          .filter((i) => i.order_id === raw.id)
          .map((i) => ({
            _id: i.id,
            type: { code: i.type_code, percent: i.type_percent },
            isFree: i.is_free,
            priceSubtotal: i.price_subtotal,
            priceTotal: i.price_total,
            name: i.name,
            count: i.count,
            countType: i.count_type,
          })),
      );
    }
    expect(items.length, 'the small data has order items').toBeGreaterThan(0);
  });

  it('sorts by creation, newest first, unless told otherwise', async () => {
    const { ref, orders } = await busiestBooking();
    const expected = [...orders].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || a.id - b.id);
    const res = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1`);
    expect(ids(res.json().data)).toEqual(expected.map((o) => o.id));
    const asc = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&sortBy=createdAt&sortDesc=false`);
    const times = asc.json().data.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it.each([
    ['total', (o: OrderRow) => o.total],
    ['subtotal', (o: OrderRow) => o.subtotal],
  ] as const)('sorts by %s ascending and descending', async (field, key) => {
    const { ref, orders } = await busiestBooking();
    for (const desc of [false, true]) {
      const res = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&sortBy=${field}&sortDesc=${desc}`);
      expect(res.statusCode).toBe(200);
      const got = ids(res.json().data).map((id) => key(orders.find((o) => o.id === id)!));
      const want = orders.map(key).sort((a, b) => a - b);
      expect(got).toEqual(desc ? want.reverse() : want);
    }
    const bracket = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&sortBy[]=${field}&sortDesc[]=true`);
    expect(bracket.statusCode).toBe(200);
  });

  it('sorts by invoice in the database collation, both ways', async () => {
    const { bookingId, ref } = await busiestBooking();
    // Text order follows the server's collation, so the expectation comes from a plain ORDER BY.
    const byInvoice = await rows<{ id: number }>(
      'SELECT id FROM booking_orders WHERE booking_id = $1 ORDER BY invoice, id',
      [bookingId],
    );
    const asc = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&sortBy=invoice`);
    expect(ids(asc.json().data)).toEqual(byInvoice.map((r) => r.id));
    const desc = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&sortBy[]=invoice&sortDesc[]=true`);
    expect(ids(desc.json().data)).toEqual(byInvoice.map((r) => r.id).reverse());
  });

  it('sorts by business and by employee name, both ways', async () => {
    const { bookingId, ref } = await busiestBooking('count(DISTINCT business_id) >= 2');
    for (const [field, join, column] of [
      ['business', 'LEFT JOIN businesses x ON x.id = o.business_id', 'x.name'],
      ['employee', 'LEFT JOIN employees x ON x.id = o.employee_id', 'x.name'],
    ] as const) {
      for (const dir of ['ASC', 'DESC'] as const) {
        const want = await rows<{ id: number }>(
          `SELECT o.id FROM booking_orders o ${join} WHERE o.booking_id = $1 ORDER BY ${column} ${dir}, o.id`,
          [bookingId],
        );
        const res = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&sortBy=${field}&sortDesc=${dir === 'DESC'}`);
        expect(ids(res.json().data)).toEqual(want.map((r) => r.id));
      }
    }
  });

  it('answers 400 to a sort field outside the whitelist', async () => {
    const { ref } = await busiestBooking();
    for (const field of ['password_hash', 'o.id', 'created_at;DROP', 'booking_id'])
      expectError(await server.get(`/api/v1/booking/order/${ref}?sortBy=${encodeURIComponent(field)}`), 400);
  });

  it('filters isVirtual=true and isVirtual=false exactly', async () => {
    // The demo data gives every order its booking's flag, so a virtual and a real booking are both checked.
    const bookings = [await busiestBooking('bool_or(is_virtual)'), await busiestBooking('bool_or(NOT is_virtual)')];
    let kept = 0;
    let dropped = 0;
    for (const { ref, orders } of bookings) {
      for (const flag of [true, false]) {
        const res = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&isVirtual=${flag}`);
        const want = orders.filter((o) => o.is_virtual === flag).map((o) => o.id);
        expect(sorted(ids(res.json().data))).toEqual(want);
        expect(res.json().total).toBe(want.length);
        kept += want.length;
        dropped += orders.length - want.length;
      }
    }
    expect(kept).toBeGreaterThan(0);
    expect(dropped).toBeGreaterThan(0);
  });

  it('filters by a business list in its three syntaxes', async () => {
    const { ref, orders } = await busiestBooking('count(DISTINCT business_id) >= 2');
    const businesses = [...new Set(orders.map((o) => o.business_id).filter((b): b is number => b !== null))];
    const chosen = businesses.slice(0, 2);
    const want = orders.filter((o) => o.business_id !== null && chosen.includes(o.business_id)).map((o) => o.id);
    const [a, b] = chosen;
    for (const query of [`business=${a}&business=${b}`, `business[]=${a}&business[]=${b}`, `business=${a},${b}`]) {
      const res = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&${query}`);
      expect(res.statusCode).toBe(200);
      expect(sorted(ids(res.json().data))).toEqual(want);
      expect(res.json().total).toBe(want.length);
    }
    const one = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&business=${a}`);
    expect(sorted(ids(one.json().data))).toEqual(orders.filter((o) => o.business_id === a).map((o) => o.id));
    const none = await server.get(`/api/v1/booking/order/${ref}?business=2147483647`);
    expect(none.json()).toEqual({ data: [], total: 0 });
  });

  it('filters by a created day and by an inclusive range of days (UTC)', async () => {
    const { ref, orders } = await busiestBooking(
      `count(DISTINCT (created_at AT TIME ZONE 'UTC')::date) >= 3`,
    );
    const days = [...new Set(orders.map((o) => utcDay(o.created_at)))].sort();
    const day = days[1]!;
    const single = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&createdAt=${day}`);
    expect(single.statusCode).toBe(200);
    const wantDay = orders.filter((o) => utcDay(o.created_at) === day).map((o) => o.id);
    expect(sorted(ids(single.json().data))).toEqual(wantDay);
    expect(single.json().total).toBe(wantDay.length);

    const [from, to] = [days[0]!, days[days.length - 2]!];
    const range = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&createdAt=${from}&createdAt=${to}`);
    const inRange = orders.filter((o) => utcDay(o.created_at) >= from && utcDay(o.created_at) <= to).map((o) => o.id);
    expect(sorted(ids(range.json().data))).toEqual(inRange);
    expect(inRange.length).toBeLessThan(orders.length);
    const bracket = await server.get(`/api/v1/booking/order/${ref}?itemsPerPage=-1&createdAt[]=${from}&createdAt[]=${to}`);
    expect(sorted(ids(bracket.json().data))).toEqual(inRange);
  });

  it('combines filters with paging', async () => {
    const { ref, orders } = await busiestBooking();
    const want = orders.filter((o) => !o.is_virtual).map((o) => o.id);
    const { pages, totals } = await allPages(`/api/v1/booking/order/${ref}?isVirtual=false`, 2, want.length);
    expect(totals).toEqual([want.length]);
    expect(sorted(pages.flat())).toEqual(want);
  });
});

describe('GET /api/v1/booking/pay/:ref', () => {
  async function busiestBooking(having = 'true') {
    const [row] = await rows<{ booking_id: number }>(
      `SELECT booking_id FROM payments GROUP BY booking_id HAVING ${having}
        ORDER BY count(*) DESC, booking_id LIMIT 1`,
    );
    expect(row, `the small data has a booking with payments where ${having}`).toBeDefined();
    const bookingId = row!.booking_id;
    return { ref: await refOf(bookingId), pays: await paysOf(bookingId) };
  }

  it('answers each payment with booking ref, authorization, kind, method, amount, split, employee and date', async () => {
    const { ref, pays } = await busiestBooking();
    const res = await server.get(`/api/v1/booking/pay/${ref}?itemsPerPage=-1`);
    expect(res.statusCode).toBe(200);
    const { data, total } = res.json();
    expect(total).toBe(pays.length);
    for (const pay of data) {
      const raw = pays.find((p) => p.id === pay._id)!;
      expect(pay).toMatchObject({
        booking: { ref },
        authorization: raw.authorization,
        isForLodging: raw.is_for_lodging,
        type: raw.type,
        paymentMethod: raw.payment_method,
        amount: raw.amount,
        split: raw.split_amount === null ? null : { amount: raw.split_amount, boucher: raw.split_boucher },
      });
      expect(pay.employee?.name ?? null).toBe(raw.employee_name);
      expect(pay.createdAt).toMatch(isoTimestamp);
      sameInstant(pay.createdAt, raw.created_at);
    }
  });

  it('pages the payments: pages disjoint, their union all payments, total the full count', async () => {
    const { ref, pays } = await busiestBooking('count(*) >= 3');
    const { pages, totals } = await allPages(`/api/v1/booking/pay/${ref}`, 2, pays.length);
    expect(totals).toEqual([pays.length]);
    const flat = pages.flat();
    expect(new Set(flat).size).toBe(flat.length);
    expect(sorted(flat)).toEqual(pays.map((p) => p.id));
    const all = await server.get(`/api/v1/booking/pay/${ref}?itemsPerPage=-1`);
    expect(sorted(ids(all.json().data))).toEqual(pays.map((p) => p.id));
  });

  it('sorts newest first by default and by amount both ways', async () => {
    const { ref, pays } = await busiestBooking('count(*) >= 3');
    const byDate = [...pays].sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || a.id - b.id);
    expect(ids((await server.get(`/api/v1/booking/pay/${ref}?itemsPerPage=-1`)).json().data)).toEqual(
      byDate.map((p) => p.id),
    );
    for (const desc of [false, true]) {
      const res = await server.get(`/api/v1/booking/pay/${ref}?itemsPerPage=-1&sortBy=amount&sortDesc=${desc}`);
      const amounts = res.json().data.map((p: { amount: number }) => p.amount);
      const want = pays.map((p) => p.amount).sort((a, b) => a - b);
      expect(amounts).toEqual(desc ? want.reverse() : want);
    }
    expectError(await server.get(`/api/v1/booking/pay/${ref}?sortBy=booking_id`), 400);
  });

  it('filters by a created day and by an inclusive range of days (UTC)', async () => {
    const { ref, pays } = await busiestBooking(`count(DISTINCT (created_at AT TIME ZONE 'UTC')::date) >= 2`);
    const days = [...new Set(pays.map((p) => utcDay(p.created_at)))].sort();
    const ranges: Array<[string, string]> = [
      [days[0]!, days[0]!],
      [days[0]!, days[days.length - 2]!],
      [days[1]!, days.at(-1)!],
    ];
    for (const [from, to] of ranges) {
      const query = from === to ? `createdAt=${from}` : `createdAt=${from}&createdAt=${to}`;
      const res = await server.get(`/api/v1/booking/pay/${ref}?itemsPerPage=-1&${query}`);
      const want = pays.filter((p) => utcDay(p.created_at) >= from && utcDay(p.created_at) <= to).map((p) => p.id);
      expect(sorted(ids(res.json().data))).toEqual(want);
      expect(res.json().total).toBe(want.length);
    }
  });
});

describe('GET /api/v1/order/:id', () => {
  type Status = 'paid' | 'partial' | 'unpaid';

  /** Each order's payment status: its kind's payments applied to its kind's orders oldest first. */
  async function statusesFromRows() {
    const orders = await rows<{ id: number; booking_id: number; is_for_lodging: boolean; total: number }>(
      'SELECT id, booking_id, is_for_lodging, total FROM booking_orders ORDER BY booking_id, is_for_lodging, created_at, id',
    );
    const pays = await rows<{ booking_id: number; is_for_lodging: boolean; amount: number }>(
      'SELECT booking_id, is_for_lodging, amount FROM payments',
    );
    const paidByKind = new Map<string, number>();
    for (const p of pays) {
      const key = `${p.booking_id}/${p.is_for_lodging}`;
      paidByKind.set(key, (paidByKind.get(key) ?? 0) + cents(p.amount));
    }
    const before = new Map<string, number>();
    const out = new Map<number, { status: Status; paid: number; due: number }>();
    for (const o of orders) {
      const key = `${o.booking_id}/${o.is_for_lodging}`;
      const earlier = before.get(key) ?? 0;
      const owed = Math.max(cents(o.total), 0);
      const paid = Math.min(Math.max((paidByKind.get(key) ?? 0) - earlier, 0), owed);
      before.set(key, earlier + cents(o.total));
      const status: Status = paid === owed ? 'paid' : paid > 0 ? 'partial' : 'unpaid';
      out.set(o.id, { status, paid: fromCents(paid), due: fromCents(owed - paid) });
    }
    return out;
  }

  it.each(['paid', 'partial', 'unpaid'] as const)('answers the payment status of a %s order', async (status) => {
    const statuses = await statusesFromRows();
    const picks = [...statuses].filter(([, s]) => s.status === status && (s.paid > 0 || s.due > 0)).slice(0, 3);
    expect(picks.length, `the small data has a ${status} order`).toBeGreaterThan(0);
    for (const [orderId, expected] of picks) {
      const res = await server.get(`/api/v1/order/${orderId}`);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({ _id: orderId, paymentStatus: status, amountPaid: expected.paid, amountDue: expected.due });
      expect(fromCents(cents(data.amountPaid) + cents(data.amountDue))).toBe(Math.max(data.total, 0));
    }
  });

  it('answers the order fields, its items and the summary of its booking', async () => {
    const [raw] = await rows<OrderRow & { ref: string; items: number }>(
      `SELECT o.*, b.ref, (SELECT count(*) FROM booking_order_items i WHERE i.order_id = o.id) AS items
         FROM booking_orders o JOIN bookings b ON b.id = o.booking_id
        WHERE o.employee_id IS NOT NULL AND o.business_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM booking_order_items i WHERE i.order_id = o.id)
        ORDER BY o.id LIMIT 1`,
    );
    expect(raw, 'the small data has an order with items, employee and business').toBeDefined();
    const [booking] = await rows<BookingRow>(`${bookingSelect} WHERE b.id = $1`, [raw!.booking_id]);
    const [names] = await rows<{ employee: string; business: string }>(
      `SELECT e.name AS employee, bu.name AS business FROM employees e, businesses bu WHERE e.id = $1 AND bu.id = $2`,
      [raw!.employee_id, raw!.business_id],
    );
    const res = await server.get(`/api/v1/order/${raw!.id}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      _id: raw!.id,
      name: raw!.name,
      invoice: raw!.invoice,
      total: raw!.total,
      subtotal: raw!.subtotal,
      discount: raw!.discount,
      currency: raw!.currency,
      isSecondary: raw!.is_secondary,
      isForLodging: raw!.is_for_lodging,
      isVirtual: raw!.is_virtual,
      tipInclude: raw!.tip_include,
      employee: { name: names!.employee },
      business: { name: names!.business },
      booking: {
        _id: booking!.id,
        ref: booking!.ref,
        status: booking!.status,
        dateStart: booking!.date_start,
        dateEnd: booking!.date_end,
        place: { name: booking!.place_name, typology: { name: booking!.typology_name } },
        user: { name: booking!.user_name, lastName: booking!.user_last_name },
      },
    });
    expect(data.items).toHaveLength(raw!.items);
    expect(data.items[0]).toEqual({
      _id: expect.any(Number),
      type: { code: expect.any(String), percent: expect.any(Number) },
      isFree: expect.any(Boolean),
      priceSubtotal: expect.any(Number),
      priceTotal: expect.any(Number),
      name: expect.any(String),
      count: expect.any(Number),
      countType: expect.any(String),
    });
    expect(['paid', 'partial', 'unpaid']).toContain(data.paymentStatus);
    sameInstant(data.createdAt, raw!.created_at);
  });

  it('answers 404 in Spanish for an unknown id and 400 for an id that is not a positive integer', async () => {
    expectError(await server.get('/api/v1/order/2147483647'), 404, messages.orderNotFound(2147483647));
    for (const bad of ['abc', '1.5', '0', '-3', '1%3BDROP', '99999999999'])
      expectError(await server.get(`/api/v1/order/${bad}`), 400);
    expectError(await server.get('/api/v1/order/1?populate=all'), 400);
  });
});

describe('malformed query parameters', () => {
  const sixHundred = Array.from({ length: 600 }, (_, i) => i + 1).join(',');
  const cases: Array<[string, string]> = [
    ['a day that does not exist', 'createdAt=2024-02-30'],
    ['a date in another format', 'createdAt=30/01/2024'],
    ['a range given backwards', 'createdAt=2024-02-10&createdAt=2024-02-01'],
    ['three dates', 'createdAt=2024-02-01&createdAt=2024-02-02&createdAt=2024-02-03'],
    ['a negative page', 'page=-1'],
    ['page zero', 'page=0'],
    ['a page size that is not a number', 'itemsPerPage=abc'],
    ['a page size of zero', 'itemsPerPage=0'],
    ['SQL in a business list', 'business=1;DROP'],
    ['a 600-entry business list', `business=${sixHundred}`],
    ['an isVirtual that is not a boolean', 'isVirtual=yes'],
    ['a sortDesc that is not a boolean', 'sortBy=total&sortDesc=maybe'],
    ['an unknown parameter', 'colour=red'],
  ];

  it.each(cases)('/booking/order answers 400 in Spanish to %s', async (_label, query) => {
    const [b] = await rows<{ ref: string }>('SELECT ref FROM bookings ORDER BY id LIMIT 1');
    expectError(await server.get(`/api/v1/booking/order/${b!.ref}?${query}`), 400);
  });

  it.each(cases.filter(([, q]) => !q.startsWith('business') && !q.startsWith('isVirtual')).concat([
    ['a business filter it does not offer', 'business=1'],
    ['a sort field outside the whitelist', 'sortBy=total'],
  ]))('/booking/pay answers 400 in Spanish to %s', async (_label, query) => {
    const [b] = await rows<{ ref: string }>('SELECT ref FROM bookings ORDER BY id LIMIT 1');
    expectError(await server.get(`/api/v1/booking/pay/${b!.ref}?${query}`), 400);
  });

  it('answers 400 to a parameter on the calls that take none', async () => {
    const [b] = await rows<{ ref: string }>('SELECT ref FROM bookings ORDER BY id LIMIT 1');
    for (const route of ['ref', 'balance', 'guests'])
      expectError(await server.get(`/api/v1/booking/${route}/${b!.ref}?page=1`), 400, messages.unknownParameter('page'));
  });
});
