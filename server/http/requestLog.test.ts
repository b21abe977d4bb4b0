import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';

let server: TestServer;
let employee: number;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  server = await startTestServer({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  const [row] = await server.db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
  employee = row!.id;
});
afterAll(() => server.close());

/** The lines logged for the request fastify numbered `reqId`. */
const linesOf = (reqId: unknown) => lines.filter((line) => line.reqId === reqId);

describe('the request log', () => {
  it("gives each signed-in request one line with its method, URL, status, time and the employee's id", async () => {
    const url = '/api/v1/client?page=2&itemsPerPage=10';
    const answer = await server.get(url);
    expect(answer.statusCode).toBe(200);
    const line = lines.findLast((l) => typeof l.msg === 'string' && l.msg.startsWith(`GET ${url} 200 (`));
    expect(line, JSON.stringify(lines.slice(-3))).toMatchObject({ level: 30, employee, req: { method: 'GET', url }, res: { statusCode: 200 } });
    expect(line!.msg).toMatch(/^GET \S+ 200 \(\d+ ms\)$/);
    expect(linesOf(line!.reqId)).toHaveLength(1);
  });

  it('names no employee where there is none: a public route, a refused token', async () => {
    expect((await server.get('/api/health', null)).statusCode).toBe(200);
    expect((await server.get('/api/v1/client?page=1', 'not-a-token')).statusCode).toBe(401);
    const health = lines.findLast((l) => typeof l.msg === 'string' && l.msg.startsWith('GET /api/health 200'));
    const refused = lines.findLast((l) => typeof l.msg === 'string' && l.msg.startsWith('GET /api/v1/client?page=1 401'));
    expect(health).toBeDefined();
    expect(refused).toBeDefined();
    expect(health).not.toHaveProperty('employee');
    expect(refused).not.toHaveProperty('employee');
  });

  it('logs one line per server-built export: employee, report, block, format, filters, rows and time', async () => {
    const list = await server.get('/api/v1/report/movements/order?page=1&itemsPerPage=-1&sortBy=createdAt&sortDesc=true&isForLodging=true');
    const rows = list.json<{ data: unknown[] }>().data.length;
    expect(rows).toBeGreaterThan(0);
    const body = { report: 'movements-order', block: '0', format: 'csv', params: 'isForLodging=true' };
    const answer = await server.request({
      method: 'POST',
      url: '/api/v1/export',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(answer.statusCode).toBe(200);
    const exports = () => lines.filter((line) => line.export !== undefined);
    await expect.poll(() => exports().length).toBe(1);
    const [line] = exports();
    expect(line).toMatchObject({
      level: 30,
      employee,
      export: { report: 'movements-order', block: '0', format: 'csv', filters: 'isForLodging=true', rows },
    });
    const { ms } = line!.export as { ms: number };
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(line!.msg).toBe(`export movements-order block 0 csv: ${rows} rows in ${ms} ms`);
  });
});
