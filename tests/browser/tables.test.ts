import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { printedPages } from '../../engine/print/printedPages.ts';
import { columnTexts, nextAnswer, signedInSession, waitForRowCount } from './support/browser.ts';

interface BookingPage {
  data: Array<{ ref: string; place: { name: string } | null }>;
  total: number;
}

let page: Page;
let errors: string[];
signedInSession((session) => ({ page, errors } = session));
beforeAll(async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

const table = () => page.getByRole('main').getByRole('table');
const isBookings = (url: URL) => url.searchParams.get('select') === null;

/** Replaces the browser's print dialog: each print keeps the printed document's REF and Habitación cells. */
async function capturePrints(): Promise<void> {
  await page.evaluate(() => {
    const printed: Array<{ refs: string[]; rooms: string[] }> = [];
    Object.assign(window, { printedDocuments: printed });
    window.print = () => {
      const document = window.document.querySelector('.mirador-print-document')!;
      const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
      const rows = [...document.querySelectorAll<HTMLTableRowElement>('tbody tr:not(.mirador-print-total)')];
      const column = (header: string) => rows.map((row) => row.cells[headers.indexOf(header)]?.textContent ?? '');
      printed.push({ refs: column('REF'), rooms: column('Habitación') });
      window.dispatchEvent(new Event('afterprint'));
    };
  });
}
const prints = () => page.evaluate(() => (window as unknown as { printedDocuments: Array<{ refs: string[]; rooms: string[] }> }).printedDocuments);

/** Where a cell sits on screen, left edge. */
const leftOf = async (cell: Locator) => (await cell.boundingBox())!.x;

describe('Reservas', () => {
  it('asks before printing a paged table, with the counts, and prints only the page when told', async () => {
    const first = nextAnswer(page, '/api/v1/report/booking', isBookings);
    await page.goto('/general/booking');
    const { total } = (await (await first).json()) as BookingPage;
    await waitForRowCount(page, total);
    const pages = Math.ceil(total / 50);
    let third: BookingPage | undefined;
    for (const n of [2, 3]) {
      const answer = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('page') === String(n));
      await page.getByRole('button', { name: 'Siguiente' }).click();
      await page.getByText(`Página ${n} de ${pages}`, { exact: true }).waitFor();
      third = (await (await answer).json()) as BookingPage;
    }
    await expect.poll(() => columnTexts(table(), 'REF')).toEqual(third!.data.map((b) => b.ref));
    await capturePrints();

    await page.getByRole('main').getByRole('button', { name: 'Imprimir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Imprimir' });
    await dialog.getByRole('radio', { name: 'Solo esta página: 50 filas' }).waitFor();
    const sheets = printedPages(total);
    await dialog.getByRole('radio', { name: `Todas: ${total.toLocaleString('en-US')} filas (unas ${sheets.toLocaleString('en-US')} hojas)` }).waitFor();
    expect(await prints()).toEqual([]);
    await dialog.getByRole('button', { name: 'Imprimir' }).click();
    await expect.poll(async () => (await prints()).length).toBe(1);
    // The dialog is gone and the focus is back on the toolbar's Imprimir.
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Imprimir');

    const [printed] = await prints();
    expect(printed!.refs).toEqual(third!.data.map((b) => b.ref));
    // Paper has room for the whole room name the screen cuts.
    expect(printed!.rooms).toEqual(third!.data.map((b) => b.place?.name ?? '—'));
    const cut = third!.data.findIndex((b) => (b.place?.name.length ?? 0) >= 15);
    expect(cut, 'a room name long enough to be cut on screen').toBeGreaterThanOrEqual(0);
    const cell = table().locator('tbody tr').nth(cut).locator('td').nth(6);
    expect(await cell.innerText()).toMatch(/…$/);
    expect(await cell.getAttribute('title')).toBe(third!.data[cut]!.place!.name);
  });

  it('sorts from a click anywhere in the header cell and from the keyboard, saying so in aria-sort', async () => {
    const first = nextAnswer(page, '/api/v1/report/booking', isBookings);
    await page.goto('/general/booking');
    await waitForRowCount(page, ((await (await first).json()) as BookingPage).total);
    const header = table().getByRole('columnheader', { name: 'Total' });
    const box = (await header.boundingBox())!;
    const ascending = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('sortBy') === 'total' && url.searchParams.get('sortDesc') !== 'true');
    // The cell's left padding, outside the text and its button.
    await header.click({ position: { x: 3, y: box.height / 2 } });
    await ascending;
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');

    const client = table().getByRole('columnheader', { name: 'Cliente' });
    await client.getByRole('button').focus();
    const byClient = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('sortBy') === 'user.name');
    await page.keyboard.press('Enter');
    await byClient;
    await expect.poll(() => client.getAttribute('aria-sort')).toBe('ascending');
    expect(await header.getAttribute('aria-sort')).toBe('none');
    const descending = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('sortBy') === 'user.name' && url.searchParams.get('sortDesc') === 'true');
    await page.keyboard.press('Space');
    await descending;
    await expect.poll(() => client.getAttribute('aria-sort')).toBe('descending');
  });
});

