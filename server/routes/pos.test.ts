import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { getOk as getOkFrom } from '../../tests/support/apiAssertions.ts';
import { minutesBetween, timeRange } from '../sql/posFigures.ts';
import { outOfSpanishOrder } from '../../tests/support/spanishOrder.ts';

let server: TestServer;

interface Order {
  id: number;
  invoice: string;
  business_id: number;
  user_id: number | null;
  employee_id: number | null;
  status: string;
  created_at: Date;
  subtotal: number;
  tax_amount: number;
  tip_amount: number;
  discount_amount: number;
  total: number;
  by_client_app: boolean;
  event: boolean;
  room_service: boolean;
  method_pay: string | null;
  category: string | null;
}
interface Line {
  id: number;
  order_id: number;
  product_id: number;
  product_business: number;
  qty: number;
  cost_item: number;
  unit_price: number;
  tax: number;
  discount: number;
  gift: boolean;
}
interface History {
  order_id: number;
  status: string;
  updated_at: Date;
}

const from = '2026-02-01';
const to = '2026-03-16';
const range = `initDate=${from}&endDate=${to}`;
const utcDay = (d: Date) => new Date(d).toISOString().slice(0, 10);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const r2 = (n: number) => Math.round(n * 100) / 100;

let orders: Order[];
let lines: Line[];
let history: History[];
/** Closed orders created on a UTC day of the test range. */
let closed: Order[];
let closedIds: Set<number>;

beforeAll(async () => {
  server = await startTestServer();
  orders = await server.db.query<Order>(
    `SELECT o.id, o.invoice, o.business_id, o.user_id, o.employee_id, o.status, o.created_at, o.subtotal, o.tax_amount,
            o.tip_amount, o.discount_amount, o.total, o.by_client_app, o.event, o.room_service, o.method_pay, c.category
       FROM pos_orders o LEFT JOIN clients c ON c.id = o.user_id`,
  );
  lines = await server.db.query<Line>(
    `SELECT l.id, l.order_id, l.product_id, p.business_id AS product_business, l.qty, l.cost_item, l.unit_price, l.tax,
            l.discount, l.gift
       FROM pos_order_lines l JOIN pos_products p ON p.id = l.product_id`,
  );
  history = await server.db.query<History>('SELECT order_id, status, updated_at FROM pos_order_history');
  const inRange = (o: Order) => utcDay(o.created_at) >= from && utcDay(o.created_at) <= to;
  closed = orders.filter((o) => o.status === 'closed' && inRange(o));
  closedIds = new Set(closed.map((o) => o.id));
});
afterAll(() => server.close());

const getOk = (url: string) => getOkFrom(server, url);

const allPaths = [
  'closed-order', 'closed-order-with-items', 'group-order', 'popularity', 'gift', 'detail-sale', 'payment', 'sales-app',
  'sales-general', 'pay-general', 'day-moment', 'client-internal-external', 'room-service', 'status-time',
  'sold-products', 'detail-products', 'pos-general',
];

describe('every POS call', () => {
  it('answers 401 without a token', async () => {
    for (const p of allPaths) expect((await server.get(`/api/v1/report/${p}?${range}`, null)).statusCode, p).toBe(401);
  });

  it('answers 400 with a Spanish message to bad input, never 500 nor SQL', async () => {
    const bad = [
      'closed-order?nope=1',
      'closed-order?initDate=2026-02-30',
      'closed-order?initDate=16/03/2026',
      'closed-order?initDate=2026-03-10&endDate=2026-03-01',
      'closed-order?sort=password|desc',
      'closed-order?sort=total|sideways',
      'closed-order?sort={"direction":"desc","field":"x","sortField":"drop table"}',
      'closed-order?sort={not json',
      'closed-order?sort=total|desc|junk',
      'closed-order?sort=["total"]',
      'group-order?sort=total|desc,client|asc|x',
      'closed-order?per_page=0',
      'closed-order?page=0',
      'closed-order?business=abc',
      'closed-order?event=maybe',
      'detail-sale?status=paid',
      'detail-products?gift=Sí',
      'group-order?sort=email|asc',
      'sales-app?employee=1',
      'status-time?clients=1',
      'sold-products?initDate=2026-03-10&endDate=2026-03-01',
    ];
    for (const url of bad) {
      const res = await server.get(`/api/v1/report/${url}`);
      expect(res.statusCode, url).toBe(400);
      const { message } = res.json();
      expect(message, url).toMatch(/Parámetro|parámetro/);
      expect(res.body, url).not.toMatch(/SELECT|pos_orders|SQLSTATE|at .*\.ts/);
    }
  });
});

