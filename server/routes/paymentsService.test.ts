import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testToday, type TestServer } from '../../tests/support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/v1/trm', () => {
  it("answers today's value_30 as stored", async () => {
    const [row] = await server.db.query<{ value_30: number }>('SELECT value_30 FROM trm WHERE date = $1', [testToday]);
    const res = await server.get('/api/v1/trm');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ date: testToday, value_30: row!.value_30 });
    expect(row!.value_30).toBeGreaterThan(3000);
  });

  it('rejects parameters it does not take', async () => {
    const res = await server.get('/api/v1/trm?date=2024-01-01');
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/v1/pay_status', () => {
  it('answers the status of a stored payment', async () => {
    const [pay] = await server.db.query<{ id: number; amount: number; ref: string }>(
      'SELECT p.id, p.amount, b.ref FROM payments p JOIN bookings b ON b.id = p.booking_id ORDER BY p.id LIMIT 1',
    );
    const res = await server.request({
      method: 'POST',
      url: `/api/v1/pay_status?id=${pay!.id}&test=true`,
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { _id: pay!.id, amount: pay!.amount, booking: pay!.ref }, test: true });
  });

  it('answers 404 in Spanish for an unknown payment and 400 for a bad id', async () => {
    const auth = { authorization: `Bearer ${server.token}` };
    const missing = await server.request({ method: 'POST', url: '/api/v1/pay_status?id=999999999', headers: auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/No existe el pago/);
    const bad = await server.request({ method: 'POST', url: "/api/v1/pay_status?id=1'", headers: auth });
    expect(bad.statusCode).toBe(400);
  });
});
