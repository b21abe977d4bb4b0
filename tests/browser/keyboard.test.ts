import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFromPage, bodyRows, columnTexts, nextAnswer, signedInSession, waitForRowCount } from './support/browser.ts';
import { overlaysSettled } from './support/screens.ts';

// The keyboard on every report: the page shortcuts (/ f e p ?), arrows and Enter through a table's rows, Escape one
// layer at a time. Each shortcut is checked by what it reaches: the rows the API answered, the file, the print.

interface BookingPage {
  data: Array<{ ref: string }>;
  total: number;
}

let page: Page;
let downloads: Download[] = [];
signedInSession((session) => ({ page } = session));
beforeAll(() => {
  page.on('download', (download) => downloads.push(download));
});

const main = () => page.getByRole('main');
const table = () => main().getByRole('table');
const search = () => main().getByRole('searchbox', { name: 'Buscar…' });
/** Any panel or dialog open over the page. */
const dialogs = () => page.getByRole('dialog');

/** What has the focus: its tag, accessible name and value, its row's REF when it is a table row, its tab panel. */
const focused = () =>
  page.evaluate(() => {
    const refColumn = (row: HTMLTableRowElement) => [...row.closest('table')!.tHead!.rows[0]!.cells].findIndex((cell) => cell.innerText.trim() === 'REF');
    const element = document.activeElement as HTMLElement | null;
    const row = element instanceof HTMLTableRowElement ? element : null;
    return {
      tag: element?.tagName.toLowerCase(),
      label: element?.getAttribute('aria-label') ?? null,
      value: element instanceof HTMLInputElement ? element.value : null,
      rowText: row ? row.cells[refColumn(row)]!.innerText.trim() : null,
      inTabPanel: element?.closest('[role="tabpanel"]')?.getAttribute('aria-labelledby') ?? null,
    };
  });

/** Opens Reservas and waits for its first page; returns what the API answered it. */
async function openBookings(address = '/general/booking'): Promise<BookingPage> {
  const first = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('select') === null);
  await page.goto(address);
  const answer = (await (await first).json()) as BookingPage;
  await waitForRowCount(page, answer.total);
  await expect.poll(() => columnTexts(table(), 'REF')).toEqual(answer.data.map((b) => b.ref));
  return answer;
}

/** Replaces the browser's print dialog: each print keeps the printed document's REF cells. */
async function capturePrints(): Promise<void> {
  await page.evaluate(() => {
    const printed: string[][] = [];
    Object.assign(window, { printedRefs: printed });
    window.print = () => {
      const printout = document.querySelector('.mirador-print-document')!;
      const headers = [...printout.querySelectorAll('thead th')].map((th) => th.textContent);
      const rows = [...printout.querySelectorAll<HTMLTableRowElement>('tbody tr:not(.mirador-print-total)')];
      printed.push(rows.map((row) => row.cells[headers.indexOf('REF')]?.textContent ?? ''));
      window.dispatchEvent(new Event('afterprint'));
    };
  });
}
const prints = () => page.evaluate(() => (window as unknown as { printedRefs: string[][] }).printedRefs);

