import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { messages } from '../messages.ts';
import { expectError, getOk as getOkFrom, utcDay } from '../../tests/support/apiAssertions.ts';
import { holdsKeyword } from '../../tests/support/keyword.ts';

// Expected figures are recomputed in JavaScript from raw tasks and transactions, never with the server's SQL.
let server: TestServer;
interface RawTask {
  id: number;
  area_id: number;
  task_option_id: number;
  employee_id: number | null;
  date_start: Date;
  status: string;
  place_name: string | null;
  option_name: string;
  color: string;
}
interface RawTx {
  task_id: number;
  status: string;
  created_at: Date;
}
let tasks: RawTask[];
let txs: RawTx[];
beforeAll(async () => {
  server = await startTestServer();
  tasks = await server.db.query<RawTask>(
    `SELECT k.id, k.area_id, k.task_option_id, k.employee_id, k.date_start, k.status, p.name AS place_name,
            o.name AS option_name, o.color
       FROM tasks k JOIN task_options o ON o.id = k.task_option_id LEFT JOIN places p ON p.id = k.place_id`,
  );
  txs = await server.db.query<RawTx>('SELECT task_id, status, created_at FROM task_transactions');
});
afterAll(() => server.close());

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const inDays = (t: RawTask, from: string, to: string) => utcDay(t.date_start) >= from && utcDay(t.date_start) <= to;


const getOk = (url: string) => getOkFrom(server, url);

describe('GET /api/v1/area', () => {
  it('lists every area', async () => {
    const raw = await server.db.query<{ id: number; name: string }>('SELECT id, name FROM areas');
    const body = await getOk('/api/v1/area');
    expect(sorted(body.data.map((a: { _id: number }) => a._id))).toEqual(sorted(raw.map((a) => a.id)));
    for (const a of body.data) expect(Object.keys(a).sort()).toEqual(['_id', 'name']);
  });

  it('answers the lookup call: a page of areas whose name holds the keyword', async () => {
    const raw = await server.db.query<{ id: number; name: string }>('SELECT id, name FROM areas');
    const word = raw[0]!.name.slice(1, 5);
    const body = await getOk(`/api/v1/area?page=1&itemsPerPage=10&search=${encodeURIComponent(word)}`);
    const expected = raw.filter((a) => holdsKeyword([a.name], word));
    expect(body.total).toBe(expected.length);
    expect(sorted(body.data.map((a: { _id: number }) => a._id))).toEqual(sorted(expected.map((a) => a.id)));
    const first = await getOk('/api/v1/area?page=1&itemsPerPage=1');
    expect(first.data.length).toBe(1);
    expect(first.total).toBe(raw.length);
  });
});

describe('GET /api/v1/report/task', () => {
  it('answers the tasks planned on the days and areas asked, with place, option, employee and transactions', async () => {
    const [from, to] = ['2026-03-09', '2026-03-15'];
    const area = tasks.find((t) => inDays(t, from, to))!.area_id;
    for (const [query, keep] of [
      [`dateStart=${from}&dateEnd=${to}`, (t: RawTask) => inDays(t, from, to)],
      [`dateStart=${from}&dateEnd=${to}&area=${area}`, (t: RawTask) => inDays(t, from, to) && t.area_id === area],
      [`dateStart=${to}&dateEnd=${to}&area=1,2`, (t: RawTask) => inDays(t, to, to) && [1, 2].includes(t.area_id)],
    ] as const) {
      const expected = tasks.filter(keep);
      expect(expected.length, query).toBeGreaterThan(0);
      const body = await getOk(`/api/v1/report/task?${query}`);
      expect(sorted(body.data.map((t: { _id: number }) => t._id)), query).toEqual(sorted(expected.map((t) => t.id)));
      const byId = new Map(expected.map((t) => [t.id, t]));
      for (const row of body.data) {
        const t = byId.get(row._id)!;
        expect(row.status).toBe(t.status);
        expect(row.place?.name ?? null).toBe(t.place_name);
        expect(row.taskOption).toMatchObject({ name: t.option_name, color: t.color });
        expect(row.employee?._id ?? null).toBe(t.employee_id);
        expect(new Date(row.dateStart).getTime()).toBe(t.date_start.getTime());
        const own = txs.filter((x) => x.task_id === t.id);
        expect(row.transactions.map((x: { status: string }) => x.status).sort()).toEqual(own.map((x) => x.status).sort());
      }
    }
  });
});

