import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planExpandRequest, planRequest } from '../../core/data/planRequest.ts';
import { readRows, rowsPath } from '../../core/data/sourceRows.ts';
import { walkBlocks } from '../../core/data/walkBlocks.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { formatValue, formatWhole } from '../../core/format.ts';
import { getPath } from '../../core/paths.ts';
import { monthSummer } from '../../core/table/monthTotals.ts';
import { definitionFiles, loadDefinitionFile } from '../../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema, type ColumnDefinition, type ReportDefinition, type TableBlock } from '../../schema/reportDefinition.ts';
import { expectError, getOk as getOkFrom } from '../../tests/support/apiAssertions.ts';
import { startTestServer, testToday, type TestServer } from '../../tests/support/testServer.ts';
import { initialTableState } from '../../core/table/initialTableState.ts';
import { clientBookingsBlock } from '../../widgets/client-detail/bookingsBlock.ts';
import { clientPaths } from '../../widgets/client-detail/clientApi.ts';
import { allRowsQuery, sortQuery } from '../../widgets/shared/tableState.ts';
import { bookingInRoomShape, bookingRowShape, type RowShape } from '../sql/bookingList.ts';

// The booking lists answer a lean row by default (bookingRowShape) and the whole booking on shape=full:
// the lean row is the full one cut to the shape, and every screen reading these lists shows the same on both.

const definitions: ReportDefinition[] = await Promise.all(
  definitionFiles().map(async (file) => reportDefinitionSchema.parse(await loadDefinitionFile(file))),
);

/** The calls that answer lean booking rows unless asked for shape=full. */
const leanRoutes = [
  '/api/v1/report/booking',
  '/api/v1/report/booking/sales',
  '/api/v1/report/booking/activeBalances',
  '/api/v1/report/booking/comercial',
  '/api/v1/report/dashboard',
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getOk = (url: string) => getOkFrom(server, url);
const withShape = (url: string, shape: 'full' | 'lean') => `${url}${url.includes('?') ? '&' : '?'}shape=${shape}`;

/** `value` cut to the keys of `shape` (a nested object of the shape stays null when it is). */
function pickShape(value: unknown, shape: RowShape): unknown {
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, typeof field === 'string' ? record[key] : pickShape(record[key], field.fields)]),
  );
}
/** What a call may add to a booking row beside its own fields: rates, month sums, orders, pays, balances, period figures. */
const extraKeys = new Set(['rates', 'monthTotals', 'orders', 'pays', 'hostBalance', 'extraBalance', 'balance', 'nightsInPeriod', 'totalInPeriod']);
/** The lean row expected from a full one: cut to the lean fields (`shape`), with the extras the lean row carries. */
function expectedLean(full: unknown, lean: unknown, shape: RowShape): unknown {
  const extras = Object.keys(lean as object).filter((key) => !(key in shape));
  expect(extras.filter((key) => !extraKeys.has(key))).toEqual([]);
  return { ...(pickShape(full, shape) as object), ...Object.fromEntries(extras.map((key) => [key, (full as Record<string, unknown>)[key]])) };
}

/** The lean answer of `url` is its full answer with each booking cut to the lean row; everything around the rows is the same. */
async function expectLeanCutOfFull(url: string, rowsOf: (body: any) => unknown[], shape = bookingRowShape()): Promise<void> {
  const full = await getOk(withShape(url, 'full'));
  const lean = await getOk(url);
  expect(await getOk(withShape(url, 'lean'))).toEqual(lean);
  const fullRows = rowsOf(full);
  expect(fullRows.length, `${url} has rows on the test data`).toBeGreaterThan(0);
  // The full answer is the whole booking: its client and the typology's photos are there.
  expect(fullRows.every((row: any) => 'createdAt' in row && 'isVirtual' in row && 'email' in row.user)).toBe(true);
  const leanRows = rowsOf(lean);
  expect(leanRows.length).toBe(fullRows.length);
  expect(leanRows).toEqual(fullRows.map((row, i) => expectedLean(row, leanRows[i], shape)));
  // Everything around the rows (totals, cards, rooms, typologies) is the same: each booking is replaced by its ref.
  const outside = (body: unknown) =>
    JSON.stringify(body, (_key, value) => (value !== null && typeof value === 'object' && 'ref' in value && 'status' in value ? value.ref : value));
  expect(outside(lean)).toBe(outside(full));
}

