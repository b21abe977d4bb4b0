import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testToday, type TestServer } from '../../tests/support/testServer.ts';
import { getOk as getOkFrom } from '../../tests/support/apiAssertions.ts';
import { accentedWord, holdsKeyword, spellings } from '../../tests/support/keyword.ts';
import { formatValue } from '../../core/format.ts';
import { columnTotal } from '../../core/export/columnTotals.ts';
import { compareKeys } from '../../core/table/cellValues.ts';
import useTime from '../../reports/app/useTime.ts';
import { reportDefinitionSchema, type Block, type ColumnDefinition } from '../../schema/reportDefinition.ts';

let server: TestServer;
type Usage = { client_id: number; date: string; seconds: number; name: string; last_name: string; email: string | null };
let usage: Usage[];
type Lead = {
  id: number; name: string; last_name: string; email: string | null; phone: string | null; source: string;
  interest: string | null; message: string | null; status: string; created_at: string; day: string;
};
let leads: Lead[];

beforeAll(async () => {
  server = await startTestServer();
  usage = await server.db.query<Usage>(
    `SELECT a.client_id, a.date, a.seconds, c.name, c.last_name, c.email
       FROM app_usage a, clients c WHERE c.id = a.client_id`,
  );
  leads = await server.db.query<Lead>(
    `SELECT id, name, last_name, email, phone, source, interest, message, status,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') AS created_at,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
       FROM leads`,
  );
});
afterAll(() => server.close());

const getOk = (url: string) => getOkFrom(server, url);

