import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFromPage, bodyRows, columnTexts, day, integer, money, nextAnswer, signedInSession, waitForRowCount } from './support/browser.ts';

// The booking reports (Recaudo, Comercial, Forecast, Saldos activos, Ventas de reservas) on the `small` data.
interface Booking {
  ref: string;
  total: number | string;
}
interface Paged<T> {
  data: T[];
  total: number;
}

let page: Page;
signedInSession((session) => ({ page } = session));

// The current month in UTC, as the screens default to it.
const now = new Date();
const monthFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
const monthTo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
const monthDays = Number(monthTo.slice(8, 10));

const mainTable = () => page.getByRole('main').locator('table.mirador-table');
const number = (value: number | string) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(Number(value));
const sum = (values: ReadonlyArray<number | string>) => values.reduce<number>((total, v) => total + Number(v), 0);

/** Each cell of a column (by its header's position, the expand column included), its text and colour; nested tables left out. */
async function cellsOf(table: Locator, header: string): Promise<Array<{ text: string; color: string }>> {
  return table.evaluate((element, name) => {
    const heads = [...element.querySelectorAll(':scope > thead th')].map((th) => (th as HTMLElement).innerText.trim());
    const index = heads.indexOf(name);
    if (index < 0) throw new Error(`No column "${name}" in ${heads.join(', ')}`);
    return [...element.querySelectorAll(':scope > tbody > tr:not(.mirador-table-detail)')].map((row) => {
      const cell = (row as HTMLTableRowElement).cells[index]!;
      return { text: cell.innerText.trim(), color: getComputedStyle(cell).color };
    });
  }, header);
}
const textsOf = async (table: Locator, header: string) => (await cellsOf(table, header)).map((cell) => cell.text);

/** The card labelled `label` ends (after its count-up) on `text`. */
const expectCard = (label: string, text: string) =>
  page.getByRole('main').getByRole('group', { name: label, exact: true }).getByText(text, { exact: true }).waitFor();

/** The answer of `path` that the screen at `route` asks for on opening, and its query. */
async function openWith(route: string, path: string): Promise<{ response: Response; query: URLSearchParams }> {
  const answer = nextAnswer(page, path);
  await page.goto(route);
  const response = await answer;
  return { response, query: new URL(response.url()).searchParams };
}

async function expectBookingDetail(open: Locator, ref: string) {
  await open.click();
  const detail = page.getByRole('dialog', { name: 'Detalle de reserva' });
  await detail.getByRole('article', { name: `Reserva ${ref}` }).getByRole('heading', { name: `Reserva ${ref}` }).waitFor();
  expect(new URL(page.url()).searchParams.get('open')).toBe(`booking-detail:${ref}`);
  await detail.getByRole('button', { name: 'Cerrar' }).click();
  await detail.waitFor({ state: 'detached' });
}

/** Clicks a table's Excel button and reads the file back: its name, header and data rows (no totals row). */
async function excel(scope: Locator): Promise<{ name: string; header: unknown[]; rows: unknown[][] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), scope.getByRole('button', { name: 'Excel', exact: true }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row, index) => {
    if (index > 1 && row.getCell(1).value !== 'Total') rows.push((row.values as unknown[]).slice(1));
  });
  return { name: file.suggestedFilename(), header: (sheet.getRow(1).values as unknown[]).slice(1), rows };
}

