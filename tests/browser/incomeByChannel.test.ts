import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFromPage, columnTexts, integer, money, nextAnswer, signedInSession, waitForRowCount } from './support/browser.ts';
import { settleScreen } from './support/screens.ts';

// Ingresos por canal de contacto: a definition whose source groups the bookings list with Vega-Lite transforms, run
// by Vega in the page (the `small` data of today's month).
interface Booking {
  wayContactName: string | null;
  total: number | string;
}

let page: Page;
signedInSession((session) => ({ page } = session));

describe('Ingresos por canal de contacto', () => {
  it('groups the bookings the screen asked for by channel in its cards, chart and table, largest first, with totals', async () => {
    const asked = nextAnswer(page, '/api/v1/report/booking');
    await page.goto('/general/income-by-channel');
    const response = await asked;
    const query = new URL(response.url()).searchParams;
    expect(query.get('itemsPerPage')).toBe('-1');
    expect(query.getAll('status')).not.toContain('canceled');
    // The same rows, summed here by channel.
    const { data } = await apiFromPage<{ data: Booking[] }>(page, `/api/v1/report/booking?${query}`);
    const sums = new Map<string, { income: number; bookings: number }>();
    for (const booking of data) {
      const channel = booking.wayContactName || 'Sin canal';
      const known = sums.get(channel) ?? { income: 0, bookings: 0 };
      sums.set(channel, { income: known.income + Number(booking.total), bookings: known.bookings + 1 });
    }
    const expected = [...sums].sort(([a, x], [b, y]) => y.income - x.income || a.localeCompare(b));
    expect(expected.length).toBeGreaterThan(1);
    const income = expected.reduce((sum, [, row]) => sum + row.income, 0);

    await settleScreen(page);
    const main = page.getByRole('main');
    await main.getByRole('group', { name: 'Ingresos', exact: true }).getByText(money(income), { exact: true }).waitFor();
    await main.getByRole('group', { name: 'Reservas', exact: true }).getByText(integer(data.length), { exact: true }).waitFor();

    const table = main.locator('table.mirador-table');
    await waitForRowCount(main, expected.length);
    expect(await columnTexts(table, 'Canal de contacto')).toEqual(expected.map(([channel]) => channel));
    expect(await columnTexts(table, 'Ingresos')).toEqual(expected.map(([, row]) => money(row.income)));
    expect(await columnTexts(table, 'Reservas')).toEqual(expected.map(([, row]) => integer(row.bookings)));
    await table.locator('tfoot').getByText(money(income), { exact: true }).waitFor();

    // The bar chart draws one bar per channel, described by its largest.
    const chart = main.getByRole('figure', { name: 'Ingresos por canal' });
    expect(await chart.locator('svg.marks g.mark-rect path').count()).toBe(expected.length);
    await expect.poll(() => chart.locator('.report-visually-hidden').innerText()).toContain(`${expected[0]![0]}: ${money(expected[0]![1].income)}`);
  });
});
