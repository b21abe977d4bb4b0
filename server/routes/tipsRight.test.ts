import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import posSales from '../../reports/pos/sales.ts';
import { reportDefinitionSchema, type TableBlock } from '../../schema/reportDefinition.ts';
import { demoEmployee, restrictedEmployee } from '../demo/demoAccounts.ts';
import { startTestServer, testToday, type TestServer } from '../../tests/support/testServer.ts';

// The tips right holds over figures: every GET route, asked as the employee without it, answers no tip amount.
let server: TestServer;
let routeParams: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  const one = async (sql: string) => String(Object.values((await server.db.query<Record<string, unknown>>(sql))[0] ?? {})[0]);
  // Params that reach data: a booking with orders, a client with bookings, an order with a tip item when there is one.
  routeParams = {
    ref: await one(`SELECT b.ref FROM bookings b JOIN booking_orders o ON o.booking_id = b.id ORDER BY o.tip_include DESC, b.id LIMIT 1`),
    id: await one(`SELECT user_id FROM bookings ORDER BY id LIMIT 1`),
    type: 'task',
    masterID: await one(`SELECT master_id FROM clients WHERE master_id IS NOT NULL ORDER BY id LIMIT 1`),
  };
});
afterAll(() => server.close());

const tipKey = /tip/i;

/** Every number (or numeric text) held under a key naming a tip, with its path. */
function tipAmounts(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => tipAmounts(item, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const here = `${path}.${key}`;
    if (tipKey.test(key) && (typeof item === 'number' || (typeof item === 'string' && item.trim() !== '' && !Number.isNaN(Number(item))))) {
      return [`${here} = ${String(item)}`];
    }
    if (tipKey.test(key) && item !== null && typeof item === 'object') return [...tipAmounts(item, here), ...numbersIn(item, here)];
    return tipAmounts(item, here);
  });
}

const numbersIn = (value: unknown, path: string): string[] =>
  typeof value === 'number' ? [`${path} = ${value}`]
  : Array.isArray(value) ? value.flatMap((v, i) => numbersIn(v, `${path}[${i}]`))
  : value !== null && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => numbersIn(v, `${path}.${k}`))
  : [];

// The query a route cannot answer without.
const requiredQuery: Record<string, string> = {
  '/api/v1/report/booking/ocupacion': `year=${testToday.slice(0, 4)}`,
  '/api/v1/placereservation/place/detail': `dateStart=${testToday.slice(0, 8)}01&dateEnd=${testToday}`,
};

/** The GET routes the server registered, params filled. */
function getUrls(): string[] {
  const urls = server.app.routeList
    .filter((r) => r.method === 'GET' && r.url.startsWith('/api/'))
    .map((r) => {
      const path = r.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(routeParams[name] ?? '1'));
      return requiredQuery[r.url] ? `${path}?${requiredQuery[r.url]}` : path;
    });
  return [...new Set(urls)];
}

/** The route's answer with every row when it takes a page size, as the given employee. */
async function everyRow(url: string, token: string) {
  for (const all of ['per_page=-1', 'itemsPerPage=-1', '']) {
    const res = await server.get(all ? `${url}${url.includes('?') ? '&' : '?'}${all}` : url, token);
    if (res.statusCode !== 400 || !all) return res;
  }
  throw new Error('unreachable');
}