describe('Recaudo', () => {
  const statuses = ['checked_in', 'checked_out', 'confirmed', 'not_confirmed'];

  it('asks for the current month, the four statuses and real bookings; cards, charts and table show the answers, none zero', async () => {
    const paths = ['recaudoStatistics', 'recaudoPotecialVsReal', 'recaudoNationalities'].map((p) => `/api/v1/report/booking/${p}`);
    const answers = [...paths, '/api/v1/report/booking'].map((path) => nextAnswer(page, path));
    await page.goto('/gerencia/recaudo');
    const responses = await Promise.all(answers);
    for (const response of responses) {
      const query = new URL(response.url()).searchParams;
      expect(query.get('stayFrom')).toBe(monthFrom);
      expect(query.get('stayTo')).toBe(monthTo);
      expect(query.getAll('status').sort()).toEqual([...statuses].sort());
      expect(query.get('isVirtual')).toBe('false');
    }
    const [statistics, potential, nationalities, bookings] = await Promise.all(responses.map((r) => r.json()));
    const figures = statistics.data as Record<string, number>;
    for (const field of ['totalRates', 'totalExtraOrders', 'averageRates', 'averageNights', 'total', 'count', 'averageLodgingDays']) {
      expect(Number(figures[field]), field).toBeGreaterThan(0);
    }
    await expectCard('Ingresos por alojamiento', money(figures.totalRates!));
    await expectCard('Extensiones de reserva', money(figures.totalExtraOrders!));
    await expectCard('Tarifa promedio', money(figures.averageRates!));
    await expectCard('Noches promedio', number(figures.averageNights!));
    await expectCard('Recaudo total', money(figures.total!));
    await expectCard('Total reservas', integer(Number(figures.count)));
    await expectCard('Días promedio de alojamiento', number(figures.averageLodgingDays!));
    expect(Number(figures.total)).toBeCloseTo(Number(figures.totalRates) + Number(figures.totalExtraOrders), 2);

    // Every typology has both bars; the nationalities count the same bookings as the cards and the table.
    const typologies = potential.data as Array<{ name: string; totalMonthPotencial: number; totalRatesReal: number }>;
    expect(typologies.length).toBeGreaterThan(0);
    for (const t of typologies) expect(Math.min(Number(t.totalMonthPotencial), Number(t.totalRatesReal)), t.name).toBeGreaterThan(0);
    expect(sum((nationalities.data as Array<{ count: number }>).map((n) => n.count))).toBe(Number(figures.count));
    const potentialChart = page.getByRole('figure', { name: 'Potencial vs real' });
    await potentialChart.getByText('Potencial', { exact: true }).waitFor();
    await potentialChart.getByText('Real', { exact: true }).waitFor();
    const nationalityChart = page.getByRole('figure', { name: 'Nacionalidades' });
    await nationalityChart.getByText((nationalities.data as Array<{ nationality: string }>)[0]!.nationality, { exact: true }).waitFor();

    const list = bookings as Paged<Booking>;
    expect(list.total).toBe(Number(figures.count));
    await waitForRowCount(page, list.total);
    expect(await columnTexts(mainTable(), 'REF')).toEqual(list.data.map((b) => b.ref));
    expect(list.data.length).toBe(Math.min(10, list.total));
    expect(await page.getByLabel('Filas por página').locator('option').allInnerTexts()).toEqual(['10', '20', '50']);
  });

  it('a booking row opens the booking detail', async () => {
    const { response } = await openWith('/gerencia/recaudo', '/api/v1/report/booking');
    const ref = ((await response.json()) as Paged<Booking>).data[0]!.ref;
    await expectBookingDetail(mainTable().getByRole('cell', { name: ref, exact: true }), ref);
  });
});

interface ComercialRoom {
  _id: number;
  name: string;
  totalSales: number | string;
}
/** A typology with its rooms: with their bookings (`Room`'s) in the whole answer, without them on bookings=none. */
interface ComercialGroup<Room = ComercialRoom & { bookings?: Booking[] }> {
  name: string;
  totalByTypology: number | string;
  rooms: Room[];
}

