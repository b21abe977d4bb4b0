import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDataAsOf } from '../../core/format.ts';
import { nextAnswer, signedInSession } from './support/browser.ts';
import { printPagedTable } from './support/printPage.ts';

let page: Page;
signedInSession((session) => ({ page } = session));

const bookingsPath = '/api/v1/report/booking';
// The list itself, not an export's or a print's request of every row.
const isBookingList = (url: URL) => url.pathname === bookingsPath && url.searchParams.get('select') === null && url.searchParams.get('page') !== null;
const isBookingDetail = (request: Request) => new URL(request.url()).pathname.startsWith('/api/v1/booking/ref/');
// The page's line (a detail panel's header repeats it).
const dataAsOf = () => page.locator('.report-page > .report-data-as-of time');
const shownReadAt = async () => Date.parse((await dataAsOf().getAttribute('datetime'))!);

/** Every "Datos al" text of the minutes from `from` to `to`: the screen must show one of them. */
function minutesBetween(from: number, to: number): string[] {
  const texts: string[] = [];
  for (let t = Math.floor(from / 60_000) * 60_000; t <= to; t += 60_000) texts.push(formatDataAsOf(t));
  return texts;
}

/**
 * The next request of the booking list, with when the browser sent it (its own clock: the test hears of a request
 * late on a busy machine, after the page may already hold the answer) and the server's Date header.
 */
async function watchBookingList(): Promise<{ request: Request; sentAt: number; dateHeader: number }> {
  const response = await nextAnswer(page, bookingsPath, (url) => isBookingList(url));
  const request = response.request();
  return { request, sentAt: request.timing().startTime, dateHeader: Date.parse((await response.allHeaders()).date!) };
}

describe('Datos al', () => {
  it("states when the screen's data was read: the minute its answer came", async () => {
    const answer = watchBookingList();
    await page.goto('/general/booking?status=checked_out');
    const { sentAt, dateHeader } = await answer;
    await dataAsOf().waitFor();
    const shown = await dataAsOf().innerText();
    // The page takes the answer in after the test hears it finished: the latest the read can be is once it is shown.
    const shownBy = Date.now();
    expect(shown).toMatch(/^Datos al \d\d\/\d\d\/\d{4} \d\d:\d\d UTC$/);
    // The server's clock (Date header, whole seconds) and the test's agree with the time shown.
    const minutes = minutesBetween(Math.min(sentAt, dateHeader), shownBy);
    expect(minutes).toContain(shown);
    expect(minutes).toContain(formatDataAsOf(dateHeader));
    expect(shown).toBe(formatDataAsOf(await shownReadAt()));
    const readAt = await shownReadAt();
    expect(readAt).toBeGreaterThanOrEqual(sentAt);
    expect(readAt).toBeLessThanOrEqual(shownBy);
  });

  it('Actualizar reads the sources again with the same parameters, keeps the view (filter, sort, search, page, open panel), and the time moves on', async () => {
    await page.goto('/general/booking?status=checked_out');
    const table = page.getByRole('main').getByRole('table');
    await table.locator('tbody tr').first().waitFor();
    const sorted = nextAnswer(page, bookingsPath, (url) => isBookingList(url) && url.searchParams.get('sortBy') === 'total');
    await table.getByRole('button', { name: 'Total' }).click();
    await sorted;
    const searched = nextAnswer(page, bookingsPath, (url) => isBookingList(url) && url.searchParams.get('search') === 'MR');
    await page.getByRole('main').getByPlaceholder('Buscar…').fill('MR');
    await searched;
    const secondPage = watchBookingList();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    const before = await secondPage;
    const pageLabel = await page.getByText(/^Página 2 de \d+$/).innerText();
    const detail = page.waitForEvent('requestfinished', { predicate: (request) => isBookingDetail(request) });
    await table.locator('tbody tr').first().click();
    const panel = page.getByRole('dialog').first();
    await detail;
    await panel.waitFor();
    const view = page.url();
    const readBefore = await shownReadAt();
    const rowsBefore = await table.locator('tbody tr').allInnerTexts();

    const clickedAt = Date.now();
    const again = watchBookingList();
    const panelAgain = page.waitForEvent('requestfinished', { predicate: (request) => isBookingDetail(request) });
    // The panel covers the page: its header has the screen's line and button.
    expect(await panel.locator('.report-data-as-of time').innerText()).toBe(formatDataAsOf(readBefore));
    await panel.getByRole('button', { name: 'Actualizar' }).click();
    const after = await again;
    await panelAgain;

    // The same request as the one that drew the page on screen.
    const params = (request: Request) => [...new URL(request.url()).searchParams].sort().join('&');
    expect(params(after.request)).toBe(params(before.request));
    expect(new URL(after.request.url()).searchParams.get('page')).toBe('2');
    // Every answer on screen, the panel's included, is read again: the oldest of them comes after the click.
    await expect.poll(shownReadAt).toBeGreaterThanOrEqual(clickedAt);
    const readAfter = await shownReadAt();
    expect(readAfter).toBeGreaterThan(readBefore);
    expect(readAfter).toBeLessThanOrEqual(Date.now());
    expect(await dataAsOf().innerText()).toBe(formatDataAsOf(readAfter));
    expect(await panel.locator('.report-data-as-of time').innerText()).toBe(formatDataAsOf(readAfter));

    // Nothing of the view was lost.
    expect(page.url()).toBe(view);
    expect(await page.getByRole('main').getByPlaceholder('Buscar…').inputValue()).toBe('MR');
    await panel.waitFor();
    expect(await page.getByText(/^Página 2 de \d+$/).innerText()).toBe(pageLabel);
    expect(await table.locator('tbody tr').allInnerTexts()).toEqual(rowsBefore);
  });

  it('the printed document states the same time as the screen', async () => {
    await page.goto('/general/booking');
    await page.getByRole('main').getByRole('table').locator('tbody tr').first().waitFor();
    await dataAsOf().waitFor();
    const shown = await dataAsOf().innerText();
    await printPagedTable(page);
    const printed = page.locator('.mirador-print-document .mirador-print-data-as-of');
    expect(await printed.textContent()).toBe(shown);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  });

  it("a calendar printed by the browser carries the screen's line", async () => {
    await page.goto('/event/calendar');
    await page.locator('.report-calendar .calendar-event').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    try {
      expect(await dataAsOf().isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Actualizar' }).isVisible()).toBe(false);
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
  });
});