describe('closed-order and closed-order-with-items', () => {
  let all: Array<Record<string, any>>;
  let withItems: Array<Record<string, any>>;
  beforeAll(async () => {
    const body = await getOk(`/api/v1/report/closed-order?${range}&per_page=-1`);
    expect(body.links.pagination).toMatchObject({ total: closed.length, per_page: -1, current_page: 1, last_page: 1 });
    all = body.data;
    withItems = (await getOk(`/api/v1/report/closed-order-with-items?${range}&per_page=-1`)).data;
  });

  it('lists exactly the closed orders created on the days of the range', () => {
    expect(closed.length).toBeGreaterThan(20);
    expect(all.map((o) => o._id).sort((a, b) => a - b)).toEqual([...closedIds].sort((a, b) => a - b));
  });

  it('gives the §3 order shape, the close time from the closed history entry and total = subtotal + tax + tip', () => {
    for (const o of all) {
      expect(o).toMatchObject({
        invoice: expect.any(String), business: { name: expect.any(String) }, status: 'closed',
        discount: { amount: expect.any(Number), perc: expect.any(Number) }, methodPay: { method: expect.any(String) },
        byClientApp: expect.any(Boolean), event: expect.any(Boolean), personOrder: expect.any(Number),
      });
      expect(o).toHaveProperty('siigo_ref');
      expect(o).toHaveProperty('costCenter');
      const closedEntry = history.find((h) => h.order_id === o._id && h.status === 'closed')!;
      expect(new Date(o.closedAt).getTime()).toBe(new Date(closedEntry.updated_at).getTime());
      expect(o.updateHistory.length).toBe(history.filter((h) => h.order_id === o._id).length);
      expect(o.total).toBeCloseTo(o.subtotal + o.taxAmount + o.tipAmount, 2);
      if (o.user) expect(o.user).toMatchObject({ name: expect.any(String), lastName: expect.any(String), isCompany: expect.any(Boolean) });
      if (o.booking) expect(o.booking).toMatchObject({ ref: expect.any(String) });
    }
  });

  it('adds each order its lines with item name and tax type', () => {
    expect(withItems.length).toBe(all.length);
    for (const o of withItems) {
      const own = lines.filter((l) => l.order_id === o._id);
      expect(o.items.length).toBe(own.length);
      expect(sum(o.items.map((i: any) => i.qty))).toBe(sum(own.map((l) => l.qty)));
      for (const i of o.items) {
        expect(i).toMatchObject({ item: { name: expect.any(String), taxType: expect.any(String) }, costCenters: { name: expect.any(String) } });
      }
    }
  });

  it('keeps exactly what each filter says', async () => {
    const sample = closed.find((o) => o.event && o.user_id !== null) ?? closed[0]!;
    const cases: Array<[string, (o: Order) => boolean]> = [
      [`business=${sample.business_id}`, (o) => o.business_id === sample.business_id],
      [`clients=${sample.user_id}`, (o) => o.user_id === sample.user_id],
      [`employee=${sample.employee_id}`, (o) => o.employee_id === sample.employee_id],
      ['event=true', (o) => o.event],
      ['event=false', (o) => !o.event],
      [`business[]=${sample.business_id}&business[]=1`, (o) => o.business_id === sample.business_id || o.business_id === 1],
    ];
    for (const [query, keep] of cases) {
      const expected = closed.filter(keep).map((o) => o.id).sort((a, b) => a - b);
      expect(expected.length, query).toBeGreaterThan(0);
      const body = await getOk(`/api/v1/report/closed-order?${range}&per_page=-1&${query}`);
      expect(body.data.map((o: any) => o._id).sort((a: number, b: number) => a - b), query).toEqual(expected);
      expect(body.links.pagination.total, query).toBe(expected.length);
    }
    const day = await getOk(`/api/v1/report/closed-order?initDate=${to}&endDate=${to}&per_page=-1`);
    expect(day.data.every((o: any) => utcDay(o.createdAt) === to)).toBe(true);
    expect(day.data.length).toBe(orders.filter((o) => o.status === 'closed' && utcDay(o.created_at) === to).length);
  });

  it('pages without overlap and counts pages', async () => {
    const perPage = 40;
    const pages = Math.ceil(closed.length / perPage);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const body = await getOk(`/api/v1/report/closed-order?${range}&per_page=${perPage}&page=${page}&sort=total|desc`);
      expect(body.links.pagination).toEqual({ total: closed.length, per_page: perPage, current_page: page, last_page: pages });
      expect(body.data.length).toBe(page < pages ? perPage : closed.length - perPage * (pages - 1));
      seen.push(...body.data.map((o: any) => o._id));
    }
    expect(new Set(seen).size).toBe(closed.length);
    expect(new Set(seen)).toEqual(closedIds);
  });

  it('sorts by the server fields the screens send (total, tipAmount, employee.name), as text or JSON', async () => {
    const totals = (await getOk(`/api/v1/report/closed-order?${range}&per_page=-1&sort=total|desc`)).data.map((o: any) => o.total);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
    const json = encodeURIComponent(JSON.stringify([{ direction: 'asc', field: 'Propina', sortField: 'tipAmount' }]));
    const tips = (await getOk(`/api/v1/report/closed-order?${range}&per_page=-1&sort=${json}`)).data.map((o: any) => o.tipAmount);
    expect(tips).toEqual([...tips].sort((a: number, b: number) => a - b));
    const names = (await getOk(`/api/v1/report/closed-order?${range}&per_page=-1&sort=employee.name|asc&sort=total|desc`)).data;
    const keys: string[] = names.map((o: any) => o.employee?.name ?? '');
    // Each name in one run, runs in Spanish order.
    const runs = keys.filter((k, i) => i === 0 || k !== keys[i - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    expect(outOfSpanishOrder(runs)).toEqual([]);
    expect((await getOk(`/api/v1/report/closed-order?${range}&per_page=5&sort=null`)).data.length).toBe(5);
  });

  it('takes sort in each form of §7 (field|dir, JSON object, JSON list) and refuses a malformed one saying the forms', async () => {
    const ids = async (sort: string) =>
      (await getOk(`/api/v1/report/closed-order?${range}&per_page=-1&sort=${encodeURIComponent(sort)}`)).data.map((o: any) => o._id);
    const expected = await ids('total|desc');
    expect(await ids(JSON.stringify({ direction: 'desc', field: 'Total', sortField: 'total' }))).toEqual(expected);
    expect(await ids(JSON.stringify([{ direction: 'desc', field: 'total' }]))).toEqual(expected);
    expect(await ids(JSON.stringify([{ direction: 'desc', field: 'Total', sortField: 'total' }, null]))).toEqual(expected);
    const res = await server.get(`/api/v1/report/closed-order?${range}&sort=total|desc|junk`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/«sort».*campo\|asc/);
  });
});

describe('group-order', () => {
  it('sums the closed orders of each client', async () => {
    const body = await getOk(`/api/v1/report/group-order?${range}&per_page=-1`);
    const byClient = new Map<number | null, Order[]>();
    for (const o of closed) byClient.set(o.user_id, [...(byClient.get(o.user_id) ?? []), o]);
    expect(body.links.pagination.total).toBe(byClient.size);
    expect(body.data.length).toBe(byClient.size);
    for (const row of body.data) {
      const own = byClient.get(row.userInfo?._id ?? null)!;
      expect(row.count).toBe(own.length);
      expect(row.totalAcum).toBeCloseTo(sum(own.map((o) => o.total)), 2);
      expect(row.subtotalAcum).toBeCloseTo(sum(own.map((o) => o.subtotal)), 2);
      expect(row.taxAcum).toBeCloseTo(sum(own.map((o) => o.tax_amount)), 2);
      expect(row.tipAcum).toBeCloseTo(sum(own.map((o) => o.tip_amount)), 2);
      expect(row.discountAcum).toBeCloseTo(sum(own.map((o) => o.discount_amount)), 2);
    }
    const totals = body.data.map((r: any) => r.totalAcum);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
  });

  it('sorts by client or total, pages and filters by client and business', async () => {
    const byName = (await getOk(`/api/v1/report/group-order?${range}&per_page=-1&sort=client|asc`)).data;
    const names = byName.map((r: any) => `${r.userInfo.name} ${r.userInfo.lastName}`.toLowerCase());
    expect(new Set(names).size).toBeGreaterThan(1);
    expect(outOfSpanishOrder(names)).toEqual([]);
    const asc = (await getOk(`/api/v1/report/group-order?${range}&per_page=-1&sort=total|asc`)).data.map((r: any) => r.totalAcum);
    expect(asc).toEqual([...asc].sort((a: number, b: number) => a - b));
    const p1 = await getOk(`/api/v1/report/group-order?${range}&per_page=10&page=1`);
    const p2 = await getOk(`/api/v1/report/group-order?${range}&per_page=10&page=2`);
    expect(p1.data.length).toBe(10);
    const ids1 = new Set(p1.data.map((r: any) => r.userInfo?._id));
    expect(p2.data.some((r: any) => ids1.has(r.userInfo?._id))).toBe(false);
    expect(p1.links.pagination.last_page).toBe(Math.ceil(p1.links.pagination.total / 10));
    const client = closed.find((o) => o.user_id !== null)!;
    const one = await getOk(`/api/v1/report/group-order?${range}&per_page=-1&clients=${client.user_id}&business=${client.business_id}`);
    const own = closed.filter((o) => o.user_id === client.user_id && o.business_id === client.business_id);
    expect(one.data).toHaveLength(1);
    expect(one.data[0].count).toBe(own.length);
  });
});

/** Σ qty per product over lines of `keep`-ed closed orders. */
const qtyByProduct = (keep: (l: Line) => boolean) => {
  const m = new Map<number, number>();
  for (const l of lines) if (closedIds.has(l.order_id) && keep(l)) m.set(l.product_id, (m.get(l.product_id) ?? 0) + l.qty);
  return m;
};

describe('popularity, gift and sold-products', () => {
  it('popularity counts paid lines and gift courtesy lines, per product, most sold first', async () => {
    for (const [path, gift] of [['popularity', false], ['gift', true]] as const) {
      const expected = qtyByProduct((l) => l.gift === gift);
      expect(expected.size, path).toBeGreaterThan(0);
      const body = await getOk(`/api/v1/report/${path}?${range}&per_page=-1`);
      expect(body.links.pagination.total).toBe(expected.size);
      expect(new Map(body.data.map((r: any) => [r._id, r.totalQty]))).toEqual(expected);
      for (const r of body.data) expect(r).toMatchObject({ name: expect.any(String), price: expect.any(Number), costItem: expect.any(Number), business: { name: expect.any(String) } });
      const q = body.data.map((r: any) => r.totalQty);
      expect(q).toEqual([...q].sort((a: number, b: number) => b - a));
    }
  });

  it('popularity keeps one business and pages', async () => {
    const expected = qtyByProduct((l) => !l.gift && l.product_business === 1);
    const body = await getOk(`/api/v1/report/popularity?${range}&per_page=-1&business=1`);
    expect(new Map(body.data.map((r: any) => [r._id, r.totalQty]))).toEqual(expected);
    const page = await getOk(`/api/v1/report/popularity?${range}&per_page=3&page=2`);
    expect(page.data).toHaveLength(3);
    expect(page.links.pagination).toMatchObject({ per_page: 3, current_page: 2 });
  });

  it('sold-products sums quantities per business, with the courtesy filter', async () => {
    for (const gift of [undefined, true, false]) {
      const expected = new Map<number, number>();
      for (const l of lines) {
        if (!closedIds.has(l.order_id) || (gift !== undefined && l.gift !== gift)) continue;
        expected.set(l.product_business, (expected.get(l.product_business) ?? 0) + l.qty);
      }
      const body = await getOk(`/api/v1/report/sold-products?${range}${gift === undefined ? '' : `&gift=${gift}`}`);
      expect(new Map(body.data.map((r: any) => [r.business._id, r.totalQty])), String(gift)).toEqual(expected);
    }
  });
});

describe('detail-sale', () => {
  it('lists the lines of orders of every status unless a status is asked, and keeps each filter', async () => {
    const inRange = new Set(orders.filter((o) => utcDay(o.created_at) >= from && utcDay(o.created_at) <= to).map((o) => o.id));
    const byId = new Map(orders.map((o) => [o.id, o]));
    const cases: Array<[string, (o: Order) => boolean]> = [
      ['', () => true],
      ['status=closed', (o) => o.status === 'closed'],
      ['status=open&status=inProgress', (o) => o.status === 'open' || o.status === 'inProgress'],
      ['event=true', (o) => o.event],
      ['business=2', (o) => o.business_id === 2],
    ];
    for (const [query, keep] of cases) {
      const expected = lines.filter((l) => inRange.has(l.order_id) && keep(byId.get(l.order_id)!)).map((l) => l.id).sort((a, b) => a - b);
      expect(expected.length, query).toBeGreaterThan(0);
      const body = await getOk(`/api/v1/report/detail-sale?${range}&per_page=-1&${query}`);
      expect(body.data.map((r: any) => r._id).sort((a: number, b: number) => a - b), query).toEqual(expected);
      expect(body.links.pagination.total).toBe(expected.length);
    }
  });

  it('gives each line its order\'s close time from the status history (none while the order is not closed)', async () => {
    const body = await getOk(`/api/v1/report/detail-sale?${range}&per_page=-1`);
    for (const row of body.data) {
      const closedEntry = history.find((h) => h.order_id === row.order._id && h.status === 'closed');
      if (closedEntry) expect(new Date(row.order.closedAt).getTime()).toBe(new Date(closedEntry.updated_at).getTime());
      else expect(row.order.closedAt).toBeNull();
    }
    expect(body.data.some((r: any) => r.order.closedAt === null)).toBe(true);
  });
});

describe('payment and pay-general', () => {
  it('sums the closed orders per payment method, with business and employee filters', async () => {
    const sample = closed[0]!;
    for (const query of ['', `business=${sample.business_id}`, `employee=${sample.employee_id}`]) {
      const keep = closed.filter((o) => (query.startsWith('business') ? o.business_id === sample.business_id : query.startsWith('employee') ? o.employee_id === sample.employee_id : true));
      const expected = new Map<string | null, number>();
      for (const o of keep) expected.set(o.method_pay, r2((expected.get(o.method_pay) ?? 0) + o.total));
      const body = await getOk(`/api/v1/report/payment?${range}&${query}`);
      expect(new Map(body.data.map((r: any) => [r.methodPay.method, r2(r.total)])), query).toEqual(expected);
      expect(body.total).toBeCloseTo(sum(keep.map((o) => o.total)), 2);
    }
    const general = (await getOk(`/api/v1/report/pay-general?${range}`)).data.accumulateByPay;
    const expected = new Map<string | null, number>();
    for (const o of closed) expected.set(o.method_pay, r2((expected.get(o.method_pay) ?? 0) + o.total));
    expect(new Map(general.map((r: any) => [r.method, r2(r.total)]))).toEqual(expected);
    expect(general.every((r: any) => typeof r.name === 'string')).toBe(true);
  });
});

describe('management figures', () => {
  /** The formulas, recomputed from the raw rows. */
  const figures = (os: Order[]) => {
    const ids = new Set(os.map((o) => o.id));
    const app = sum(os.filter((o) => o.by_client_app).map((o) => o.total));
    const desktop = sum(os.filter((o) => !o.by_client_app).map((o) => o.total));
    const discount = sum(os.map((o) => o.discount_amount));
    const tip = sum(os.map((o) => o.tip_amount));
    const tax = sum(os.map((o) => o.tax_amount));
    const totalSales = app + desktop + discount;
    const realIncome = totalSales - discount - tip - tax;
    const cost = sum(lines.filter((l) => ids.has(l.order_id)).map((l) => l.qty * l.cost_item));
    return { app, desktop, discount, tip, tax, totalSales, realIncome, cost, count: os.length };
  };

  it('pos-general gives the cards by the glossary formulas, and sales per business adding up to total sales', async () => {
    const d = (await getOk(`/api/v1/report/pos-general?${range}`)).data;
    const f = figures(closed);
    expect(d.countOrders).toBe(f.count);
    expect(d.countApp).toBe(closed.filter((o) => o.by_client_app).length);
    expect(d.countDesktop).toBe(closed.filter((o) => !o.by_client_app).length);
    expect(d.acumApp).toBeCloseTo(f.app, 2);
    expect(d.acumDesktop).toBeCloseTo(f.desktop, 2);
    expect(d.acumDiscount).toBeCloseTo(f.discount, 2);
    expect(d.acumTip).toBeCloseTo(f.tip, 2);
    expect(d.taxAcum).toBeCloseTo(f.tax, 2);
    expect(d.totalSales).toBeCloseTo(f.totalSales, 2);
    expect(d.realIncome).toBeCloseTo(f.realIncome, 2);
    // Real income is what the orders charged before tax and tip: their subtotals.
    expect(d.realIncome).toBeCloseTo(sum(closed.map((o) => o.subtotal)), 2);
    expect(d.averagePerOrder).toBeCloseTo(f.totalSales / f.count, 2);
    expect(d.cost).toBeCloseTo(f.cost, 2);
    expect(d.cmvPerc).toBeCloseTo((f.cost / f.realIncome) * 100, 2);
    expect(d.grossMargin).toBeCloseTo(f.realIncome - f.cost, 2);
    expect(sum(d.accumulateByBusiness.map((b: any) => b.total))).toBeCloseTo(f.totalSales, 2);
    expect(sum(d.accumulateByBusiness.map((b: any) => b.grossMargin))).toBeCloseTo(f.realIncome - f.cost, 2);
    for (const b of d.accumulateByBusiness) {
      const fb = figures(closed.filter((o) => o.business_id === b._id));
      expect(b.total, b.name).toBeCloseTo(fb.totalSales, 2);
      expect(b.grossMargin, b.name).toBeCloseTo(fb.realIncome - fb.cost, 2);
    }
    const filtered = (await getOk(`/api/v1/report/pos-general?${range}&business=2`)).data;
    expect(filtered.totalSales).toBeCloseTo(figures(closed.filter((o) => o.business_id === 2)).totalSales, 2);
  });

  it('pos-general and sales-general answer zeros and no businesses for a period without orders', async () => {
    const none = 'initDate=2001-01-01&endDate=2001-01-31';
    const general = (await getOk(`/api/v1/report/pos-general?${none}`)).data;
    expect(general).toMatchObject({ countOrders: 0, countApp: 0, countDesktop: 0, totalSales: 0, realIncome: 0, averagePerOrder: 0, cost: 0, cmvPerc: 0, grossMargin: 0 });
    expect(general.accumulateByBusiness).toEqual([]);
    const sales = (await getOk(`/api/v1/report/sales-general?${none}`)).data;
    expect(sales).toMatchObject({ acumApp: 0, acumDesktop: 0, countApp: 0, countDesktop: 0, percApp: 0, percDesktop: 0 });
    expect(sales.table).toEqual([]);
  });

  it('sales-general splits app and desktop with percentages of the amount', async () => {
    const d = (await getOk(`/api/v1/report/sales-general?${range}`)).data;
    const f = figures(closed);
    expect(d.acumApp).toBeCloseTo(f.app, 2);
    expect(d.acumDesktop).toBeCloseTo(f.desktop, 2);
    expect(d.percApp).toBeCloseTo((f.app / (f.app + f.desktop)) * 100, 2);
    expect(d.percApp + d.percDesktop).toBeCloseTo(100, 1);
    expect(sum(d.table.map((r: any) => r.total))).toBeCloseTo(f.app + f.desktop, 2);
    const client = closed.find((o) => o.user_id !== null && o.user_id !== 1)!;
    const one = (await getOk(`/api/v1/report/sales-general?${range}&clients=${client.user_id}`)).data;
    const own = closed.filter((o) => o.user_id === client.user_id);
    expect(one.countApp + one.countDesktop).toBe(own.length);
  });

  it('the same period gives the same real income in pos-general and the gross-margin report', async () => {
    const general = (await getOk(`/api/v1/report/pos-general?${range}`)).data;
    const margin = await getOk(`/api/v1/report/detail-products?${range}&per_page=-1`);
    expect(margin.totalPrice).toBeCloseTo(general.realIncome, 2);
    expect(margin.totalCost).toBeCloseTo(general.cost, 2);
    expect(margin.totalMargin).toBeCloseTo(general.grossMargin, 2);
    expect(margin.cmvPerc).toBeCloseTo(general.cmvPerc, 2);
  });

  it('day-moment counts orders in Mañana [6,12), Tarde [12,18) and Noche (the rest), by UTC hour', async () => {
    const d = (await getOk(`/api/v1/report/day-moment?${range}`)).data;
    const moment = (o: Order) => {
      const h = new Date(o.created_at).getUTCHours();
      return h >= 6 && h < 12 ? 'morning' : h >= 12 && h < 18 ? 'afternoon' : 'evening';
    };
    for (const m of ['morning', 'afternoon', 'evening']) {
      const own = closed.filter((o) => moment(o) === m);
      expect(d[m], m).toBe(own.length);
      expect(d[`${m}Amount`], m).toBeCloseTo(sum(own.map((o) => o.total)), 2);
    }
  });

  it('client-internal-external puts empleado and socio clients inside', async () => {
    const d = (await getOk(`/api/v1/report/client-internal-external?${range}`)).data;
    const internal = closed.filter((o) => o.category === 'empleado' || o.category === 'socio');
    expect(internal.length).toBeGreaterThan(0);
    expect(d.acumClientInternal).toBeCloseTo(sum(internal.map((o) => o.total)), 2);
    expect(d.acumClientExternal).toBeCloseTo(sum(closed.map((o) => o.total)) - sum(internal.map((o) => o.total)), 2);
  });

  it('room-service splits the amount by the room service flag', async () => {
    const d = (await getOk(`/api/v1/report/room-service?${range}&business=1`)).data;
    const own = closed.filter((o) => o.business_id === 1);
    expect(d.roomService).toBeCloseTo(sum(own.filter((o) => o.room_service).map((o) => o.total)), 2);
    expect(d.noRoomService).toBeCloseTo(sum(own.filter((o) => !o.room_service).map((o) => o.total)), 2);
  });

  it('sales-app answers 24 hourly buckets of closed orders, split into client app and desktop', async () => {
    const data = (await getOk(`/api/v1/report/sales-app?${range}&business=3`)).data;
    expect(data.map((b: any) => b.hour)).toEqual([...Array(24).keys()]);
    const own = closed.filter((o) => o.business_id === 3);
    for (const b of data) {
      const inHour = own.filter((o) => new Date(o.created_at).getUTCHours() === b.hour);
      expect(b.count).toBe(inHour.length);
      expect(b.countApp).toBe(inHour.filter((o) => o.by_client_app).length);
      expect(b.countApp + b.countDesktop).toBe(b.count);
      expect(b.amount).toBeCloseTo(sum(inHour.map((o) => o.total)), 2);
    }
  });
});

describe('status-time', () => {
  it('averages the minutes between statuses and buckets the open → closed time', async () => {
    const d = await getOk(`/api/v1/report/status-time?${range}`);
    expect(Object.keys(d).sort()).toEqual(['average', 'data', 'ranges']);
    const at = (id: number, s: string) => {
      const ts = history.filter((h) => h.order_id === id && h.status === s).map((h) => new Date(h.updated_at).getTime());
      return ts.length ? Math.min(...ts) : null;
    };
    const mins = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / 60000);
    const rows = closed.map((o) => {
      const [op, pr, re, cl] = ['open', 'inProgress', 'readyToDelivery', 'closed'].map((s) => at(o.id, s));
      return { id: o.id, t: [mins(op!, pr!), mins(pr!, re!), mins(re!, cl!), mins(op!, cl!)] };
    });
    expect(d.data.length).toBe(closed.length);
    for (let k = 0; k < 4; k++) {
      const vals = rows.map((r) => r.t[k]).filter((v): v is number => v !== null);
      expect(d.average[`time${k + 1}`]).toBeCloseTo(sum(vals) / vals.length, 1);
    }
    const total = rows.map((r) => r.t[3]!);
    expect(d.ranges.range1).toBe(total.filter((m) => m <= 10).length);
    expect(d.ranges.range2).toBe(total.filter((m) => m > 10 && m <= 30).length);
    expect(d.ranges.range3).toBe(total.filter((m) => m > 30 && m <= 40).length);
    expect(d.ranges.range4).toBe(total.filter((m) => m > 40).length);
    for (const row of d.data) expect(row).toMatchObject({ invoice: expect.any(String), business: { name: expect.any(String) } });
  });
});

