import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionFiles, loadDefinitionFile } from '../../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import { apiContract, sourceRoute, type RouteContract } from '../../schema/contract/routes.ts';
import { answerDrift } from '../../tests/support/answerDrift.ts';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { routeContract } from './answerSchemas.ts';

// The routes no report definition reads, each called once on the test data; tests/reportsApi.test.ts parses the
// answers of every definition's sources the same way.
let server: TestServer;
beforeAll(async () => {
  // A transport that takes every mail, so that "Enviar ahora" is offered (its job is never sent here).
  server = await startTestServer({ mail: { transport: { sendMail: async () => undefined, close: () => undefined }, pollSeconds: 3600 } });
});
afterAll(() => server.close());

const called = new Set<string>();

async function expectContractAnswer(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', route: string, url: string, payload?: object) {
  const res = await server.request({ method, url, headers: { authorization: `Bearer ${server.token}` }, ...(payload ? { payload } : {}) });
  const contract = routeContract(method, route)!;
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(contract.status ?? 200);
  if (contract.answer) expect(answerDrift(contract, res.json()), url).toEqual([]);
  called.add(`${method} ${route}`);
  return res;
}

async function one<T>(sql: string): Promise<T> {
  const [row] = await server.db.query<T>(sql);
  if (!row) throw new Error(`the test data has no row for ${sql}`);
  return row;
}

describe('the API contract (schema/contract)', () => {
  it('names every route the server registers, and no other', () => {
    const registered = server.app.routeList.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    const webApp = registered.filter((key) => !routeContract(...(key.split(' ') as [string, string])) && !key.includes(' /api/'));
    expect(registered.filter((key) => !webApp.includes(key)).sort()).toEqual(Object.keys(apiContract).sort());
  });

  it('parses the real answer of each route no definition reads', async () => {
    const { ref } = await one<{ ref: string }>(
      `SELECT b.ref FROM bookings b WHERE EXISTS (SELECT 1 FROM booking_orders o WHERE o.booking_id = b.id)
          AND EXISTS (SELECT 1 FROM payments p WHERE p.booking_id = b.id) ORDER BY b.id LIMIT 1`,
    );
    for (const part of ['ref', 'balance', 'guests', 'order', 'pay']) {
      await expectContractAnswer('GET', `/api/v1/booking/${part}/:ref`, `/api/v1/booking/${part}/${ref}`);
    }
    const order = await one<{ id: number }>('SELECT id FROM booking_orders ORDER BY id LIMIT 1');
    await expectContractAnswer('GET', '/api/v1/order/:id', `/api/v1/order/${order.id}`);
    const client = await one<{ id: number; master_id: string }>('SELECT id, master_id FROM clients WHERE master_id IS NOT NULL ORDER BY id LIMIT 1');
    await expectContractAnswer('GET', '/api/v1/client/:id', `/api/v1/client/${client.id}`);
    await expectContractAnswer('GET', '/api/v1/client/:id/bookings', `/api/v1/client/${client.id}/bookings`);
    await expectContractAnswer('GET', '/api/v1/client/app-info/:masterID', `/api/v1/client/app-info/${client.master_id}`);
    // A client without the app has no app info.
    const offApp = await one<{ id: number }>('SELECT id FROM clients WHERE master_id IS NULL ORDER BY id LIMIT 1');
    await expectContractAnswer('GET', '/api/v1/client/:id', `/api/v1/client/${offApp.id}`);
    const employee = await one<{ id: number }>('SELECT id FROM employees ORDER BY id LIMIT 1');
    await expectContractAnswer('GET', '/api/v1/user/:id', `/api/v1/user/${employee.id}`);
    for (const url of [
      '/api/v1/about', '/api/v1/trm', '/api/version', '/api/health', '/api/ready', '/config.json', '/api/v1/user', '/api/v1/place',
      '/api/v1/place/spaces', '/api/v1/place/typology', '/api/v1/place/business', '/api/v1/employee', '/api/v1/area',
      '/api/v1/report/service/order', '/api/v1/event/list', '/api/v1/report/closed-order',
    ]) {
      await expectContractAnswer('GET', url, url);
    }
    const payment = await one<{ id: number }>('SELECT id FROM payments ORDER BY id LIMIT 1');
    await expectContractAnswer('POST', '/api/v1/pay_status', `/api/v1/pay_status?id=${payment.id}`);
    const state = { filters: [['status', 'confirmed']], params: [] };
    const made = await expectContractAnswer('POST', '/api/v1/views', '/api/v1/views', { reportId: 'general-booking', path: '/general/booking', name: 'Contrato', state });
    const { id } = (made.json() as { data: { id: number } }).data;
    await expectContractAnswer('GET', '/api/v1/views', '/api/v1/views');
    await expectContractAnswer('PATCH', '/api/v1/views/:id', `/api/v1/views/${id}`, { name: 'Contrato 2' });
    await expectContractAnswer('DELETE', '/api/v1/views/:id', `/api/v1/views/${id}`);
    const subscription = await expectContractAnswer('POST', '/api/v1/subscriptions', '/api/v1/subscriptions', {
      reportId: 'pos-sales', path: '/pos/sales', blocks: ['3'], state: { filters: [], params: [] },
      schedule: { frequency: 'weekly', weekdays: [1], hour: 7 }, format: 'xlsx', skipEmpty: false,
    });
    const subscriptionId = (subscription.json() as { data: { id: number } }).data.id;
    await expectContractAnswer('GET', '/api/v1/subscriptions', '/api/v1/subscriptions');
    await expectContractAnswer('GET', '/api/v1/subscriptions/recipients', '/api/v1/subscriptions/recipients');
    await expectContractAnswer('PATCH', '/api/v1/subscriptions/:id', `/api/v1/subscriptions/${subscriptionId}`, { schedule: { frequency: 'monthly', monthDay: 31, hour: 7 } });
    await expectContractAnswer('POST', '/api/v1/subscriptions/:id/send', `/api/v1/subscriptions/${subscriptionId}/send`);
    await expectContractAnswer('DELETE', '/api/v1/subscriptions/:id', `/api/v1/subscriptions/${subscriptionId}`);
    const login = await server.request({ method: 'POST', url: '/api/v1/auth/login/employee', payload: { email: 'demo@mirador.test', password: 'mirador-demo' } });
    expect(answerDrift(routeContract('POST', '/api/v1/auth/login/employee'), login.json())).toEqual([]);
    called.add('POST /api/v1/auth/login/employee');

    // Every JSON route is proven here or by a definition's source in tests/reportsApi.test.ts.
    const definitions = await Promise.all(definitionFiles().map(async (file) => reportDefinitionSchema.parse(await loadDefinitionFile(file))));
    const sourced = new Set(definitions.flatMap((d) => Object.values(d.sources).map((s) => sourceRoute(s.path))));
    const unproven = Object.entries(apiContract as Record<string, RouteContract>)
      .filter(([key, contract]) => contract.answer && !called.has(key) && !sourced.has(contract))
      .map(([key]) => key);
    expect(unproven).toEqual([]);
  });
});
