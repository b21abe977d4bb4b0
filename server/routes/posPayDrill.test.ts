import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { expectError, getOk as getOkFrom } from '../../tests/support/apiAssertions.ts';

// A payment method's slice (Pagos POS, Ventas POS) opens Ventas POS general's closed orders of that method
// (issue 40 §2): the orders listed with `methodPay` are as many as the slice counts and sum its total, as the payment
// routes answer them and as this test's SQL recomputes them.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getOk = (url: string) => getOkFrom(server, url);
const range = 'initDate=2026-02-01&endDate=2026-03-16';
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const cents = (n: number) => Math.round(n * 100);

interface Order {
  _id: number;
  total: number;
  methodPay: { method: string | null; text: string | null };
  employee: { _id: number } | null;
}

async function closedOrders(query: string): Promise<Order[]> {
  const body = await getOk(`/api/v1/report/closed-order?${query}&per_page=-1`);
  expect(body.links.pagination.total).toBe(body.data.length);
  return body.data;
}

/** Closed orders of the method in the range as the database holds them (the operator's days of created_at). */
async function sqlOrders(method: string, employee?: number): Promise<number[]> {
  const zone = server.app.timeZone;
  const rows = await server.db.query<{ id: number }>(
    `SELECT o.id FROM pos_orders o
      WHERE o.status = 'closed' AND o.method_pay = $1
        AND (o.created_at AT TIME ZONE $2)::date BETWEEN '2026-02-01' AND '2026-03-16'
        AND ($3::int IS NULL OR o.employee_id = $3::int)`,
    [method, zone, employee ?? null],
  );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
const idsOf = (orders: Order[]) => orders.map((o) => o._id).sort((a, b) => a - b);

describe('methodPay', () => {
  it('each method of Ventas POS (pay-general) opens as many closed orders as it counts, summing its total', async () => {
    const { data } = await getOk(`/api/v1/report/pay-general?${range}`);
    const methods = data.accumulateByPay as Array<{ method: string | null; name: string; total: number; count: number }>;
    expect(methods.length).toBeGreaterThan(2);
    for (const method of methods) {
      expect(method.method, method.name).not.toBeNull();
      const orders = await closedOrders(`${range}&methodPay=${encodeURIComponent(method.method!)}`);
      expect(orders.length, method.name).toBe(method.count);
      expect(cents(sum(orders.map((o) => o.total)))).toBe(cents(method.total));
      expect(new Set(orders.map((o) => o.methodPay.method))).toEqual(new Set([method.method]));
      expect(idsOf(orders)).toEqual(await sqlOrders(method.method!));
      // Ventas POS general's cards read the same orders.
      const split = (await getOk(`/api/v1/report/sales-general?${range}&methodPay=${encodeURIComponent(method.method!)}`)).data;
      expect(split.countApp + split.countDesktop).toBe(method.count);
    }
  });

  it('with an employee, each method of Pagos POS (payment) opens that employee\'s orders of it', async () => {
    const [someone] = await server.db.query<{ employee_id: number }>(
      `SELECT employee_id FROM pos_orders WHERE status = 'closed' AND employee_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const employee = someone!.employee_id;
    const { data } = await getOk(`/api/v1/report/payment?${range}&employee=${employee}`);
    const methods = data as Array<{ methodPay: { method: string; text: string }; count: number; total: number }>;
    expect(methods.length).toBeGreaterThan(1);
    for (const { methodPay, count, total } of methods) {
      const orders = await closedOrders(`${range}&employee=${employee}&methodPay=${encodeURIComponent(methodPay.method)}`);
      expect(orders.length, methodPay.text).toBe(count);
      expect(cents(sum(orders.map((o) => o.total)))).toBe(cents(total));
      expect(idsOf(orders)).toEqual(await sqlOrders(methodPay.method, employee));
    }
  });

  it('a method no order has lists none; an empty one is refused in Spanish', async () => {
    expect(await closedOrders(`${range}&methodPay=trueque`)).toEqual([]);
    expectError(await server.get(`/api/v1/report/closed-order?${range}&methodPay=`), 400);
    expectError(await server.get(`/api/v1/report/sales-general?${range}&methodPay=`), 400);
  });
});