describe('Comercial', () => {
  it('asks the month\'s typologies and rooms with totals (bookings=none); a room opened asks its bookings; Excel "Ocupacion" has every booking', async () => {
    const { response, query } = await openWith('/general/comercial', '/api/v1/report/booking/comercial');
    expect([query.get('dateStart'), query.get('dateEnd')]).toEqual([monthFrom, monthTo]);
    // The screen asks what it draws: the rooms' totals, none of their bookings.
    expect(query.get('bookings')).toBe('none');
    const body = (await response.json()) as { data: ComercialGroup[]; total: number | string };
    expect(body.data.flatMap((g) => g.rooms).filter((r) => r.bookings !== undefined)).toEqual([]);
    // The whole answer (what the file asks for): the same rooms and totals, with their bookings.
    const whole = await apiFromPage<{ data: Array<ComercialGroup<ComercialRoom & { bookings: Booking[] }>>; total: number | string }>(
      page,
      `/api/v1/report/booking/comercial?dateStart=${monthFrom}&dateEnd=${monthTo}`,
    );
    expect(whole.data.map((g) => ({ ...g, rooms: g.rooms.map(({ bookings: _, ...room }) => room) }))).toEqual(body.data);
    expect(Number(body.total)).toBeGreaterThan(0);
    await expectCard('Total general', money(body.total));
    expect(sum(body.data.map((g) => g.totalByTypology))).toBeCloseTo(Number(body.total), 2);
    await expect.poll(() => page.getByRole('tab').allInnerTexts()).toEqual(body.data.map((g) => g.name));

    const group = whole.data.find((g) => g.rooms.some((r) => r.bookings.length > 0))!;
    const room = group.rooms.find((r) => r.bookings.length > 0)!;
    await page.getByRole('tab', { name: group.name, exact: true }).click();
    await expectCard('Total tipología', money(group.totalByTypology));
    await expect.poll(() => textsOf(mainTable(), 'Habitación')).toEqual(group.rooms.map((r) => r.name));
    expect(await textsOf(mainTable(), 'Ventas')).toEqual(group.rooms.map((r) => money(r.totalSales)));
    expect(await mainTable().locator('tfoot').innerText()).toContain(money(sum(group.rooms.map((r) => r.totalSales))));

    // The file holds every typology, not only the open tab: a line per booking of each room, the room's sales on its
    // first line, from the whole answer it asks for (no bookings=none).
    const fileAnswer = nextAnswer(page, '/api/v1/report/booking/comercial', (url) => !url.searchParams.has('bookings') && !url.searchParams.has('place'));
    const { name, header, rows } = await excel(page.getByRole('tabpanel'));
    expect(Object.fromEntries(new URL((await fileAnswer).url()).searchParams)).toEqual({ dateStart: monthFrom, dateEnd: monthTo });
    expect(name).toBe('Ocupacion.xlsx');
    expect(header.slice(0, 4)).toEqual(['Tipología', 'Habitación', 'Ventas', 'REF']);
    const cell = (value: unknown) => (value === undefined || value === null || value === '' ? null : value);
    expect(rows.map(([typology, n, sales, ref]) => [typology, n, cell(sales) === null ? null : Number(sales), cell(ref)])).toEqual(
      whole.data.flatMap((g) =>
        g.rooms.flatMap((r) =>
          r.bookings.length === 0
            ? [[g.name, r.name, Number(r.totalSales), null]]
            : r.bookings.map((b, i) => [g.name, r.name, i === 0 ? Number(r.totalSales) : null, b.ref]),
        ),
      ),
    );

    // Opening a room asks its bookings of the period (place=<id>): the nested rows are that answer's.
    const roomAnswer = nextAnswer(page, '/api/v1/report/booking/comercial', (url) => url.searchParams.get('place') === String(room._id));
    const row = bodyRows(mainTable()).filter({ has: page.getByRole('cell', { name: room.name, exact: true }) });
    await row.getByRole('button', { name: 'Ver detalle' }).click();
    const opened = await roomAnswer;
    expect(Object.fromEntries(new URL(opened.url()).searchParams)).toEqual({ dateStart: monthFrom, dateEnd: monthTo, place: String(room._id) });
    const roomBookings = ((await opened.json()) as { data: Booking[] }).data;
    expect(roomBookings.map((b) => b.ref)).toEqual(room.bookings.map((b) => b.ref));
    const nested = page.getByRole('main').locator('table.mirador-table-nested');
    await expect.poll(() => columnTexts(nested, 'REF')).toEqual(roomBookings.map((b) => b.ref));
    await expectBookingDetail(nested.getByRole('cell', { name: roomBookings[0]!.ref, exact: true }), roomBookings[0]!.ref);
  });
});

describe('Forecast', () => {
  it('asks for the current month; one row per night, Total Hospedaje and Promedio as answered; Excel of every night', async () => {
    const { response, query } = await openWith('/general/forecast', '/api/v1/report/booking/forecast');
    expect([query.get('dateStart'), query.get('dateEnd')]).toEqual([monthFrom, monthTo]);
    const body = (await response.json()) as { forecast: Array<{ date: string; count: number | string; total: number | string }>; total: number; average: number };
    expect(body.forecast).toHaveLength(monthDays);
    expect(Number(body.total)).toBeGreaterThan(0);
    expect(Number(body.total)).toBeCloseTo(sum(body.forecast.map((n) => n.total)), 2);
    await expectCard('Total Hospedaje', money(body.total));
    await expectCard('Promedio', money(body.average));
    await waitForRowCount(page, monthDays);
    expect(await columnTexts(mainTable(), 'Noche')).toEqual(body.forecast.map((n) => day(n.date)));
    expect(await columnTexts(mainTable(), 'Hospedaje')).toEqual(body.forecast.map((n) => money(n.total)));
    const foot = await mainTable().locator('tfoot').innerText();
    expect(foot).toContain(money(body.total));
    expect(foot).toContain(integer(sum(body.forecast.map((n) => n.count))));
    await page.getByRole('main').getByRole('button', { name: 'Imprimir', exact: true }).waitFor();

    const { name, rows } = await excel(page.getByRole('main'));
    expect(name).toBe('Forecast.xlsx');
    expect(rows.map(([date, count, total]) => [(date as Date).toISOString().slice(0, 10), Number(count), Number(total)])).toEqual(
      body.forecast.map((n) => [n.date.slice(0, 10), Number(n.count), Number(n.total)]),
    );
  });
});

interface BalanceRow extends Booking {
  balance: number | string;
  hostBalance: number | string;
  place: { typology: { name: string } };
}