describe('Seguimiento', () => {
  it('keeps REF and Contacto and the header in view when the wide table scrolls at 1440 px', async () => {
    const answer = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('select') === 'monthTotals');
    await page.goto('/general/seguimiento?period=2023-07-01..2024-06-30');
    const body = (await (await answer).json()) as BookingPage;
    await waitForRowCount(page, body.total);
    const box = page.getByRole('main').locator('.mirador-table-scroll');
    const ref = table().getByRole('columnheader', { name: 'REF' });
    const contact = table().getByRole('columnheader', { name: 'Contacto' });
    const checkIn = table().getByRole('columnheader', { name: 'Check-in' });
    const firstRef = table().locator('tbody tr').first().locator('td').first();
    const [refLeft, contactLeft, checkInLeft, rowRefLeft] = [await leftOf(ref), await leftOf(contact), await leftOf(checkIn), await leftOf(firstRef)];
    const overflow = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow, 'the table is wider than the screen').toBeGreaterThan(200);

    await box.evaluate((element) => element.scrollBy({ left: element.scrollWidth, top: 400 }));
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(200);
    expect(await leftOf(ref)).toBeCloseTo(refLeft, 0);
    expect(await leftOf(contact)).toBeCloseTo(contactLeft, 0);
    expect(await leftOf(firstRef)).toBeCloseTo(rowRefLeft, 0);
    // Unpinned columns did scroll, under the pinned ones.
    expect(await leftOf(checkIn)).toBeLessThan(checkInLeft - 200);
    // The header stays at the top of the scrolled box.
    const boxTop = (await box.boundingBox())!.y;
    expect((await ref.boundingBox())!.y).toBeCloseTo(boxTop, 0);
    const lastHeader = table().getByRole('columnheader').last();
    const right = await lastHeader.evaluate((th) => th.getBoundingClientRect().right);
    expect(right).toBeLessThanOrEqual(1440);
  });
});


describe('Cards, error box and favicon', () => {
  it('keeps a figure level with its neighbours when their labels take one line and two', async () => {
    await page.goto('/pos/status');
    const cards = page.locator('.report-card');
    await cards.first().locator('.report-card-value').waitFor();
    // Status-time labels ("Abierta → En proceso (min)") take two lines; a short one beside them takes one.
    await cards.nth(1).locator('.report-card-label').evaluate((label) => {
      label.firstChild!.textContent = 'Total';
    });
    const rows = await cards.evaluateAll((all) =>
      all.map((card) => {
        const range = document.createRange();
        range.selectNodeContents(card.querySelector('.report-card-label')!.firstChild!);
        return {
          top: card.getBoundingClientRect().top,
          labelLines: new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size,
          value: card.querySelector('.report-card-value')!.getBoundingClientRect().top,
        };
      }),
    );
    const firstRow = rows.filter((card) => card.top === rows[0]!.top);
    expect(new Set(firstRow.map((card) => card.labelLines))).toEqual(new Set([1, 2]));
    expect(new Set(firstRow.map((card) => card.value)).size).toBe(1);
  });

  it('shows Reintentar as a button, not a bar across the error box', async () => {
    await page.route('**/api/v1/report/booking/ocupacion*', (route) => route.fulfill({ status: 503, json: { message: 'No disponible' } }));
    await page.goto('/general/ocupacion');
    // The table's box (the chart over the same answer shows its own).
    const table = page.getByRole('region', { name: 'Ocupación por mes', exact: true });
    const retry = table.getByRole('button', { name: 'Reintentar' });
    await retry.waitFor();
    const box = table.locator('.report-block-error');
    const [button, callout] = [(await retry.boundingBox())!, (await box.boundingBox())!];
    expect(button.width).toBeLessThan(callout.width / 3);
    await page.unroute('**/api/v1/report/booking/ocupacion*');
    // The failed answer is the only console error, and it was wanted.
    expect(errors.splice(0).every((error) => error.includes('503'))).toBe(true);
  });

  it('has a favicon in the app colour', async () => {
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    const icon = await page.evaluate(async (url) => {
      const response = await fetch(url!);
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    }, href);
    expect(icon.status).toBe(200);
    expect(icon.type).toContain('image/svg+xml');
    expect(icon.body).toContain('#A88E68');
  });
});