describe('status-time ranges', () => {
  it('decides the range on the minutes as shown (two decimals): 10.00 is "hasta 10", 10.28 "más de 10 y hasta 30"', async () => {
    const ends = ['10 min 0.2 s', '10 min 17 s', '30 min', '30 min 1 s', '40 min', '40 min 1 s', '55 min'];
    const rows = await server.db.query<{ minutes: string; range: number }>(
      `WITH t AS (SELECT ${minutesBetween('a', 'a + e::interval')} AS minutes
                    FROM (VALUES (timestamptz '2026-03-16 12:00:00Z')) AS v(a), unnest($1::text[]) WITH ORDINALITY AS u(e, i) ORDER BY i)
       SELECT minutes::text, ${timeRange('minutes')} AS range FROM t`,
      [ends],
    );
    expect(rows.map((r) => [r.minutes, r.range])).toEqual([
      ['10.00', 1], ['10.28', 2], ['30.00', 2], ['30.02', 3], ['40.00', 3], ['40.02', 4], ['55.00', 4],
    ]);
  });
});

describe('detail-products (gross margin)', () => {
  it('gives each product its quantity, cost, income and margin, and totals per business', async () => {
    for (const gift of [undefined, false, true]) {
      const body = await getOk(`/api/v1/report/detail-products?${range}&per_page=-1${gift === undefined ? '' : `&gift=${gift}`}`);
      const kept = lines.filter((l) => closedIds.has(l.order_id) && (gift === undefined || l.gift === gift));
      const income = (l: Line) => (l.gift ? 0 : l.qty * l.unit_price - l.discount);
      const products = new Set(kept.map((l) => l.product_id));
      expect(body.links.pagination.total).toBe(products.size);
      for (const row of body.data) {
        const own = kept.filter((l) => l.product_id === row._id);
        expect(row.totalQty).toBe(sum(own.map((l) => l.qty)));
        expect(row.cost).toBeCloseTo(sum(own.map((l) => l.qty * l.cost_item)), 2);
        expect(row.totalPrice).toBeCloseTo(sum(own.map(income)), 2);
        expect(row.grossMargin).toBeCloseTo(row.totalPrice - row.cost, 2);
      }
      expect(body.totalQty).toBe(sum(kept.map((l) => l.qty)));
      expect(body.totalDiscount).toBeCloseTo(sum(kept.map((l) => l.discount)), 2);
      expect(body.totalTax).toBeCloseTo(sum(kept.map((l) => l.tax)), 2);
      expect(body.totalMargin).toBeCloseTo(sum(kept.map(income)) - sum(kept.map((l) => l.qty * l.cost_item)), 2);
      expect(sum(body.dataBusiness.map((b: any) => b.total))).toBeCloseTo(body.totalPrice, 2);
      expect(sum(body.dataBusiness.map((b: any) => b.totalQty))).toBe(body.totalQty);
      for (const b of body.dataBusiness) {
        expect(b.marginPerc, b.business.name).toBeCloseTo(b.total === 0 ? 0 : ((b.total - b.cost) / b.total) * 100, 2);
      }
    }
  });

  it('pages, sorts and keeps a business', async () => {
    const all = await getOk(`/api/v1/report/detail-products?${range}&per_page=-1&sort=grossMargin|desc`);
    const margins = all.data.map((r: any) => r.grossMargin);
    expect(margins).toEqual([...margins].sort((a: number, b: number) => b - a));
    const p1 = await getOk(`/api/v1/report/detail-products?${range}&per_page=10&page=1&sort=grossMargin|desc`);
    const p2 = await getOk(`/api/v1/report/detail-products?${range}&per_page=10&page=2&sort=grossMargin|desc`);
    expect([...p1.data, ...p2.data].map((r: any) => r._id)).toEqual(all.data.slice(0, 20).map((r: any) => r._id));
    expect(p1.totalPrice).toBeCloseTo(all.totalPrice, 2);
    expect(p1.links.pagination.last_page).toBe(Math.ceil(all.data.length / 10));
    const bar = await getOk(`/api/v1/report/detail-products?${range}&per_page=-1&business=2`);
    expect(bar.data.every((r: any) => r.business._id === 2)).toBe(true);
    expect(bar.dataBusiness.map((b: any) => b.business._id)).toEqual([2]);
  });
});
