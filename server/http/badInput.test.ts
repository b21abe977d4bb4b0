import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';

// Over a real socket: Node's own limits (header size, body size) must also answer 400 in Spanish.
let server: TestServer;
let base: string;
let auth: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  auth = { authorization: `Bearer ${server.token}` };
});
afterAll(() => server.close());

const tenThousandIds = Array.from({ length: 10_000 }, (_, i) => `user=${i + 1}`).join('&');
const badRequests: Array<[string, string]> = [
  ['a day that does not exist', '/api/v1/report/booking?dateStart=2024-02-30'],
  ['a negative page', '/api/v1/report/booking?page=-1'],
  ['a page size that is not a number', '/api/v1/report/booking?itemsPerPage=abc'],
  ['a year that is not a number', '/api/v1/report/booking/ocupacion?year=abc'],
  ['an id list of 10,000 entries', `/api/v1/report/booking?${tenThousandIds}`],
  ['SQL in an id list', '/api/v1/report/booking?user=1;DROP%20TABLE%20bookings'],
  ['an unknown status', '/api/v1/report/booking?status=bogus'],
  ['an unknown parameter', '/api/v1/report/booking?colour=red'],
  ['a sort field outside the whitelist', '/api/v1/report/booking?sortBy=password_hash'],
];

describe('bad input over HTTP', () => {
  it.each(badRequests)('answers 400 with a Spanish message to %s', async (_label, path) => {
    const res = await fetch(base + path, { headers: auth });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).toMatch(/[a-záéíóúñ]/i);
    expect(body.message).not.toMatch(/select|from |sqlstate|stack|at .*\.ts|error:/i);
  });

  it('answers a quote, a semicolon and wildcards in a search as plain text', async () => {
    const res = await fetch(`${base}/api/v1/report/booking?search=${encodeURIComponent("O'Brien; --%_")}`, { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).total).toBe(0);
  });

  it('answers 400 to a 1 MB body and keeps serving afterwards', async () => {
    const res = await fetch(`${base}/api/v1/auth/login/employee`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/demasiado grande/);
    const after = await fetch(`${base}/api/v1/report/booking?itemsPerPage=1`, { headers: auth });
    expect(after.status).toBe(200);
  });
});