/** The client with the most bookings. */
async function clientWithBookings(): Promise<number> {
  const [row] = await server.db.query<{ user_id: number }>('SELECT user_id FROM bookings GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT 1');
  return row!.user_id;
}

describe('lean booking rows equal the full ones cut to the lean fields, for the same filters', () => {
  const cases: Array<[string, string, (body: any) => unknown[], RowShape?]> = [
    ['booking, a page', '/api/v1/report/booking?itemsPerPage=100&sortBy=total&sortDesc=true&status=checked_out,confirmed', (b) => b.data],
    ['booking, every row with rates, month sums, orders and pays', '/api/v1/report/booking?itemsPerPage=-1&select=rates,monthTotals&populate=orders,pays&stayFrom=2024-01-01&stayTo=2024-03-31', (b) => b.data],
    ['booking, searched', '/api/v1/report/booking?itemsPerPage=-1&search=a', (b) => b.data],
    ['sales', '/api/v1/report/booking/sales?itemsPerPage=-1&isVirtual=false', (b) => b.data],
    ['active balances', '/api/v1/report/booking/activeBalances?sortBy=balance', (b) => b.data],
    ['commercial', `/api/v1/report/booking/comercial?dateStart=${testToday.slice(0, 8)}01&dateEnd=${testToday}`, (b) =>
      b.data.flatMap((t: any) => t.rooms.flatMap((r: any) => r.bookings)), bookingInRoomShape()],
    ['dashboard', '/api/v1/report/dashboard', (b) =>
      [...b.data.incomings, ...b.data.inHouse, ...b.data.leaves, ...b.data.createdToday]],
  ];
  it.each(cases)('%s', async (_label, url, rowsOf, shape) => {
    await expectLeanCutOfFull(url, rowsOf, shape);
  });

  it("a client's bookings (the client detail's Reservas tab)", async () => {
    await expectLeanCutOfFull(`/api/v1/client/${await clientWithBookings()}/bookings?itemsPerPage=-1`, (b) => b.data);
  });

  it('answers 400 in Spanish to an unknown shape', async () => {
    for (const route of [...leanRoutes, `/api/v1/client/${await clientWithBookings()}/bookings`]) {
      expectError(await server.get(`${route}?shape=mini`), 400);
    }
  });
});

describe('the month sums equal the nightly rates per month in the database', () => {
  it.each([
    ['the follow-up default period', 'stayFrom=2023-12-01&stayTo=2023-12-31'],
    ['a year of stays, every status', `stayFrom=${Number(testToday.slice(0, 4)) - 1}-01-01&stayTo=${testToday}`],
  ])('%s', async (_label, filters) => {
    const body = await getOk(`/api/v1/report/booking?itemsPerPage=-1&select=monthTotals&${filters}`);
    expect(body.data.length).toBeGreaterThan(0);
    const rates = await server.db.query<{ booking_id: number; date: string; total_rate: number | string }>(
      'SELECT booking_id, to_char(date, \'YYYY-MM-DD\') AS date, total_rate FROM booking_rates WHERE booking_id = ANY($1::int[])',
      [body.data.map((b: { _id: number }) => b._id)],
    );
    const cents = (n: number | string) => Math.round(Number(n) * 100);
    const expected = new Map<number, Map<string, number>>();
    for (const rate of rates) {
      const months = expected.get(rate.booking_id) ?? new Map<string, number>();
      const month = `${rate.date.slice(0, 7)}-01`;
      months.set(month, (months.get(month) ?? 0) + cents(rate.total_rate));
      expected.set(rate.booking_id, months);
    }
    let nights = 0;
    for (const booking of body.data as Array<{ _id: number; monthTotals: Array<{ month: string; total: number }> }>) {
      const answered = booking.monthTotals.map((m) => [m.month, cents(m.total)]);
      expect(answered, `booking ${booking._id}`).toEqual([...(expected.get(booking._id) ?? new Map()).entries()].sort());
      nights += answered.length;
    }
    expect(nights).toBeGreaterThan(0);
  });

  it('the streamed answer (every row, -1, what "Todas" asks) is the pages of the same call put together', async () => {
    const filters = `select=monthTotals&stayFrom=${Number(testToday.slice(0, 4)) - 1}-01-01&stayTo=${testToday}&sortBy=dateStart&sortDesc=false`;
    const streamed = await getOk(`/api/v1/report/booking?itemsPerPage=-1&${filters}`);
    const first = await getOk(`/api/v1/report/booking?page=1&itemsPerPage=100&${filters}`);
    const pages = [first];
    for (let page = 2; (page - 1) * 100 < first.total; page++) pages.push(await getOk(`/api/v1/report/booking?page=${page}&itemsPerPage=100&${filters}`));
    expect(pages.length).toBeGreaterThan(1);
    expect(streamed.total).toBe(first.total);
    expect(streamed.data).toEqual(pages.flatMap((page) => page.data));
    expect(await getOk(`/api/v1/report/booking?page=1&itemsPerPage=1000000&${filters}`)).toEqual(streamed);
  });
});