// Hours with two decimals, rounded half up (the figures are never negative).
const hours = (seconds: number) => Math.round(seconds / 36) / 100;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('GET /api/v1/use/time/resume/fetch', () => {
  const yesterday = addDays(testToday, -1);

  it('answers each user of the day with seconds and hours, most time first', async () => {
    const day = usage.filter((u) => u.date === yesterday);
    expect(day.length, 'test data has usage yesterday').toBeGreaterThan(1);
    const { data } = await getOk(`/api/v1/use/time/resume/fetch?date=${yesterday}`);
    expect(data).toHaveLength(day.length);
    const byId = new Map(day.map((u) => [u.client_id, u]));
    for (const row of data) {
      const u = byId.get(row.user._id)!;
      expect(row).toEqual({
        user: { _id: u.client_id, name: u.name, lastName: u.last_name, email: u.email },
        time: u.seconds,
        hours: hours(u.seconds),
      });
    }
    const times = data.map((r: { time: number }) => r.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('defaults to yesterday, answers an empty day empty and accepts today', async () => {
    expect(await getOk('/api/v1/use/time/resume/fetch')).toEqual(
      await getOk(`/api/v1/use/time/resume/fetch?date=${yesterday}`),
    );
    expect((await getOk('/api/v1/use/time/resume/fetch?date=2001-01-01')).data).toEqual([]);
    const today = await getOk(`/api/v1/use/time/resume/fetch?date=${testToday}`);
    expect(today.data).toHaveLength(usage.filter((u) => u.date === testToday).length);
  });

  it.each([addDays(testToday, 1), '2026-02-30', 'ayer', `${testToday}&foo=1`, `${testToday}&date=${yesterday}`])(
    'answers 400 in Spanish to date=%s',
    async (date) => {
      const res = await server.get(`/api/v1/use/time/resume/fetch?date=${date}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Parámetro/);
      expect(res.body).not.toMatch(/SELECT|app_usage|at \//);
    },
  );
});

describe('GET /api/v1/use/time/resume/group/fetch', () => {
  /** The expected rows of every day from `from` to `to`, from the raw usage rows. */
  function expectedDays(from: string, to: string) {
    const rows = [];
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const ofDay = usage.filter((u) => u.date === day);
      const total = ofDay.reduce((s, u) => s + u.seconds, 0);
      const count = ofDay.length;
      rows.push({ _id: day, total, count, totalHours: hours(total), average: count ? hours(total / count) : 0 });
    }
    return rows;
  }

  it('answers every day of the range with total seconds, users and average hours per user', async () => {
    const from = addDays(testToday, -40);
    const { data } = await getOk(`/api/v1/use/time/resume/group/fetch?dateStart=${from}&dateEnd=${testToday}`);
    const expected = expectedDays(from, testToday);
    expect(expected.some((d) => d.count > 1), 'test data has days with several users').toBe(true);
    expect(data).toEqual(expected);
  });

  it('agrees with the per-user call on the same day', async () => {
    const day = addDays(testToday, -1);
    const users = (await getOk(`/api/v1/use/time/resume/fetch?date=${day}`)).data as Array<{ time: number }>;
    const [row] = (await getOk(`/api/v1/use/time/resume/group/fetch?dateStart=${day}&dateEnd=${day}`)).data;
    expect(row.count).toBe(users.length);
    expect(row.total).toBe(users.reduce((s, u) => s + u.time, 0));
  });

  it('swaps a reversed range, takes one date as a single day and defaults to the current week', async () => {
    const a = addDays(testToday, -10);
    expect(await getOk(`/api/v1/use/time/resume/group/fetch?dateStart=${testToday}&dateEnd=${a}`)).toEqual(
      await getOk(`/api/v1/use/time/resume/group/fetch?dateStart=${a}&dateEnd=${testToday}`),
    );
    expect((await getOk(`/api/v1/use/time/resume/group/fetch?dateStart=${a}`)).data).toEqual(expectedDays(a, a));
    expect((await getOk(`/api/v1/use/time/resume/group/fetch?dateEnd=${a}`)).data).toEqual(expectedDays(a, a));
    // testToday (2026-03-16) is a Monday.
    expect((await getOk('/api/v1/use/time/resume/group/fetch')).data).toEqual(expectedDays(testToday, addDays(testToday, 6)));
  });

  it.each(['dateStart=2020-01-01&dateEnd=2026-01-01', 'dateStart=2026-02-30', 'dateEnd=hoy', 'date=2026-03-01'])(
    'answers 400 in Spanish to %s',
    async (query) => {
      const res = await server.get(`/api/v1/use/time/resume/group/fetch?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Parámetro/);
    },
  );
});

describe('Uso de la app: the same day on both tabs', () => {
  const definition = reportDefinitionSchema.parse(useTime);
  const tables = (blocks: readonly Block[]): Block[] =>
    blocks.flatMap((b) => (b.kind === 'tabs' ? (b.tabs ?? []).flatMap((t) => tables(t.blocks)) : b.kind === 'table' ? [b] : []));
  const columnOf = (source: string, header: string): ColumnDefinition => {
    const table = tables(definition.blocks).find((b) => b.kind === 'table' && b.source === source);
    return (table as { columns: ColumnDefinition[] }).columns.find((c) => c.header === header)!;
  };

  it('shows the Usuarios footer and the Días "Horas totales" alike, the day\'s seconds / 3600 rounded once', async () => {
    const users = columnOf('users', 'Horas');
    const totalHours = columnOf('days', 'Horas totales');
    const from = addDays(testToday, -60);
    const expected = await server.db.query<{ day: string; shown: string }>(
      `SELECT to_char(date, 'YYYY-MM-DD') AS day, to_char(round(sum(seconds)::numeric / 3600, 2), 'FM999,990.00') AS shown
         FROM app_usage WHERE date BETWEEN $1::date AND $2::date GROUP BY date ORDER BY date`,
      [from, testToday],
    );
    expect(expected.length).toBeGreaterThan(30);
    const { data: days } = await getOk(`/api/v1/use/time/resume/group/fetch?dateStart=${from}&dateEnd=${testToday}`);
    for (const { day, shown } of expected) {
      const { data: rows } = await getOk(`/api/v1/use/time/resume/fetch?date=${day}`);
      const footer = formatValue(users.format, columnTotal(users, users.total!, rows));
      const dayRow = (days as Array<{ _id: string }>).find((d) => d._id === day);
      expect({ day, footer, days: formatValue(totalHours.format, dayRow && (dayRow as Record<string, unknown>)[totalHours.field!]) })
        .toEqual({ day, footer: shown, days: shown });
    }
  });
});

describe('GET /api/v1/lead/table', () => {
  const ids = (rows: Array<{ _id: number }>) => rows.map((r) => r._id);
  const sortedIds = (rows: Array<{ _id: number } | { id: number }>) =>
    rows.map((r) => ('_id' in r ? r._id : r.id)).sort((a, b) => a - b);

  it('answers every lead with its fields, newest first, and the total', async () => {
    expect(leads.length, 'test data has leads').toBeGreaterThan(20);
    const body = await getOk('/api/v1/lead/table?itemsPerPage=-1');
    expect(body.total).toBe(leads.length);
    const expected = [...leads].sort((a, b) => b.created_at.localeCompare(a.created_at) || a.id - b.id);
    expect(ids(body.data)).toEqual(expected.map((l) => l.id));
    const l = expected[0]!;
    expect(body.data[0]).toEqual({
      _id: l.id, name: l.name, lastName: l.last_name, email: l.email, phone: l.phone, source: l.source,
      interest: l.interest, message: l.message, status: l.status, createdAt: expect.stringContaining(l.day),
    });
    expect(Date.parse(body.data[0].createdAt)).toBe(Date.parse(`${l.created_at}Z`));
  });

  it('pages 50 by default, pages disjoint and complete', async () => {
    const first = await getOk('/api/v1/lead/table');
    expect(first.data).toHaveLength(Math.min(50, leads.length));
    const size = 17;
    const seen: number[] = [];
    for (let page = 1; page <= Math.ceil(leads.length / size); page++) {
      const body = await getOk(`/api/v1/lead/table?itemsPerPage=${size}&page=${page}`);
      expect(body.total).toBe(leads.length);
      seen.push(...ids(body.data));
    }
    expect(new Set(seen).size).toBe(leads.length);
    expect((await getOk(`/api/v1/lead/table?itemsPerPage=${size}&page=999`)).data).toEqual([]);
  });

  it('sorts by any listed field both ways, then by id', async () => {
    // Names in Spanish order (accents and case folded, ñ after n), as the browser's tables sort them.
    for (const desc of [false, true]) {
      const expected = [...leads].sort((a, b) => (desc ? -1 : 1) * compareKeys(a.name, b.name) || a.id - b.id);
      const body = await getOk(`/api/v1/lead/table?itemsPerPage=-1&sortBy=name&sortDesc=${desc}`);
      expect(ids(body.data), `name ${desc}`).toEqual(expected.map((l) => l.id));
    }
    for (const [field, column] of [['status', 'status'], ['createdAt', 'created_at'], ['source', 'source']]) {
      for (const desc of [false, true]) {
        const raw = await server.db.query<{ id: number }>(
          `SELECT id FROM leads ORDER BY ${column} ${desc ? 'DESC' : 'ASC'}, id`,
        );
        const body = await getOk(`/api/v1/lead/table?itemsPerPage=-1&sortBy=${field}&sortDesc=${desc}`);
        expect(ids(body.data), `${field} ${desc}`).toEqual(raw.map((r) => r.id));
      }
    }
  });

  const leadText = (l: Lead) => [`${l.name} ${l.last_name}`, l.email, l.phone, l.source, l.interest, l.status];

  it('searches name, last name, e-mail, phone, source, interest and status, ignoring case', async () => {
    const sample = leads.find((l) => l.email)!;
    for (const keyword of [sample.last_name.toUpperCase(), sample.email!, `${sample.name} ${sample.last_name}`, '%', 'convert']) {
      const expected = leads.filter((l) => holdsKeyword(leadText(l), keyword));
      const body = await getOk(`/api/v1/lead/table?itemsPerPage=-1&search=${encodeURIComponent(keyword)}`);
      expect(sortedIds(body.data), keyword).toEqual(sortedIds(expected));
      expect(body.total).toBe(expected.length);
    }
  });

  it('ignores case and accents: garcia, GARCÍA and García find the same leads', async () => {
    const word = accentedWord(leads.map((l) => l.last_name));
    expect(word, 'test data has an accented last name').toBeDefined();
    for (const keyword of ['García', word!]) {
      const expected = sortedIds(leads.filter((l) => holdsKeyword(leadText(l), keyword)));
      expect(expected.length, keyword).toBeGreaterThan(0);
      for (const spelt of spellings(keyword)) {
        const body = await getOk(`/api/v1/lead/table?itemsPerPage=-1&search=${encodeURIComponent(spelt)}`);
        expect(sortedIds(body.data), spelt).toEqual(expected);
        expect(body.total).toBe(expected.length);
      }
    }
  });

  it('filters by status, source and creation day or range', async () => {
    const byStatus = leads.filter((l) => l.status === 'nuevo' || l.status === 'descartado');
    expect(byStatus.length).toBeGreaterThan(0);
    expect(sortedIds((await getOk('/api/v1/lead/table?itemsPerPage=-1&status=nuevo,descartado')).data)).toEqual(
      sortedIds(byStatus),
    );
    const source = leads[0]!.source;
    expect(
      sortedIds((await getOk(`/api/v1/lead/table?itemsPerPage=-1&source=${encodeURIComponent(source)}`)).data),
    ).toEqual(sortedIds(leads.filter((l) => l.source === source)));
    const day = leads[0]!.day;
    expect(sortedIds((await getOk(`/api/v1/lead/table?itemsPerPage=-1&createdAt=${day}`)).data)).toEqual(
      sortedIds(leads.filter((l) => l.day === day)),
    );
    const from = addDays(testToday, -30);
    const inRange = leads.filter((l) => l.day >= from && l.day <= testToday);
    expect(inRange.length).toBeGreaterThan(0);
    const body = await getOk(`/api/v1/lead/table?itemsPerPage=-1&createdAt=${from}&createdAt=${testToday}`);
    expect(sortedIds(body.data)).toEqual(sortedIds(inRange));
  });

  const bad = ['sortBy=foo', 'sortDesc=si', 'itemsPerPage=0', 'page=0', 'status=ganado', 'createdAt=2026-13-01',
    'createdAt=2026-03-10&createdAt=2026-03-01', 'per_page=10'];
  it.each(bad)('answers 400 in Spanish to %s', async (query) => {
    const res = await server.get(`/api/v1/lead/table?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Parámetro/);
  });
});

describe('authentication', () => {
  it.each(['/api/v1/use/time/resume/fetch', '/api/v1/use/time/resume/group/fetch', '/api/v1/lead/table'])(
    'answers 401 to %s without a token',
    async (url) => {
      const res = await server.get(url, null);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toEqual(expect.any(String));
    },
  );
});
