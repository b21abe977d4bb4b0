import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFromPage, columnTexts, day, money, nextAnswer, signedInSession, waitForRowCount } from './support/browser.ts';

type Row = Record<string, unknown>;
interface Paged {
  data: Row[];
  total: number;
}
interface LaravelPaged {
  data: Row[];
  links: { pagination: { total: number } };
}

let page: Page;
signedInSession((session) => ({ page } = session));

const table = () => page.getByRole('main').getByRole('table').first();
const get = (row: Row, path: string): unknown => path.split('.').reduce<unknown>((v, k) => (v as Row | null)?.[k], row);
const sum = (rows: Row[], path: string) => rows.reduce((s, r) => s + Number(get(r, path) ?? 0), 0);

/** Opens a screen and returns the request it sent for its rows and the answer. */
async function open<T>(route: string, apiPath: string): Promise<{ url: URL; body: T }> {
  const answer = nextAnswer(page, apiPath);
  await page.goto(route);
  const response = await answer;
  return { url: new URL(response.url()), body: (await response.json()) as T };
}

/** The footer cell of a column (the page's total on a server-paged table). */
async function footer(header: string): Promise<string> {
  const headers = (await table().locator('thead').getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
  return (await table().locator('tfoot td').nth(headers.indexOf(header)).innerText()).trim();
}

/** Downloads the Excel file and returns its first sheet's header and data rows (the footer row left out). */
async function excel(fileName: string): Promise<{ headers: unknown[]; rows: unknown[][] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel', exact: true }).click()]);
  expect(file.suggestedFilename()).toBe(`${fileName}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row, index) => {
    if (index > 1 && row.getCell(1).value !== 'Total') rows.push((row.values as unknown[]).slice(1));
  });
  return { headers: (sheet.getRow(1).values as unknown[]).slice(1), rows };
}

const pairs = (url: URL) => [...url.searchParams.entries()].sort();

describe('Reporte de órdenes', () => {
  it('shows the newest orders first, the page total of the API, and an order row opens its detail', async () => {
    const { url, body } = await open<Paged>('/accounting/order', '/api/v1/report/movements/order');
    expect(pairs(url)).toEqual([['itemsPerPage', '50'], ['page', '1'], ['sortBy', 'createdAt'], ['sortDesc', 'true']]);
    expect(body.total).toBeGreaterThan(50);
    await waitForRowCount(page, body.total);
    expect(await columnTexts(table(), 'Factura')).toEqual(body.data.map((o) => o.invoice));
    expect(await footer('Total')).toBe(money(sum(body.data, 'total')));
    expect(await footer('Subtotal')).toBe(money(sum(body.data, 'subtotal')));

    const order = body.data[1]!;
    await table().getByRole('cell', { name: String(order.invoice), exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Detalle de orden' });
    await detail.getByRole('heading', { name: `Orden ${String(order.invoice)}` }).waitFor();
    await detail.getByRole('button', { name: 'Cerrar' }).first().click();
    await detail.waitFor({ state: 'detached' });
  });

  it('a booking ref opens the booking detail, not the order', async () => {
    const { body } = await open<Paged>('/accounting/order', '/api/v1/report/movements/order');
    const ref = String(get(body.data[0]!, 'booking.ref'));
    await table().getByRole('button', { name: ref, exact: true }).first().click();
    const detail = page.getByRole('dialog', { name: 'Detalle de reserva' });
    await detail.getByRole('heading', { name: `Reserva ${ref}` }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Detalle de orden' }).count()).toBe(0);
    await detail.getByRole('button', { name: 'Cerrar' }).first().click();
    await detail.waitFor({ state: 'detached' });
  });

  it('exports every order of the filter to Excel', async () => {
    const { body } = await open<Paged>('/accounting/order', '/api/v1/report/movements/order');
    await waitForRowCount(page, body.total);
    const { headers, rows } = await excel('Reporte de ordenes');
    expect(headers).toEqual(['Factura', 'Concepto', 'Reserva', 'Habitación', 'Cliente', 'Tipo', 'Negocio', 'Creación', 'Empleado', 'Subtotal', 'Descuento', 'Total']);
    expect(rows).toHaveLength(body.total);
    expect(rows.slice(0, 50).map((r) => r[0])).toEqual(body.data.map((o) => o.invoice));
    expect(rows[0]![11]).toBeCloseTo(Number(body.data[0]!.total), 2);
  });
});

describe('Reporte de pagos', () => {
  it('shows booking ref, room, authorization, balance Sí/No, HOSPEDAJE/EXTRA, method and the API total; exports them', async () => {
    const { url, body } = await open<Paged>('/accounting/pay', '/api/v1/report/movements/payment');
    expect(pairs(url)).toEqual([['itemsPerPage', '50'], ['page', '1'], ['sortBy', 'createdAt'], ['sortDesc', 'true']]);
    await waitForRowCount(page, body.total);
    expect(await columnTexts(table(), 'Reserva')).toEqual(body.data.map((p) => get(p, 'booking.ref')));
    expect(await columnTexts(table(), 'Balance')).toEqual(body.data.map((p) => (p.isForLodging ? 'Sí' : 'No')));
    expect(await columnTexts(table(), 'Tipo')).toEqual(body.data.map((p) => (p.isForLodging ? 'HOSPEDAJE' : 'EXTRA')));
    expect(await columnTexts(table(), 'Método')).toEqual(body.data.map((p) => p.paymentMethod));
    expect(await footer('Total')).toBe(money(sum(body.data, 'amount')));

    const { headers, rows } = await excel('Reporte de pagos');
    expect(headers).toEqual(['Reserva', 'Habitación', 'Autorización', 'Balance', 'Tipo', 'Método', 'Creación', 'Empleado', 'Total']);
    expect(rows).toHaveLength(body.total);
    expect(rows.slice(0, 50).map((r) => r[0])).toEqual(body.data.map((p) => get(p, 'booking.ref')));
  });
});

describe('Movimientos de reservas de espacios', () => {
  it('pages by 20, newest first, filters by space and by creation day, and exports', async () => {
    const { url, body } = await open<Paged>('/placeReservation/movements', '/api/v1/placereservation/table/movements-table');
    expect(pairs(url)).toEqual([['itemsPerPage', '20'], ['page', '1'], ['sortBy', 'createdAt'], ['sortDesc', 'true']]);
    await waitForRowCount(page, body.total);
    expect(await page.getByLabel('Filas por página').locator('option').allInnerTexts()).toEqual(['20', '50', '100']);
    expect(await columnTexts(table(), 'Espacio')).toEqual(body.data.map((r) => get(r, 'place.name')));
    expect(await columnTexts(table(), 'Desde')).toHaveLength(20);
    expect(await footer('Total')).toBe(money(sum(body.data, 'total')));

    const first = body.data[0]!;
    const placeId = String(get(first, 'place._id'));
    const createdDay = String(first.createdAt).slice(0, 10);
    const filtered = await open<Paged>(`/placeReservation/movements?place=${placeId}&createdAt=${createdDay}`, '/api/v1/placereservation/table/movements-table');
    expect(filtered.url.searchParams.getAll('place')).toEqual([placeId]);
    expect(filtered.url.searchParams.getAll('createdAt')).toEqual([createdDay]);
    await waitForRowCount(page, filtered.body.total);
    expect(new Set(await columnTexts(table(), 'Espacio'))).toEqual(new Set([get(first, 'place.name')]));
    expect(new Set((await columnTexts(table(), 'Creación')).map((t) => t.slice(0, 10)))).toEqual(new Set([day(createdDay)]));

    const { headers, rows } = await excel('Movimientos de reservas de espacios');
    expect(headers).toEqual(['Creación', 'Espacio', 'Cliente', 'Desde', 'Hasta', 'Recurrencia', 'Subtotal', 'Total', 'Canal']);
    expect(rows).toHaveLength(filtered.body.total);
    expect(rows.map((r) => r[8])).toEqual(filtered.body.data.map((r) => (r.by_client_app ? 'App' : 'Escritorio')));
  });
});

describe('Movimientos de boletas', () => {
  it('pages by 20, newest first, filters by event and by a range of creation days, and exports', async () => {
    const { url, body } = await open<Paged>('/eventTicket/movements', '/api/v1/event/qr/movements-table');
    expect(pairs(url)).toEqual([['itemsPerPage', '20'], ['page', '1'], ['sortBy', 'createdAt'], ['sortDesc', 'true']]);
    await waitForRowCount(page, body.total);
    expect(await columnTexts(table(), 'Evento')).toEqual(body.data.map((t) => get(t, 'event_QR.eventTitle')));
    // Events of one title recur: each row says which by its date.
    expect(await columnTexts(table(), 'Fecha del evento')).toEqual(body.data.map((t) => day(String(get(t, 'event_QR.eventDate')))));
    expect(await footer('Boletas')).toBe(String(sum(body.data, 'event_QR.count')));
    expect(await footer('Total')).toBe(money(sum(body.data, 'total')));

    const eventId = String(get(body.data[0]!, 'event_QR.eventId'));
    const to = String(body.data[0]!.createdAt).slice(0, 10);
    const from = String(body.data.at(-1)!.createdAt).slice(0, 10);
    const filtered = await open<Paged>(`/eventTicket/movements?event=${eventId}&createdAt=${from}..${to}`, '/api/v1/event/qr/movements-table');
    expect(filtered.url.searchParams.getAll('event')).toEqual([eventId]);
    expect(filtered.url.searchParams.getAll('createdAt')).toEqual([from, to]);
    await waitForRowCount(page, filtered.body.total);
    expect(filtered.body.total).toBeGreaterThan(0);
    expect(new Set(await columnTexts(table(), 'Evento'))).toEqual(new Set([get(body.data[0]!, 'event_QR.eventTitle')]));

    const { headers, rows } = await excel('Movimientos de boletas');
    expect(headers).toEqual(['Creación', 'Evento', 'Fecha del evento', 'Boletas', 'Cliente', 'Subtotal', 'Total', 'Canal', 'Motivo de cancelación']);
    expect(rows).toHaveLength(filtered.body.total);
  });

  it('the Evento filter names each event with its date, so events of one title can be told apart', async () => {
    await open<Paged>('/eventTicket/movements', '/api/v1/event/qr/movements-table');
    const events = await apiFromPage<Paged>(page, '/api/v1/event/list?page=1&itemsPerPage=10');
    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('textbox', { name: 'Evento' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBe(events.data.length);
    expect(await options.allInnerTexts()).toEqual(events.data.map((e) => `${String(e.title)} · ${day(String(e.dateStart))}`));
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
  });
});

describe('Ingresos por servicios', () => {
  it('pages by 50, newest first, with the API totals, net payment included', async () => {
    const { url, body } = await open<LaravelPaged>('/service/order', '/api/v1/report/service/order/paginate');
    expect(pairs(url)).toEqual([['page', '1'], ['per_page', '50'], ['sort', 'createdAt|desc']]);
    const total = body.links.pagination.total;
    await waitForRowCount(page, total);
    expect(await page.getByLabel('Filas por página').locator('option').allInnerTexts()).toEqual(['50', '100', '200']);
    expect(await columnTexts(table(), 'Factura')).toEqual(body.data.map((o) => get(o, 'service.invoice')));
    for (const [header, field] of [['Total', 'total'], ['Pago neto', 'netPayment'], ['Impuesto', 'taxAmount'], ['Descuento', 'discount.amount']] as const) {
      expect(await footer(header), header).toBe(money(sum(body.data, field)));
    }
    // Net payment is the total of paid orders, else 0.
    const net = await columnTexts(table(), 'Pago neto');
    body.data.forEach((o, i) => expect(net[i]).toBe(money(o.status === 'pagado' ? Number(o.total) : 0)));
  });

  it('refuses a start date after the end date and sends nothing', async () => {
    await open('/service/order', '/api/v1/report/service/order/paginate');
    let sent = 0;
    const count = (request: { url(): string }) => {
      if (request.url().includes('/api/v1/report/service/order')) sent++;
    };
    page.on('request', count);
    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('combobox', { name: 'Fecha inicial' }).fill('20/11/2026');
    await drawer.getByRole('combobox', { name: 'Fecha final' }).fill('10/11/2026');
    await drawer.getByRole('button', { name: 'Aplicar' }).click();
    await drawer.getByRole('alert').getByText('La fecha inicial no puede ser posterior a la fecha final.').waitFor();
    page.off('request', count);
    expect(sent).toBe(0);
    expect(new URL(page.url()).searchParams.get('dateStart')).toBeNull();
    await drawer.getByRole('button', { name: 'Cerrar' }).click();
    await drawer.waitFor({ state: 'detached' });
  });

  it('sends the chosen period and exports every row of it', async () => {
    const all = await apiFromPage<LaravelPaged>(page, '/api/v1/report/service/order/paginate?per_page=1');
    const newest = String(get(all.data[0]!, 'createdAt')).slice(0, 10);
    const start = `${newest.slice(0, 8)}01`;
    const { url, body } = await open<LaravelPaged>(`/service/order?dateStart=${start}&dateEnd=${newest}`, '/api/v1/report/service/order/paginate');
    expect(url.searchParams.get('dateStart')).toBe(start);
    expect(url.searchParams.get('dateEnd')).toBe(newest);
    await waitForRowCount(page, body.links.pagination.total);
    const { headers, rows } = await excel('Ingresos por servicios');
    expect(headers).toEqual(['Factura', 'Servicio', 'Cliente', 'Subtotal', 'Impuesto', 'Total', 'Extra', 'Crédito', 'Descuento', 'Pago neto', 'Empleado', 'Fecha']);
    expect(rows).toHaveLength(body.links.pagination.total);
    const netPayments = rows.reduce((s, r) => s + Number(r[9]), 0);
    const expected = await apiFromPage<{ data: Row[] }>(page, `/api/v1/report/service/order?dateStart=${start}&dateEnd=${newest}`);
    expect(netPayments).toBeCloseTo(sum(expected.data, 'netPayment'), 2);
  });
});
