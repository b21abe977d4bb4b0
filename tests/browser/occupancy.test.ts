import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFromPage, columnTexts, integer, money, monthNames, nextAnswer, signedInSession, waitForRowCount } from './support/browser.ts';

interface OccupancyMonth {
  month: number;
  percentage: number | string;
  count: number | string;
  total: number | string;
}

let page: Page;
signedInSession((session) => ({ page } = session));

const table = () => page.getByRole('region', { name: 'Ocupación por mes' }).getByRole('table');
const yearSelect = () => page.getByRole('main').getByRole('combobox', { name: 'Año' });

async function expectYear(year: number) {
  const months = (await apiFromPage<{ data: OccupancyMonth[] }>(page, `/api/v1/report/booking/ocupacion?year=${year}`)).data;
  expect(months).toHaveLength(12);
  await waitForRowCount(page, 12);
  // The rows of the year asked for replace those of the previous one once they arrive.
  await expect.poll(() => columnTexts(table(), 'Porcentaje')).toEqual(months.map((m) => `${Number(m.percentage).toFixed(2)}%`));
  expect(await columnTexts(table(), 'Mes')).toEqual(monthNames);
  expect(await columnTexts(table(), 'Noches vendidas')).toEqual(months.map((m) => integer(Number(m.count))));
  expect(await columnTexts(table(), 'Total')).toEqual(months.map((m) => money(m.total)));
  // No footer on this table.
  expect(await table().locator('tfoot').count()).toBe(0);
  return months;
}

describe('Ocupación', () => {
  it('shows the current year by default: 12 months with the API percentages, 2 decimals', async () => {
    const year = new Date().getUTCFullYear();
    await page.goto('/general/ocupacion');
    expect(await yearSelect().inputValue()).toBe(String(year));
    await expectYear(year);
  });

  it('offers 2020 … current year + 10 and shows the chosen year', async () => {
    const current = new Date().getUTCFullYear();
    await page.goto('/general/ocupacion');
    await waitForRowCount(page, 12);
    const select = yearSelect();
    const expected = Array.from({ length: current + 10 - 2020 + 1 }, (_, i) => String(2020 + i));
    // allInnerTexts does not wait: poll until the filter bar has rendered its choices.
    await expect.poll(() => select.locator('option').allInnerTexts()).toEqual(expected);

    // Last year: the demo data has sold nights in every year it spans. The year is on the page: one choice applies it.
    const chosen = current - 1;
    const answer = nextAnswer(page, '/api/v1/report/booking/ocupacion', (url) => url.searchParams.get('year') === String(chosen));
    await select.selectOption(String(chosen));
    await answer;
    expect(new URL(page.url()).searchParams.get('year')).toBe(String(chosen));
    const months = await expectYear(chosen);
    expect(months.some((m) => Number(m.percentage) > 0)).toBe(true);
  });
});