describe('Saldos activos', () => {
  const green = 'rgb(28, 110, 66)';
  const red = 'rgb(172, 47, 51)';

  async function expectBalances(body: { data: BalanceRow[]; totalAllBalances: number | string }) {
    await expectCard('Total saldos', money(body.totalAllBalances));
    await waitForRowCount(page, body.data.length);
    // Every row on one page, sorted by typology name.
    expect(await page.getByRole('button', { name: 'Siguiente' }).count()).toBe(0);
    const typologies = body.data.map((b) => b.place.typology.name);
    expect(typologies).toEqual([...typologies].sort((a, b) => a.localeCompare(b, 'es')));
    expect(await columnTexts(mainTable(), 'REF')).toEqual(body.data.map((b) => b.ref));
    const shown = await cellsOf(mainTable(), 'Saldo');
    body.data.forEach((b, i) => {
      const n = Number(b.balance);
      expect(shown[i]!.text).toBe(money(Math.abs(n)));
      if (n !== 0) expect(shown[i]!.color, b.ref).toBe(n < 0 ? green : red);
    });
  }

  it('shows every checked-in real booking, the total of all balances, absolute values in green (credit) and red (owed)', async () => {
    const { response } = await openWith('/general/balance', '/api/v1/report/booking/activeBalances');
    const body = (await response.json()) as { data: BalanceRow[]; total: number; totalAllBalances: number | string };
    expect(body.data.length).toBe(body.total);
    expect(body.data.some((b) => Number(b.balance) < 0)).toBe(true);
    expect(body.data.some((b) => Number(b.balance) > 0)).toBe(true);
    expect(Number(body.totalAllBalances)).toBeCloseTo(sum(body.data.map((b) => b.balance)), 2);
    await expectBalances(body);
    const host = await cellsOf(mainTable(), 'Saldo hospedaje');
    body.data.forEach((b, i) => expect(host[i]!.text).toBe(money(Math.abs(Number(b.hostBalance)))));
    await expectBookingDetail(mainTable().getByRole('cell', { name: body.data[0]!.ref, exact: true }), body.data[0]!.ref);
  });

  it('is also under Gerencia in the sidebar, the same screen', async () => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Gerencia' }).getByRole('link', { name: 'Saldos activos' }).click();
    await page.waitForURL((url) => url.pathname === '/gerencia/balance');
    await page.getByRole('heading', { level: 1, name: 'Saldos activos' }).waitFor();
    await expectBalances(await apiFromPage(page, '/api/v1/report/booking/activeBalances'));
    await page.getByRole('region', { name: 'General' }).getByRole('link', { name: 'Saldos activos' }).waitFor();
  });
});

describe('Ventas de reservas', () => {
  it('shows the total of every filtered booking (not the page), 50/100/200 rows a page, Excel of every row', async () => {
    const { response, query } = await openWith('/general/sales?status=checked_out', '/api/v1/report/booking/sales');
    expect(query.getAll('status')).toEqual(['checked_out']);
    expect([query.get('page'), query.get('itemsPerPage')]).toEqual(['1', '50']);
    const body = (await response.json()) as Paged<Booking> & { totalCalculate: number | string };
    const all = await apiFromPage<Paged<Booking>>(page, '/api/v1/report/booking/sales?status=checked_out&itemsPerPage=-1');
    expect(body.total).toBeGreaterThan(50);
    expect(all.data).toHaveLength(body.total);
    expect(Number(body.totalCalculate)).toBeCloseTo(sum(all.data.map((b) => b.total)), 2);
    expect(Number(body.totalCalculate)).toBeGreaterThan(sum(body.data.map((b) => b.total)));
    await expectCard('Total', money(body.totalCalculate));
    await waitForRowCount(page, body.total);
    expect(await bodyRows(mainTable()).count()).toBe(50);
    expect(await page.getByLabel('Filas por página').locator('option').allInnerTexts()).toEqual(['50', '100', '200']);

    const { name, rows } = await excel(page.getByRole('main'));
    expect(name).toBe('Ventas de reservas.xlsx');
    expect(rows.map((r) => r[0]).sort()).toEqual(all.data.map((b) => b.ref).sort());
    await expectBookingDetail(mainTable().getByRole('cell', { name: body.data[0]!.ref, exact: true }), body.data[0]!.ref);
  });

  it('asks with no filter by default and offers type, customer, status, typology or room, check-in, check-out and created date', async () => {
    const { query } = await openWith('/general/sales', '/api/v1/report/booking/sales');
    expect([...new Set(query.keys())].sort()).toEqual(['itemsPerPage', 'page', 'sortBy', 'sortDesc']);
    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    for (const label of ['Tipo de reserva', 'Status', 'Cliente', 'Tipología o habitación', 'Check-in', 'Check-out', 'Creación']) {
      await drawer.getByText(label, { exact: true }).first().waitFor();
    }
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    await drawer.waitFor({ state: 'detached' });
  });
});
