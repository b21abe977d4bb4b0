import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { messages } from '../messages.ts';
import { expectError, getOk as getOkFrom, utcDay } from '../../tests/support/apiAssertions.ts';
import { holdsKeyword } from '../../tests/support/keyword.ts';

// Expected rows and totals come from the raw tips and employees in JavaScript, never from the server's SQL.
let server: TestServer;
interface RawTip {
  id: number;
  employee_id: number;
  name: string;
  last_name: string;
  email: string;
  amount: number;
  note: string | null;
  created_at: Date;
}
interface RawEmployee {
  id: number;
  name: string;
  last_name: string;
  email: string;
}
let tips: RawTip[];
let employees: RawEmployee[];
beforeAll(async () => {
  server = await startTestServer();
  tips = await server.db.query<RawTip>(
    `SELECT t.id, t.employee_id, e.name, e.last_name, e.email, t.amount, t.note, t.created_at
       FROM tips t JOIN employees e ON e.id = t.employee_id`,
  );
  employees = await server.db.query<RawEmployee>('SELECT id, name, last_name, email FROM employees');
});
afterAll(() => server.close());

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const cents = (n: number) => Math.round(n * 100);
const inDays = (t: RawTip, from: string, to: string) => utcDay(t.created_at) >= from && utcDay(t.created_at) <= to;


const getOk = (url: string) => getOkFrom(server, url);

interface TipRow {
  _id: number;
  employee: { _id: number; name: string; lastName: string };
  email: string;
  amount: number;
  note: string | null;
  createdAt: string;
}