/** The rows each table of `sourceId` shows, with its columns (tables inside data tabs read each tab's element). */
function tablesOf(definition: ReportDefinition, sourceId: string, answer: unknown): Array<{ block: TableBlock; rows: unknown[] }> {
  const found: Array<{ block: TableBlock; rows: unknown[] }> = [];
  walkBlocks(definition.blocks, (block) => {
    if (block.kind === 'tabs' && block.fromData?.source === sourceId) {
      const elements = readRows(answer, block.fromData.rows);
      for (const inner of block.fromData.blocks) {
        if (inner.kind === 'table' && inner.source === sourceId) found.push({ block: inner, rows: elements.flatMap((e) => readRows(e, inner.rows)) });
      }
    }
  });
  const nested = new Set(found.map((f) => f.block));
  walkBlocks(definition.blocks, (block) => {
    if (block.kind === 'table' && block.source === sourceId && !nested.has(block)) {
      found.push({ block, rows: readRows(answer, rowsPath(block, definition.sources[sourceId])) });
    }
  });
  return found;
}

/** What a column shows for a row on screen and on paper or in a file (the search reads the same text). */
function shown(column: ColumnDefinition, row: unknown): [string, string] {
  const value = getPath(row, column.field);
  return [formatValue(column.format, value), formatWhole(column.format, value)];
}

/** A table shows, searches, exports and keys the lean rows as the full ones: same count, keys and column texts. */
function expectSameShown(block: TableBlock, rows: unknown[], fullRows: unknown[]): void {
  expect(rows.length).toBe(fullRows.length);
  const columns = [...block.columns, ...(block.expand?.columns ?? [])];
  // A computed column would need its expression evaluated here: none reads a booking list yet.
  expect(columns.filter((c) => !c.field).map((c) => c.header)).toEqual([]);
  const keys = [block.rowKey ?? '_id', block.rowClick?.key, block.expand?.rowClick?.key, ...columns.map((c) => c.link?.key)].filter(
    (key): key is string => key !== undefined,
  );
  rows.forEach((row, i) => {
    const fullRow = fullRows[i];
    for (const key of keys) expect(getPath(row, key), key).toEqual(getPath(fullRow, key));
    for (const column of block.columns) expect(shown(column, row), column.field).toEqual(shown(column, fullRow));
    if (block.expand) {
      const inner = readRows(row, block.expand.rows);
      const fullInner = readRows(fullRow, block.expand.rows);
      expect(inner.length).toBe(fullInner.length);
      inner.forEach((r, j) => {
        for (const column of block.expand!.columns) expect(shown(column, r), column.field).toEqual(shown(column, fullInner[j]));
      });
    }
    if (block.monthTotals) {
      // The month columns of a lean list read values the answer carries (the definition asks for them).
      const sums = monthSummer(block.monthTotals)(row);
      expect(getPath(row, block.monthTotals.rows), block.monthTotals.rows).toBeInstanceOf(Array);
      expect([...sums.entries()]).toEqual([...monthSummer(block.monthTotals)(fullRow).entries()]);
    }
  });
}