describe('page shortcuts', () => {
  it('/ focuses the search without typing itself; what is typed then brings the rows the API answers for it', async () => {
    const all = await openBookings();
    await page.keyboard.press('/');
    expect(await focused()).toMatchObject({ tag: 'input', label: 'Buscar…', value: '' });

    const ref = all.data[3]!.ref;
    const answer = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('search') === ref);
    await page.keyboard.type(ref);
    const found = (await (await answer).json()) as BookingPage;
    expect(found.data.map((b) => b.ref)).toContain(ref);
    await waitForRowCount(page, found.total);
    await expect.poll(() => columnTexts(table(), 'REF')).toEqual(found.data.map((b) => b.ref));
  });

  it('fires nothing while typing in the search box or with Ctrl, Alt or Meta held', async () => {
    await openBookings();
    await search().click();
    await page.keyboard.type('fep/?');
    expect(await search().inputValue()).toBe('fep/?');
    // Held modifiers, with the focus on the page.
    await page.locator('h1').first().click();
    for (const combo of ['Alt+f', 'Alt+e', 'Alt+p', 'Control+e', 'Meta+f', 'Control+/']) await page.keyboard.press(combo);
    // A key that does fire, pressed last: once its dialog is up, the ones before it would have had their effect.
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Atajos de teclado' }).waitFor();
    expect(await dialogs().count()).toBe(1);
    expect(downloads).toEqual([]);
    expect(await search().inputValue()).toBe('fep/?');
    await page.keyboard.press('Escape');
    await dialogs().waitFor({ state: 'detached' });
  });

  it('f opens the filter drawer; a filter chosen in it reaches the rows the API answers', async () => {
    await openBookings();
    await page.locator('h1').first().click();
    await page.keyboard.press('f');
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('textbox', { name: 'Status' }).click();
    // Typing in the drawer's field is not a shortcut: the letters filter the options.
    await page.keyboard.type('Check Out');
    await page.getByRole('option', { name: 'Check Out', exact: true }).click();
    expect(downloads).toEqual([]);
    const answer = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.getAll('status').includes('checked_out'));
    await drawer.getByRole('button', { name: 'Aplicar' }).click();
    const filtered = (await (await answer).json()) as BookingPage;
    await waitForRowCount(page, filtered.total);
    await expect.poll(() => columnTexts(table(), 'REF')).toEqual(filtered.data.map((b) => b.ref));
  });

  it('e exports the table to Excel: every row the API answers for the filter', async () => {
    await openBookings('/general/booking?status=checked_out');
    const all = await apiFromPage<BookingPage>(page, '/api/v1/report/booking?status=checked_out&itemsPerPage=-1');
    downloads = [];
    await page.locator('h1').first().click();
    await page.keyboard.press('e');
    await expect.poll(() => downloads.length).toBe(1);
    const file = downloads[0]!;
    expect(file.suggestedFilename()).toBe('Reservas.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    const refs: string[] = [];
    workbook.worksheets[0]!.eachRow((row, index) => {
      if (index > 1 && row.getCell(1).value !== 'Total') refs.push(String(row.getCell(1).value));
    });
    expect(refs.sort()).toEqual(all.data.map((b) => b.ref).sort());
    downloads = [];
  });

  it('p prints the table: asked which rows, the page shown is printed', async () => {
    const first = await openBookings();
    await capturePrints();
    await page.locator('h1').first().click();
    await page.keyboard.press('p');
    const dialog = page.getByRole('dialog', { name: 'Imprimir' });
    await dialog.getByRole('radio', { name: 'Solo esta página: 50 filas' }).check();
    await dialog.getByRole('button', { name: 'Imprimir' }).click();
    await expect.poll(prints).toEqual([first.data.map((b) => b.ref)]);
  });

  it('? lists the shortcuts', async () => {
    await openBookings();
    await page.locator('h1').first().click();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Atajos de teclado' });
    const lines = () => dialog.getByRole('row').evaluateAll((rows) => rows.map((row) => (row as HTMLTableRowElement).innerText.replace(/\s+/g, ' ').trim()));
    // Polled: the dialog opens with a transition.
    await expect.poll(lines).toEqual([
      'Tecla Acción',
      '/ Buscar en la tabla',
      'f Abrir los filtros',
      'e Exportar la tabla a Excel',
      'p Imprimir la tabla',
      '? Ver estos atajos',
      'Tecla Acción',
      'Flecha arriba o Flecha abajo Pasar a la fila anterior o siguiente',
      'Inicio o Fin Ir a la primera o la última fila',
      'Intro Abrir el detalle de la fila',
      'Esc Cerrar el panel o diálogo de encima',
    ]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('on a screen of tabs, / reaches the open tab’s table, and its rows are the API’s for the search', async () => {
    await page.goto('/');
    const { data } = await apiFromPage<{ data: Record<'inHouse' | 'incomings' | 'leaves', Array<{ ref: string }>> }>(page, '/api/v1/report/dashboard');
    const [tab, list] = (
      [
        ['Llegadas', data.incomings],
        ['Salidas', data.leaves],
        ['En Casa', data.inHouse],
      ] as const
    ).find(([, rows]) => rows.length > 1)!;
    await main().getByRole('tab', { name: tab, exact: true }).click();
    // This tab's own panel: the one open before may list as many rows.
    const panel = main().getByRole('tabpanel', { name: tab, exact: true });
    await waitForRowCount(panel, list.length);
    await page.locator('h1').first().click();
    await page.keyboard.press('/');
    const tabId = await main().getByRole('tab', { name: tab, exact: true }).getAttribute('id');
    expect(await focused()).toMatchObject({ tag: 'input', label: 'Buscar…', inTabPanel: tabId });

    const ref = list[1]!.ref;
    await page.keyboard.type(ref);
    const expected = list.filter((row) => JSON.stringify(row).toLowerCase().includes(ref.toLowerCase())).map((row) => row.ref);
    await waitForRowCount(panel, expected.length);
    expect(await columnTexts(panel.getByRole('table'), 'REF')).toEqual(expected);
  });
});

describe('rows', () => {
  it('arrows, Home and End move through the rows with a visible focus; Enter opens that row’s booking; closing it gives the focus back to the row', async () => {
    const { data } = await openBookings();
    // Tab from the last control before the table reaches one row: the first.
    await table().locator('thead button').last().focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'tr', rowText: data[0]!.ref });
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowUp']) await page.keyboard.press(key);
    expect(await focused()).toMatchObject({ tag: 'tr', rowText: data[2]!.ref });
    const ring = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(ring).toBe('solid');
    // One row in the tab order: the one reached.
    expect(await bodyRows(table()).evaluateAll((rows) => rows.filter((row) => (row as HTMLElement).tabIndex === 0).length)).toBe(1);

    await page.keyboard.press('End');
    expect(await focused()).toMatchObject({ tag: 'tr', rowText: data[data.length - 1]!.ref });
    await page.keyboard.press('Home');
    expect(await focused()).toMatchObject({ tag: 'tr', rowText: data[0]!.ref });
    await page.keyboard.press('ArrowUp');
    expect(await focused()).toMatchObject({ tag: 'tr', rowText: data[0]!.ref });

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Detalle de reserva' });
    await panel.getByRole('heading', { name: `Reserva ${data[1]!.ref}` }).waitFor();
    expect(new URL(page.url()).searchParams.getAll('open')).toEqual([`booking-detail:${data[1]!.ref}`]);

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(focused).toMatchObject({ tag: 'tr', rowText: data[1]!.ref });
    // And the keys go on from there.
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toMatchObject({ tag: 'tr', rowText: data[2]!.ref });
  });

  it('a long table (a virtual body) reaches its last row with End and opens it', async () => {
    // The table's page size in the address (its block is the first: t0.): 500 rows shown at once.
    await page.goto('/general/seguimiento?t0.size=500');
    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    const until = `${new Date().getUTCFullYear() + 1}-12-31`;
    await drawer.getByRole('textbox', { name: 'Estancia Hasta' }).fill(until.split('-').reverse().join('/'));
    const applied = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('stayTo') === until && url.searchParams.get('itemsPerPage') === '500');
    await drawer.getByRole('button', { name: 'Aplicar' }).click();
    const answer = (await (await applied).json()) as BookingPage;
    // More rows than the virtual body's threshold, so most are not in the DOM.
    expect(answer.data.length).toBeGreaterThan(200);
    await waitForRowCount(page, answer.total);
    await expect.poll(async () => (await columnTexts(table(), 'REF'))[0]).toBe(answer.data[0]!.ref);
    expect(await bodyRows(table()).count()).toBeLessThan(100);
    // The drawer gives the focus back to Filtros at the end of its closing (300 ms); on a fast run the rows were drawn
    // before that, and the focus moved from the header to Filtros under the test's Tab.
    await overlaysSettled(page);

    await table().locator('thead button').last().focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'tr', rowText: answer.data[0]!.ref });
    await page.keyboard.press('End');
    const refs = answer.data.map((b) => b.ref);
    await expect.poll(focused).toMatchObject({ tag: 'tr', rowText: refs.at(-1) });
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).toMatchObject({ tag: 'tr', rowText: refs.at(-2) });
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Detalle de reserva' }).getByRole('heading', { name: `Reserva ${refs.at(-2)}` }).waitFor();
    await page.keyboard.press('Escape');
    await dialogs().waitFor({ state: 'detached' });
    await expect.poll(focused).toMatchObject({ tag: 'tr', rowText: refs.at(-2) });
    await page.keyboard.press('Home');
    await expect.poll(focused).toMatchObject({ tag: 'tr', rowText: refs[0] });
  });
});