describe('GET /api/v1/employee/tip', () => {
  it('answers every tip with its employee, e-mail, amount and note', async () => {
    const body = await getOk('/api/v1/employee/tip?per_page=-1');
    expect(body.links.pagination.total).toBe(tips.length);
    const byId = new Map(tips.map((t) => [t.id, t]));
    expect(sorted(body.data.map((r: TipRow) => r._id))).toEqual(sorted(tips.map((t) => t.id)));
    for (const row of body.data as TipRow[]) {
      const t = byId.get(row._id)!;
      expect(row).toMatchObject({ employee: { _id: t.employee_id, name: t.name }, email: t.email, amount: t.amount, note: t.note });
      expect(new Date(row.createdAt).getTime()).toBe(t.created_at.getTime());
    }
  });

  it('keeps the tips of the days and keyword asked', async () => {
    const someone = tips[0]!;
    const cases: Array<[string, (t: RawTip) => boolean]> = [
      ['dateStart=2026-03-16&dateEnd=2026-03-16', (t) => inDays(t, '2026-03-16', '2026-03-16')],
      ['dateStart=2026-01-01&dateEnd=2026-02-15', (t) => inDays(t, '2026-01-01', '2026-02-15')],
      [`search=${encodeURIComponent(someone.last_name)}`, (t) => holdsKeyword([`${t.name} ${t.last_name}`, t.email, t.note], someone.last_name)],
      [`search=${encodeURIComponent(someone.email)}&dateStart=2025-01-01`, (t) => t.email === someone.email && utcDay(t.created_at) >= '2025-01-01'],
    ];
    for (const [query, keep] of cases) {
      const expected = tips.filter(keep).map((t) => t.id);
      expect(expected.length, query).toBeGreaterThan(0);
      const body = await getOk(`/api/v1/employee/tip?per_page=-1&${query}`);
      expect(sorted(body.data.map((r: TipRow) => r._id)), query).toEqual(sorted(expected));
    }
  });

  it('pages without overlap and maps the sort columns (employee name → employee.name, tip → tipAmount)', async () => {
    const size = 250;
    const pages = Math.ceil(tips.length / size);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const body = await getOk(`/api/v1/employee/tip?per_page=${size}&page=${page}`);
      expect(body.links.pagination).toEqual({ total: tips.length, per_page: size, current_page: page, last_page: pages });
      seen.push(...body.data.map((r: TipRow) => r._id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(sorted(seen)).toEqual(sorted(tips.map((t) => t.id)));

    const byTip = (await getOk('/api/v1/employee/tip?per_page=-1&sort=tipAmount|desc')).data as TipRow[];
    for (let i = 1; i < byTip.length; i++) expect(byTip[i - 1]!.amount).toBeGreaterThanOrEqual(byTip[i]!.amount);
    const json = encodeURIComponent(JSON.stringify({ direction: 'asc', field: 'Empleado', sortField: 'employee.name' }));
    const byName = (await getOk(`/api/v1/employee/tip?per_page=-1&sort=${json}`)).data as TipRow[];
    const names = byName.map((r) => r.employee.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('GET /api/v1/employee/tip/group', () => {
  it('totals the tips per employee for the days asked', async () => {
    for (const [query, keep] of [
      ['', () => true],
      ['dateStart=2026-02-01&dateEnd=2026-03-16', (t: RawTip) => inDays(t, '2026-02-01', '2026-03-16')],
    ] as const) {
      const chosen = tips.filter(keep);
      const per = new Map<number, { count: number; cents: number }>();
      for (const t of chosen) {
        const p = per.get(t.employee_id) ?? { count: 0, cents: 0 };
        p.count++;
        p.cents += cents(t.amount);
        per.set(t.employee_id, p);
      }
      const body = await getOk(`/api/v1/employee/tip/group${query ? `?${query}` : ''}`);
      expect(body.data.length).toBe(per.size);
      for (const row of body.data) {
        const p = per.get(row.employee._id)!;
        expect(row.count).toBe(p.count);
        expect(cents(row.amount)).toBe(p.cents);
        expect(row.email).toBe(employees.find((e) => e.id === row.employee._id)!.email);
      }
      expect(body.total).toEqual({ count: chosen.length, amount: chosen.reduce((s, t) => s + cents(t.amount), 0) / 100 });
      const amounts = body.data.map((r: { amount: number }) => r.amount);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    }
  });
});

describe('tip permission', () => {
  it('answers 403 No Permission to an employee who may not see tips, whatever the query', async () => {
    for (const url of ['/api/v1/employee/tip', '/api/v1/employee/tip/group', '/api/v1/employee/tip?foo=1']) {
      const res = await server.get(url, server.restrictedToken);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: messages.noPermission });
    }
  });
});

describe('GET /api/v1/employee', () => {
  it('lists employees paged, searched, without password hashes', async () => {
    const body = await getOk('/api/v1/employee?itemsPerPage=-1');
    expect(body.total).toBe(employees.length);
    expect(sorted(body.data.map((e: { _id: number }) => e._id))).toEqual(sorted(employees.map((e) => e.id)));
    expect(JSON.stringify(body)).not.toMatch(/password|hash|\$2[aby]\$|scrypt|argon/i);
    const first = await getOk('/api/v1/employee?itemsPerPage=5&page=1');
    const second = await getOk('/api/v1/employee?itemsPerPage=5&page=2');
    expect(first.total).toBe(employees.length);
    const ids = [...first.data, ...second.data].map((e: { _id: number }) => e._id);
    expect(new Set(ids).size).toBe(10);
    const word = employees[2]!.last_name.split(' ')[0]!;
    const found = await getOk(`/api/v1/employee?itemsPerPage=-1&search=${encodeURIComponent(word)}`);
    const expected = employees.filter((e) => holdsKeyword([`${e.name} ${e.last_name}`, e.email], word));
    expect(sorted(found.data.map((e: { _id: number }) => e._id))).toEqual(sorted(expected.map((e) => e.id)));
  });
});

describe('bad input and sessions', () => {
  const paths = ['/api/v1/employee/tip', '/api/v1/employee/tip/group', '/api/v1/employee'];
  it('answers 401 without a token', async () => {
    for (const url of paths) expectError(await server.get(url, null), 401, messages.authRequired);
  });
  it('answers 400 in Spanish to unknown parameters and bad values', async () => {
    for (const url of paths) expectError(await server.get(`${url}?foo=1`), 400, messages.unknownParameter('foo'));
    for (const q of ['dateStart=2026-02-30', 'dateStart=2026-03-10&dateEnd=2026-03-01', 'sort=password|asc', 'per_page=0']) {
      expectError(await server.get(`/api/v1/employee/tip?${q}`), 400);
    }
    expectError(await server.get('/api/v1/employee/tip/group?dateEnd=ayer'), 400);
    expectError(await server.get('/api/v1/employee?itemsPerPage=0'), 400);
    expectError(await server.get('/api/v1/employee?sortBy=password_hash'), 400);
  });
});
