import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const range = 'initDate=2026-01-01&endDate=2026-03-16';
const paths = ['closed-order', 'closed-order-with-items', 'group-order', 'popularity', 'gift', 'detail-sale', 'payment', 'sales-app',
  'sales-general', 'pay-general', 'day-moment', 'client-internal-external', 'room-service', 'status-time', 'sold-products',
  'detail-products', 'pos-general'];

describe('smoke', () => {
  it.each(paths)('%s answers', async (p) => {
    const res = await server.get(`/api/v1/report/${p}?${range}`);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  });
});
