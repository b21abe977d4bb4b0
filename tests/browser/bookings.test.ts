import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFromPage, bodyRows, columnTexts, money, nextAnswer, signedInSession, waitForRowCount } from './support/browser.ts';

interface BookingPage {
  data: Array<{ ref: string; total: number | string; status: string }>;
  total: number;
}

let page: Page;
signedInSession((session) => ({ page } = session));

const table = () => page.getByRole('main').getByRole('table');
const toMoney = (text: string) => Number(text.replace(/[$,]/g, ''));

describe('Reservas', () => {
  it('filters by status through the drawer; the URL keeps the filter across a reload', async () => {
    await page.goto('/general/booking');
    const all = await apiFromPage<BookingPage>(page, '/api/v1/report/booking?page=1&itemsPerPage=50');
    await waitForRowCount(page, all.total);

    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Check Out', exact: true }).click();
    const answer = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.getAll('status').includes('checked_out'));
    await drawer.getByRole('button', { name: 'Aplicar' }).click();
    await drawer.waitFor({ state: 'detached' });
    await answer;

    const filtered = await apiFromPage<BookingPage>(page, '/api/v1/report/booking?status=checked_out&page=1&itemsPerPage=50');
    expect(filtered.total).toBeGreaterThan(50);
    expect(filtered.total).toBeLessThan(all.total);
    await waitForRowCount(page, filtered.total);
    expect(new URL(page.url()).searchParams.get('status')).toBe('checked_out');
    await page.getByRole('list', { name: 'Filtros aplicados' }).getByText('Check Out').waitFor();
    const statuses = await columnTexts(table(), 'Status');
    expect(statuses).toHaveLength(50);
    expect(new Set(statuses)).toEqual(new Set(['Check Out']));

    await page.reload();
    await waitForRowCount(page, filtered.total);
    expect(new URL(page.url()).searchParams.get('status')).toBe('checked_out');
    expect(new Set(await columnTexts(table(), 'Status'))).toEqual(new Set(['Check Out']));
  });

  it('pages, sorts by Total descending and shows 100 rows a page', async () => {
    await page.goto('/general/booking?status=checked_out');
    const { total } = await apiFromPage<BookingPage>(page, '/api/v1/report/booking?status=checked_out&itemsPerPage=1');
    await waitForRowCount(page, total);
    const pages50 = Math.ceil(total / 50);
    await page.getByText(`Página 1 de ${pages50}`, { exact: true }).waitFor();
    const firstPage = await columnTexts(table(), 'REF');

    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText(`Página 2 de ${pages50}`, { exact: true }).waitFor();
    await expect.poll(() => columnTexts(table(), 'REF')).not.toEqual(firstPage);
    const secondPage = await columnTexts(table(), 'REF');
    expect(secondPage).toHaveLength(Math.min(50, total - 50));
    expect(secondPage.filter((ref) => firstPage.includes(ref))).toEqual([]);

    // First click sorts ascending, the second descending; sorting goes back to page 1.
    const totalHeader = table().getByRole('columnheader', { name: 'Total' });
    await totalHeader.getByRole('button').click();
    await expect.poll(() => totalHeader.getAttribute('aria-sort')).toBe('ascending');
    const sorted = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('sortDesc') === 'true');
    await totalHeader.getByRole('button').click();
    await expect.poll(() => totalHeader.getAttribute('aria-sort')).toBe('descending');
    await sorted;
    await page.getByText(`Página 1 de ${pages50}`, { exact: true }).waitFor();
    const top = await apiFromPage<BookingPage>(page, '/api/v1/report/booking?status=checked_out&sortBy=total&sortDesc=true&itemsPerPage=2');
    await expect.poll(async () => (await columnTexts(table(), 'Total'))[0]).toBe(money(top.data[0]!.total));
    const totals = (await columnTexts(table(), 'Total')).map(toMoney);
    expect(totals[0]).toBeGreaterThanOrEqual(totals[1]!);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    await page.getByLabel('Filas por página').selectOption('100');
    await page.getByText(`Página 1 de ${Math.ceil(total / 100)}`, { exact: true }).waitFor();
    await expect.poll(() => bodyRows(table()).count()).toBe(Math.min(100, total));
    const hundred = (await columnTexts(table(), 'Total')).map(toMoney);
    expect(hundred).toEqual([...hundred].sort((a, b) => b - a));
  });

  it('searches by keyword on the server', async () => {
    await page.goto('/general/booking');
    const all = await apiFromPage<BookingPage>(page, '/api/v1/report/booking?itemsPerPage=1');
    await waitForRowCount(page, all.total);
    const ref = all.data[0]!.ref;
    const answer = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('search') === ref);
    await page.getByRole('searchbox', { name: 'Buscar…' }).fill(ref);
    await answer;
    const found = await apiFromPage<BookingPage>(page, `/api/v1/report/booking?search=${ref}&itemsPerPage=1`);
    await waitForRowCount(page, found.total);
    expect(await columnTexts(table(), 'REF')).toContain(ref);
  });
});
