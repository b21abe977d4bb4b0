import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFromPage, signedInSession, waitForRowCount } from './support/browser.ts';

interface Dashboard {
  data: { incomings: Array<{ ref: string }>; inHouse: Array<{ ref: string }>; leaves: Array<{ ref: string }> };
}

let page: Page;
let browser: Browser;
let errors: string[];
signedInSession((session) => ({ page, browser, errors } = session));

const loadError = 'No se pudo cargar esta pantalla. Revise su conexión y recargue la página.';

/** Takes the console errors a failed load leaves (the 404 itself, the import and the boundary's log); fails on any other. */
function takeLoadErrors(): void {
  const unexpected = errors.splice(0).filter((e) => !/404|dynamically imported module|Failed to fetch/.test(e));
  expect(unexpected).toEqual([]);
}

/** The dashboard tab and ref of a listed booking. */
async function listedBooking(): Promise<{ tab: string; ref: string }> {
  const { data } = await apiFromPage<Dashboard>(page, '/api/v1/report/dashboard');
  for (const [tab, list] of [['En Casa', data.inHouse], ['Llegadas', data.incomings], ['Salidas', data.leaves]] as const) {
    if (list[0]) return { tab, ref: list[0].ref };
  }
  throw new Error('The demo data has no booking on the dashboard today');
}

/** Answers 404 to the chunks matching `glob` until `stop`, counting the requests. */
async function failChunks(glob: string): Promise<{ count(): number; stop(): Promise<void> }> {
  let requests = 0;
  await page.route(glob, (route) => {
    requests += 1;
    return route.fulfill({ status: 404 });
  });
  return { count: () => requests, stop: () => page.unroute(glob) };
}

describe('detail panels whose code fails to load', () => {
  for (const [what, glob] of [
    ['the widget folder', '**/assets/booking-detail-*.js'],
    ['the panel component', '**/assets/BookingDetail-*.js'],
  ] as const) {
    it(`${what}: the loading error with Reintentar after one request, and the panel once Reintentar loads it`, async () => {
      // A fresh page: nothing of the widget loaded yet.
      await page.goto('/');
      const { tab, ref } = await listedBooking();
      const chunk = await failChunks(glob);
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tabpanel').getByRole('cell', { name: ref, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(loadError).waitFor();
      // A round trip to the server: a load retried without end would have asked many times meanwhile.
      await apiFromPage(page, '/api/v1/trm');
      expect(chunk.count()).toBe(1);
      await chunk.stop();
      takeLoadErrors();

      await dialog.getByRole('button', { name: 'Reintentar' }).click();
      await dialog.getByRole('heading', { name: `Reserva ${ref}` }).waitFor();
      expect(await dialog.getByText(loadError).count()).toBe(0);
    });
  }
});

describe('a detail panel for a record that does not exist', () => {
  for (const [widget, key, title] of [
    ['booking-detail', 'NO-EXISTE-1', 'La reserva no existe.'],
    ['order-detail', '999999', 'La orden no existe.'],
    ['client-detail', '999999', 'El cliente no existe.'],
  ] as const) {
    it(`${widget}: says it does not exist, not that the server failed`, async () => {
      await page.goto(`/?open=${widget}:${key}`);
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: title }).waitFor();
      await page.getByText('No encontrado', { exact: true }).waitFor();
      expect(await page.getByText('Error con comunicacion con el servidor.').count()).toBe(0);
      expect(await dialog.getByRole('button', { name: 'Reintentar' }).count()).toBe(0);
      // The 404 answer itself.
      takeLoadErrors();
    });
  }
});

describe('print and Excel of a table inside a tab', () => {
  it('the dashboard\'s Llegadas tab names the tab in the file name, the sheet, the Filtros sheet and the printed title', async () => {
    await page.goto('/');
    const { data } = await apiFromPage<Dashboard>(page, '/api/v1/report/dashboard');
    await page.getByRole('tab', { name: 'Llegadas', exact: true }).click();
    const panel = page.getByRole('tabpanel');
    await waitForRowCount(panel, data.incomings.length);

    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Excel', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe('Dashboard - Llegadas.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.name).toBe('Dashboard - Llegadas');
    expect(workbook.getWorksheet('Filtros')!.getRow(1).getCell(2).value).toBe('Dashboard - Llegadas');

    // The browser's print dialog cannot be driven: keep what would be printed.
    await page.evaluate(() => {
      window.print = () => undefined;
    });
    await panel.getByRole('button', { name: 'Imprimir', exact: true }).click();
    await page.locator('.mirador-print-document h1').getByText('Dashboard - Llegadas', { exact: true }).waitFor({ state: 'attached' });
    expect(await page.title()).toBe('Dashboard - Llegadas');
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  });
});

describe('the booking detail on a phone', () => {
  it('fits a 390 px wide screen: no page-wide horizontal scroll, the tables scroll inside the panel', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/');
      const { tab, ref } = await listedBooking();
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByRole('tabpanel').getByRole('cell', { name: ref, exact: true }).click();
      const article = page.getByRole('article', { name: `Reserva ${ref}` });
      // The orders (Cobros) are the widest part: wait for their table.
      await article.getByRole('table').first().waitFor();
      const widths = await article.evaluate((panel) => ({
        page: document.documentElement.scrollWidth,
        right: panel.getBoundingClientRect().right,
        content: panel.scrollWidth,
      }));
      expect(widths.page).toBeLessThanOrEqual(390);
      expect(widths.right).toBeLessThanOrEqual(390);
      expect(widths.content).toBeLessThanOrEqual(390);
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});
