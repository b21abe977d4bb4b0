import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiFromPage, columnTexts, signedInSession, waitForRowCount } from './support/browser.ts';
import { printPagedTable } from './support/printPage.ts';
import { overlaysSettled } from './support/screens.ts';

interface BookingPage {
  data: Array<{ ref: string; place: { name: string } | null; total: number | string }>;
  total: number;
}

let page: Page;
let errors: string[];
let all: BookingPage;
signedInSession((session) => ({ page, errors } = session));
beforeAll(async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/general/booking?status=checked_out');
  all = await apiFromPage<BookingPage>(page, '/api/v1/report/booking?status=checked_out&itemsPerPage=-1&sortBy=dateStart&sortDesc=true');
  await waitForRowCount(page, all.total);
});

const table = () => page.getByRole('main').getByRole('table');
const headerTexts = async () => (await table().locator('thead tr').first().locator('th').allInnerTexts()).map((text) => text.trim());
// Contacto hidden, Habitación moved up twice (before Cliente).
const arranged = ['REF', 'Check-in', 'Check-out', 'Habitación', 'Cliente', 'Tipología', 'Status', 'Total'];

describe('Columnas on Reservas', () => {
  it('hides a column and moves another from the menu, keeps them in the URL, a reload, the Excel file and the print', async () => {
    expect(all.total).toBeGreaterThan(50);
    expect(await headerTexts()).toEqual(['REF', 'Contacto', 'Check-in', 'Check-out', 'Cliente', 'Tipología', 'Habitación', 'Status', 'Total']);
    await page.getByRole('main').getByRole('button', { name: 'Columnas', exact: true }).click();
    const list = page.getByRole('list', { name: 'Columnas de la tabla' });
    // The keyboard: Space on a checkbox, Enter on a button (which keeps the focus after a move).
    await list.getByRole('checkbox', { name: 'Contacto' }).focus();
    await page.keyboard.press('Space');
    await list.getByRole('button', { name: 'Subir Habitación' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(headerTexts).toEqual(['REF', 'Check-in', 'Check-out', 'Cliente', 'Habitación', 'Tipología', 'Status', 'Total']);
    // The moved column's button keeps the focus: Enter again moves it on.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Subir Habitación');
    await page.keyboard.press('Enter');
    await expect.poll(headerTexts).toEqual(arranged);
    await expect
      .poll(() => new URL(page.url()).searchParams.get('t0.cols'))
      .toBe('ref,-wayContactName,dateStart,dateEnd,place.name,user,place.typology.name,status,total');
    // axe-core finds nothing wrong with the open menu, nor with the header's width handles.
    await overlaysSettled(page);
    const axe = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });

    await page.reload();
    await waitForRowCount(page, all.total);
    expect(await headerTexts()).toEqual(arranged);
    // Rows keep their cells under the right headers.
    await expect.poll(() => columnTexts(table(), 'REF')).toEqual(all.data.slice(0, 50).map((booking) => booking.ref));

    // The Excel file has the screen's columns, every row and the totals.
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel', exact: true }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(arranged);
    expect(sheet.rowCount).toBe(all.total + 2);
    expect(sheet.getRow(2).getCell(1).value).toBe(all.data[0]!.ref);
    expect(sheet.getRow(2).getCell(4).value).toBe(all.data[0]!.place?.name ?? '');
    const sum = all.data.reduce((total, booking) => total + Number(booking.total), 0);
    expect(sheet.getRow(all.total + 2).getCell(arranged.length).value).toBeCloseTo(sum, 2);

    // The print has the same columns.
    await printPagedTable(page);
    const printed = await page.locator('.mirador-print-document thead th').allTextContents();
    expect(printed).toEqual(arranged);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    // The print question's dialog gives the focus back to the toolbar's Imprimir once it has closed.
    await page.getByRole('dialog', { name: 'Imprimir' }).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-keyshortcuts'))).toBe('p');
    expect(errors).toEqual([]);
  });

  it('keeps the columns in a saved view, which puts them back', async () => {
    const name = `Columnas ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByRole('main').getByRole('button', { name: 'Vistas' }).click();
    await page.getByRole('menu', { name: 'Vistas' }).getByRole('menuitem', { name: 'Guardar vista actual…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Guardar vista actual' });
    await dialog.getByLabel('Nombre').fill(name);
    const created = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/views' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    const view = ((await (await created).json()) as { data: { state: { params: Array<[string, string]> } } }).data;
    expect(view.state.params).toContainEqual(['t0.cols', 'ref,-wayContactName,dateStart,dateEnd,place.name,user,place.typology.name,status,total']);
    await dialog.waitFor({ state: 'detached' });

    // Back to the definition's columns, then the view.
    await page.getByRole('main').getByRole('button', { name: 'Columnas', exact: true }).click();
    await page.getByRole('button', { name: 'Restablecer' }).click();
    await expect.poll(headerTexts).toEqual(['REF', 'Contacto', 'Check-in', 'Check-out', 'Cliente', 'Tipología', 'Habitación', 'Status', 'Total']);
    expect(new URL(page.url()).searchParams.has('t0.cols')).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByRole('main').getByRole('button', { name: 'Vistas' }).click();
    await page.getByRole('menu', { name: 'Vistas' }).getByRole('menuitem', { name }).click();
    await expect.poll(headerTexts).toEqual(arranged);
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('shows a room name the spec cuts whole once the column is widened from the keyboard', async () => {
    const index = all.data.slice(0, 50).findIndex((booking) => (booking.place?.name.length ?? 0) >= 15);
    expect(index, 'a room name long enough to be cut on screen').toBeGreaterThanOrEqual(0);
    const name = all.data[index]!.place!.name;
    const cell = () => table().locator('tbody tr').nth(index).locator('td').nth(arranged.indexOf('Habitación'));
    expect(await cell().innerText()).toMatch(/…$/);
    const handle = page.getByRole('separator', { name: 'Ancho de Habitación' });
    await handle.focus();
    for (let i = 0; i < 6; i += 1) await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => cell().innerText()).toBe(name);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Ancho de Habitación');
    expect(await cell().getAttribute('title')).toBe(name);
    // Narrowed again, the browser cuts it with an ellipsis; the whole name stays in the cell's title.
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await expect
      .poll(() => cell().locator('.mirador-table-clip').evaluate((clip) => clip.scrollWidth > clip.clientWidth && getComputedStyle(clip).textOverflow === 'ellipsis'))
      .toBe(true);
    expect(await handle.getAttribute('aria-valuenow')).toBe('40');
    expect(errors).toEqual([]);
  });
});