describe('GET /api/v1/report/task/duration', () => {
  /** The KPI as a controller computes it by hand from the raw rows. */
  function expectedKpi(keep: (t: RawTask) => boolean) {
    const chosen = tasks.filter(keep);
    const first = (id: number, status: string) => {
      const times = txs.filter((x) => x.task_id === id && x.status === status).map((x) => x.created_at.getTime());
      return times.length ? Math.min(...times) : null;
    };
    const groups = new Map<string, { starts: number[]; finishes: number[]; tasks: number }>();
    const add = (key: string, start: number | null, finish: number | null) => {
      const g = groups.get(key) ?? { starts: [], finishes: [], tasks: 0 };
      g.tasks++;
      if (start !== null) g.starts.push(start);
      if (finish !== null) g.finishes.push(finish);
      groups.set(key, g);
    };
    for (const t of chosen.filter((t) => t.status !== 'cancel')) {
      const started = first(t.id, 'process');
      const completed = first(t.id, 'completed');
      const toStart = started === null ? null : (started - t.date_start.getTime()) / 60_000;
      const toFinish = started === null || completed === null ? null : (completed - started) / 60_000;
      add(`${t.task_option_id}`, toStart, toFinish);
      add(`${t.task_option_id}/${t.employee_id}`, toStart, toFinish);
    }
    const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
    return { canceled: chosen.filter((t) => t.status === 'cancel').length, total: chosen.length, groups, mean };
  }

  const close = (got: number | null, want: number | null) => {
    if (want === null) expect(got).toBeNull();
    else expect(Math.abs(got! - want)).toBeLessThanOrEqual(0.005 + 1e-9);
  };

  it('counts canceled tasks and averages minutes to start and to finish by task option then employee', async () => {
    const [from, to] = ['2026-02-16', '2026-03-16'];
    for (const [query, keep] of [
      [`dateStart=${from}&dateEnd=${to}`, (t: RawTask) => inDays(t, from, to)],
      [`dateStart=${from}&dateEnd=${to}&area=1`, (t: RawTask) => inDays(t, from, to) && t.area_id === 1],
    ] as const) {
      const want = expectedKpi(keep);
      expect(want.canceled, query).toBeGreaterThan(0);
      const body = await getOk(`/api/v1/report/task/duration?${query}`);
      expect(body.canceled).toBe(want.canceled);
      expect(body.total).toBe(want.total);
      const optionKeys = [...want.groups.keys()].filter((k) => !k.includes('/'));
      expect(body.data.length).toBe(optionKeys.length);
      for (const option of body.data) {
        const g = want.groups.get(`${option.taskOption._id}`)!;
        expect(option.tasks).toBe(g.tasks);
        close(option.averageMinutesToStart, want.mean(g.starts));
        close(option.averageMinutesToFinish, want.mean(g.finishes));
        expect(option.employees.reduce((s: number, e: { tasks: number }) => s + e.tasks, 0)).toBe(g.tasks);
        for (const e of option.employees) {
          const ge = want.groups.get(`${option.taskOption._id}/${e.employee?._id ?? null}`)!;
          expect(e.tasks).toBe(ge.tasks);
          close(e.averageMinutesToStart, want.mean(ge.starts));
          close(e.averageMinutesToFinish, want.mean(ge.finishes));
        }
      }
    }
  });

  it('answers zeros and no groups for days without tasks', async () => {
    expect(await getOk('/api/v1/report/task/duration?dateStart=2020-01-01&dateEnd=2020-01-31')).toEqual({
      canceled: 0,
      total: 0,
      data: [],
    });
  });
});

describe('bad input and sessions', () => {
  const paths = ['/api/v1/area', '/api/v1/report/task', '/api/v1/report/task/duration'];
  it('answers 401 without a token', async () => {
    for (const url of paths) expectError(await server.get(url, null), 401, messages.authRequired);
  });
  it('answers 400 in Spanish to unknown parameters, bad dates, reversed days and bad areas', async () => {
    for (const url of paths) expectError(await server.get(`${url}?foo=1`), 400, messages.unknownParameter('foo'));
    for (const q of ['dateStart=2026-02-30', 'dateStart=2026-03-10&dateEnd=2026-03-01', 'area=abc', 'area=0']) {
      expectError(await server.get(`/api/v1/report/task?${q}`), 400);
      expectError(await server.get(`/api/v1/report/task/duration?${q}`), 400);
    }
  });
});