describe('every screen reading a lean list shows the same as on the full rows', () => {
  const onLeanRoutes = definitions.flatMap((definition) =>
    Object.entries(definition.sources)
      .filter(([, source]) => leanRoutes.includes(source.path))
      .map(([sourceId]) => [`${definition.id}/${sourceId}`, definition, sourceId] as const),
  );
  // A source only an opened row asks (expand.source) is checked through the rows that open it, below.
  const openedBy = (definition: ReportDefinition, sourceId: string) => {
    const tables: TableBlock[] = [];
    walkBlocks(definition.blocks, (block) => {
      if (block.kind === 'table' && block.expand?.source === sourceId) tables.push(block);
      if (block.kind === 'tabs') for (const inner of block.fromData?.blocks ?? []) if (inner.kind === 'table' && inner.expand?.source === sourceId) tables.push(inner);
    });
    return tables;
  };
  const readers = onLeanRoutes.filter(([, definition, sourceId]) => openedBy(definition, sourceId).length === 0);
  const expanders = onLeanRoutes.filter(([, definition, sourceId]) => openedBy(definition, sourceId).length > 0);

  it('finds a screen on every lean route', () => {
    const paths = new Set(onLeanRoutes.map(([, definition, sourceId]) => definition.sources[sourceId]!.path));
    expect([...paths].sort()).toEqual([...leanRoutes].sort());
  });

  it.each(expanders)('%s, as each opened row asks it', async (_label, definition, sourceId) => {
    const filters = defaultFilterValues(definition, { today: testToday });
    let opened = 0;
    for (const block of openedBy(definition, sourceId)) {
      const parentRequest = planRequest(definition, block.source, { filters, routeParams: {}, allRows: true });
      const parent = await getOk(`${parentRequest.path}?${new URLSearchParams(parentRequest.query as Array<[string, string]>).toString()}`);
      const parentRows = tablesOf(definition, block.source, parent).filter((t) => t.block === block).flatMap((t) => t.rows);
      for (const row of parentRows.slice(0, 8)) {
        const request = planExpandRequest(definition, block.expand!, row, { filters, routeParams: {}, allRows: true });
        const url = `${request.path}?${new URLSearchParams(request.query as Array<[string, string]>).toString()}`;
        const lean = readRows(await getOk(url), block.expand!.rows);
        const full = readRows(await getOk(withShape(url, 'full')), block.expand!.rows);
        expectSameShown({ ...block, columns: block.expand!.columns, expand: undefined, rowKey: undefined, rowClick: block.expand!.rowClick }, lean, full);
        opened += lean.length;
      }
    }
    expect(opened).toBeGreaterThan(0);
  });

  it.each(readers)('%s', async (_label, definition, sourceId) => {
    const filters = defaultFilterValues(definition, { today: testToday });
    const request = planRequest(definition, sourceId, { filters, routeParams: {}, allRows: true });
    const url = `${request.path}?${new URLSearchParams(request.query as Array<[string, string]>).toString()}`;
    const lean = await getOk(url);
    const full = await getOk(withShape(url, 'full'));
    const tables = tablesOf(definition, sourceId, lean);
    const fullTables = tablesOf(definition, sourceId, full);
    expect(tables.length).toBeGreaterThan(0);
    tables.forEach(({ block, rows }, index) => expectSameShown(block, rows, fullTables[index]!.rows));
  });
});

describe("the client detail's Reservas tab shows the same on the lean rows", () => {
  it('every column, key and row click, over all of a client\'s bookings in the order the tab asks', async () => {
    const block = clientBookingsBlock('Cliente');
    const query = new URLSearchParams([...sortQuery(block, initialTableState(block)), ...allRowsQuery] as Array<[string, string]>);
    const url = `${clientPaths.bookings(String(await clientWithBookings()))}?${query}`;
    const lean = await getOk(url);
    const full = await getOk(withShape(url, 'full'));
    expect(lean.data.length).toBeGreaterThan(2);
    expect(lean.total).toBe(full.total);
    expectSameShown(block, lean.data, full.data);
  });
});