describe('Escape', () => {
  it('closes one layer at a time: the shortcuts dialog over a booking over a client, then each panel', async () => {
    const clients = await apiFromPage<{ data: Array<{ _id: number; documentID: string; bookingsCount?: number }> }>(page, '/api/v1/client?itemsPerPage=-1&deleted=false');
    let client: { _id: number; documentID: string } | undefined;
    let bookings: BookingPage | undefined;
    for (const candidate of clients.data) {
      bookings = await apiFromPage<BookingPage>(page, `/api/v1/client/${candidate._id}/bookings?page=1&itemsPerPage=20&sortBy=dateStart&sortDesc=true`);
      if (bookings.total > 0) {
        client = candidate;
        break;
      }
    }
    expect(client).toBeDefined();
    await page.goto(`/client/list?open=client-detail:${client!._id}`);
    const clientPanel = page.getByRole('dialog', { name: 'Detalle de cliente' });
    await clientPanel.getByRole('tab', { name: 'Reservas', exact: true }).click();
    const reservas = clientPanel.getByRole('tabpanel', { name: 'Reservas', exact: true });
    await waitForRowCount(reservas, bookings!.total);
    // The panel's rows take the same keys: Tab into the first, Enter opens its booking on top.
    await bodyRows(reservas.getByRole('table')).first().focus();
    await page.keyboard.press('Enter');
    const bookingPanel = page.getByRole('dialog', { name: 'Detalle de reserva' });
    await bookingPanel.getByRole('heading', { name: `Reserva ${bookings!.data[0]!.ref}` }).waitFor();
    // An Escape right after ? (before Blueprint has moved the focus into the list) closes the list, not the booking.
    await page.keyboard.press('?');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Atajos de teclado' }).waitFor({ state: 'detached' });
    await overlaysSettled(page);
    expect(await bookingPanel.count()).toBe(1);

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Atajos de teclado' });
    await help.waitFor();

    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    expect(await bookingPanel.count()).toBe(1);
    expect(await clientPanel.count()).toBe(1);

    await page.keyboard.press('Escape');
    await bookingPanel.waitFor({ state: 'detached' });
    expect(await clientPanel.count()).toBe(1);
    expect(new URL(page.url()).searchParams.getAll('open')).toEqual([`client-detail:${client!._id}`]);
    // The focus is back on the row that opened the booking.
    await expect.poll(focused).toMatchObject({ tag: 'tr', rowText: bookings!.data[0]!.ref });

    await page.keyboard.press('Escape');
    await clientPanel.waitFor({ state: 'detached' });
    expect(await dialogs().count()).toBe(0);
  });

  it('closes a date picker over the filter drawer, then the drawer', async () => {
    await page.goto('/general/seguimiento');
    await main().getByRole('table').waitFor();
    await page.locator('h1').first().click();
    await page.keyboard.press('f');
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('textbox', { name: 'Estancia Hasta' }).click();
    const picker = page.getByRole('dialog', { name: 'Estancia Hasta' });
    await picker.waitFor();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    expect(await drawer.count()).toBe(1);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await dialogs().count()).toBe(0);
  });
});