describe('the tips right covers tip figures on every route', () => {
  it('walks every GET route as the employee without the right and finds no tip amount', async () => {
    const urls = getUrls();
    expect(urls.length).toBeGreaterThan(40);
    const found: string[] = [];
    const unanswered: string[] = [];
    let answered = 0;
    for (const url of urls) {
      const res = await everyRow(url, server.restrictedToken);
      if (res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/json')) {
        answered += 1;
        found.push(...tipAmounts(res.json()).slice(0, 3).map((where) => `${url}: ${where}`));
      } else if (res.statusCode !== 403) {
        unanswered.push(`${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(unanswered).toEqual([]);
    expect(answered).toBeGreaterThan(40);
    expect(found).toEqual([]);
  });

  it('refuses the tips report itself to that employee', async () => {
    for (const url of ['/api/v1/employee/tip', '/api/v1/employee/tip/group']) {
      expect((await server.get(url, server.restrictedToken)).statusCode).toBe(403);
    }
  });

  it('tells the browser at sign-in whether the employee holds the right (the menu hides what it would refuse)', async () => {
    for (const [account, canSeeTips, ip] of [[demoEmployee, true, '10.9.0.1'], [restrictedEmployee, false, '10.9.0.2']] as const) {
      const res = await server.request({ method: 'POST', url: '/api/v1/auth/login/employee', payload: account, remoteAddress: ip });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ employee: { canSeeTips: unknown } }>().employee.canSeeTips).toBe(canSeeTips);
    }
  });

  it('leaves no tip to rebuild by subtraction: an order total without the right holds no tip', async () => {
    const res = await server.get('/api/v1/report/closed-order?per_page=-1', server.restrictedToken);
    const orders = res.json<{ data: Array<{ invoice: string; subtotal: number; taxAmount: number; total: number; tipAmount: unknown }> }>().data;
    expect(orders.length).toBeGreaterThan(10);
    const rebuilt = orders.filter((o) => Math.abs(o.total - o.subtotal - o.taxAmount) > 0.001);
    expect(rebuilt.map((o) => o.invoice)).toEqual([]);
    expect(orders.every((o) => o.tipAmount === null)).toBe(true);
    const payments = (await server.get('/api/v1/report/payment', server.restrictedToken)).json<{
      data: Array<{ subtotal: number; taxAmount: number; total: number }>;
    }>().data;
    expect(payments.filter((p) => Math.abs(p.total - p.subtotal - p.taxAmount) > 0.001)).toEqual([]);
  });

  it('gives the employee with the right the real tips, equal to the database sums', async () => {
    const [sums] = await server.db.query<{ tips: string; orders: string }>(
      `SELECT sum(tip_amount) AS tips, count(*) FILTER (WHERE tip_amount > 0) AS orders FROM pos_orders WHERE status = 'closed'`,
    );
    const tips = Number(sums!.tips);
    expect(tips).toBeGreaterThan(0);
    const orders = (await server.get('/api/v1/report/closed-order?per_page=-1', server.token)).json<{ data: Array<{ tipAmount: number }> }>().data;
    expect(orders.reduce((s, o) => s + o.tipAmount, 0)).toBeCloseTo(tips, 2);
    expect(orders.filter((o) => o.tipAmount > 0)).toHaveLength(Number(sums!.orders));
    const general = (await server.get('/api/v1/report/pos-general', server.token)).json<{ data: { acumTip: number } }>().data;
    expect(general.acumTip).toBeCloseTo(tips, 2);
    const groups = (await server.get('/api/v1/report/group-order?per_page=-1', server.token)).json<{ data: Array<{ tipAcum: number }> }>().data;
    expect(groups.reduce((s, g) => s + g.tipAcum, 0)).toBeCloseTo(tips, 2);
    const payments = (await server.get('/api/v1/report/payment', server.token)).json<{ data: Array<{ tipAmount: number }> }>().data;
    expect(payments.reduce((s, p) => s + p.tipAmount, 0)).toBeCloseTo(tips, 2);
  });

  it('gives both employees the same real income, cost and margin (computed without the tip)', async () => {
    const pick = ({ data }: { data: Record<string, unknown> }) => ({
      realIncome: data.realIncome, cost: data.cost, grossMargin: data.grossMargin, cmvPerc: data.cmvPerc, taxAcum: data.taxAcum,
    });
    const manager = pick((await server.get('/api/v1/report/pos-general', server.token)).json());
    const restricted = (await server.get('/api/v1/report/pos-general', server.restrictedToken)).json<{ data: Record<string, unknown> }>();
    expect(pick(restricted)).toEqual(manager);
    expect(restricted.data.acumTip).toBeNull();
  });

  it('leaves the tips out of a server-built file of the POS orders for that employee, totals included', async () => {
    const blocks = reportDefinitionSchema.parse(posSales).blocks;
    const blockIndex = blocks.findIndex((b) => b.kind === 'table');
    const block = blocks[blockIndex] as TableBlock;
    const tipIndex = block.columns.findIndex((c) => c.field === 'tipAmount');
    const csv = async (token: string) => {
      // The screen over the whole test history, without the orders' lines: the file the server describes itself.
      const body = { report: posSales.id, block: String(blockIndex), answer: 'no', format: 'csv', params: 'period=2020-01-01..2026-03-16' };
      const res = await server.request({
        method: 'POST',
        url: '/api/v1/export',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, res.payload.slice(0, 200)).toBe(200);
      const lines = res.payload.replace(/^\uFEFF/, '').split('\r\n').filter(Boolean);
      const header = lines.findIndex((line) => line.startsWith('Factura;'));
      return lines.slice(header + 1).map((line) => line.split(';')[tipIndex]);
    };
    const restricted = await csv(server.restrictedToken);
    expect(restricted.length).toBeGreaterThan(10);
    expect(restricted.filter((cell) => cell !== '')).toEqual([]);
    const manager = await csv(server.token);
    expect(manager.filter((cell) => cell !== '' && cell !== '0').length).toBeGreaterThan(10);
  });
});
