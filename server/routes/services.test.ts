import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { messages } from '../messages.ts';
import { expectError, getOk as getOkFrom, utcDay } from '../../tests/support/apiAssertions.ts';

// Expected figures come from the raw service orders in JavaScript, never from the server's SQL.
let server: TestServer;
interface RawServiceOrder {
  id: number;
  invoice: string;
  service_id: number;
  service_name: string;
  employee_id: number | null;
  subtotal: number;
  tax_amount: number;
  extra_amount: number;
  credit: number;
  discount_amount: number;
  total: number;
  status: string;
  method_pay: string | null;
  created_at: Date;
  ref: string | null;
  user_name: string | null;
}
let raw: RawServiceOrder[];
beforeAll(async () => {
  server = await startTestServer();
  raw = await server.db.query<RawServiceOrder>(
    `SELECT so.id, so.invoice, so.service_id, s.name AS service_name, so.employee_id, so.subtotal, so.tax_amount,
            so.extra_amount, so.credit, so.discount_amount, so.total, so.status, so.method_pay, so.created_at,
            b.ref, c.name AS user_name
       FROM service_orders so JOIN services s ON s.id = so.service_id
       LEFT JOIN bookings b ON b.id = so.booking_id LEFT JOIN clients c ON c.id = so.user_id`,
  );
});
afterAll(() => server.close());

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const cents = (n: number) => Math.round(n * 100);


const getOk = (url: string) => getOkFrom(server, url);

interface Row {
  _id: number;
  service: { invoice: string; name: string };
  user: { name: string } | null;
  subtotal: number;
  taxAmount: number;
  total: number;
  extra: { amount: number };
  credit: number;
  discount: { amount: number };
  netPayment: number;
  employee: { _id: number; name: string } | null;
  booking: { ref: string } | null;
  status: string;
  methodPay: string | null;
  createdAt: string;
}

describe('GET /api/v1/report/service/order', () => {
  let rows: Row[];
  beforeAll(async () => {
    rows = (await getOk('/api/v1/report/service/order')).data;
  });

  it('answers every service order with its amounts, booking and the net payment (total when paid, else 0)', () => {
    expect(rows.length).toBe(raw.length);
    const byId = new Map(raw.map((r) => [r.id, r]));
    for (const row of rows) {
      const r = byId.get(row._id)!;
      expect(row).toMatchObject({
        service: { invoice: r.invoice, name: r.service_name },
        subtotal: r.subtotal,
        taxAmount: r.tax_amount,
        total: r.total,
        extra: { amount: r.extra_amount },
        credit: r.credit,
        discount: { amount: r.discount_amount },
        status: r.status,
        methodPay: r.method_pay,
      });
      expect(row.booking?.ref ?? null).toBe(r.ref);
      expect(row.user?.name ?? null).toBe(r.user_name);
      expect(row.employee?._id ?? null).toBe(r.employee_id);
      // The stored total already nets credit and discount.
      expect(cents(row.total)).toBe(
        Math.max(0, cents(r.subtotal) + cents(r.tax_amount) + cents(r.extra_amount) - cents(r.credit) - cents(r.discount_amount)),
      );
      expect(row.netPayment).toBe(r.status === 'pagado' ? r.total : 0);
    }
    expect(raw.some((r) => r.status !== 'pagado')).toBe(true);
  });

  it('keeps exactly the orders each filter names', async () => {
    const day = utcDay(raw[raw.length - 1]!.created_at);
    const cases: Array<[string, (r: RawServiceOrder) => boolean]> = [
      [`dateStart=${day}&dateEnd=${day}`, (r) => utcDay(r.created_at) === day],
      ['dateStart=2026-01-01&dateEnd=2026-02-28', (r) => utcDay(r.created_at) >= '2026-01-01' && utcDay(r.created_at) <= '2026-02-28'],
      ['dateStart=2026-03-01', (r) => utcDay(r.created_at) >= '2026-03-01'],
      ['status=pendiente,anulado', (r) => r.status !== 'pagado'],
      [`service=${raw[0]!.service_id}`, (r) => r.service_id === raw[0]!.service_id],
      [`employee=${raw[0]!.employee_id}`, (r) => r.employee_id === raw[0]!.employee_id],
      [`search=${raw[5]!.invoice}`, (r) => r.invoice === raw[5]!.invoice],
    ];
    for (const [query, keep] of cases) {
      const expected = raw.filter(keep).map((r) => r.id);
      expect(expected.length, query).toBeGreaterThan(0);
      const body = await getOk(`/api/v1/report/service/order?${query}`);
      expect(body.total).toBe(body.data.length);
      expect(sorted(body.data.map((r: Row) => r._id)), query).toEqual(sorted(expected));
    }
  });
});

describe('GET /api/v1/report/service/order/paginate', () => {
  it('pages without overlap with the pagination links; per_page=-1 gives all', async () => {
    const size = 200;
    const pages = Math.ceil(raw.length / size);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const body = await getOk(`/api/v1/report/service/order/paginate?per_page=${size}&page=${page}`);
      expect(body.links.pagination).toEqual({ total: raw.length, per_page: size, current_page: page, last_page: pages });
      seen.push(...body.data.map((r: Row) => r._id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(sorted(seen)).toEqual(sorted(raw.map((r) => r.id)));
    const all = await getOk('/api/v1/report/service/order/paginate?per_page=-1');
    expect(all.data.length).toBe(raw.length);
  });

  it('sorts totals by total and employee name by employee.name', async () => {
    const byTotal = (await getOk('/api/v1/report/service/order/paginate?per_page=-1&sort=total|desc')).data as Row[];
    for (let i = 1; i < byTotal.length; i++) expect(byTotal[i - 1]!.total).toBeGreaterThanOrEqual(byTotal[i]!.total);
    const json = encodeURIComponent(JSON.stringify([{ direction: 'asc', field: 'Empleado', sortField: 'employee.name' }]));
    const byName = (await getOk(`/api/v1/report/service/order/paginate?per_page=-1&sort=${json}`)).data as Row[];
    const names = byName.map((r) => r.employee?.name ?? '\uffff');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('bad input and sessions', () => {
  const paths = ['/api/v1/report/service/order', '/api/v1/report/service/order/paginate'];
  it('answers 401 without a token', async () => {
    for (const url of paths) expectError(await server.get(url, null), 401, messages.authRequired);
  });
  it('answers 400 in Spanish to unknown parameters and bad values', async () => {
    for (const url of paths) expectError(await server.get(`${url}?foo=1`), 400, messages.unknownParameter('foo'));
    for (const q of ['dateStart=2026-02-30', 'dateStart=2026-03-10&dateEnd=2026-03-01', 'status=cerrado', 'sort=so.total|desc', 'service=x']) {
      for (const url of paths) expectError(await server.get(`${url}?${q}`), 400);
    }
    expectError(await server.get('/api/v1/report/service/order/paginate?per_page=-2'), 400);
  });
});
