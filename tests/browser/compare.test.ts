import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { integer, money, nextAnswer, signedInSession } from './support/browser.ts';
import { printPagedTable } from './support/printPage.ts';

// "Comparar con: Periodo anterior" on Recaudo (cards over a month): each card shows the same figure of the previous month
// as the API answered the shifted request, the signed difference coloured by its sign; the URL, the print and the file
// carry the choice.

let page: Page;
signedInSession((session) => ({ page } = session));

const statisticsPath = '/api/v1/report/booking/recaudoStatistics';
const now = new Date();
const monthBounds = (offset: number) => {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
};
const current = monthBounds(0);
const previous = monthBounds(-1);
const dayText = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const comparedText = `Periodo anterior (${dayText(previous.from)} – ${dayText(previous.to)})`;

const number = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);
const cards: Array<[label: string, field: string, format: (n: number) => string]> = [
  ['Ingresos por alojamiento', 'totalRates', money],
  ['Extensiones de reserva', 'totalExtraOrders', money],
  ['Tarifa promedio', 'averageRates', money],
  ['Noches promedio', 'averageNights', number],
  ['Recaudo total', 'total', money],
  ['Total reservas', 'count', integer],
  ['Días promedio de alojamiento', 'averageLodgingDays', number],
];
const plus = (text: string, value: number) => (value > 0 ? `+${text}` : text);

describe('Comparar con', () => {
  it('Recaudo against the previous month: the cards show what the API answered for the shifted month; URL, print and file say so', async () => {
    const shown = nextAnswer(page, statisticsPath, (url) => url.searchParams.get('stayFrom') === current.from);
    await page.goto('/gerencia/recaudo');
    const figures = (await (await shown).json()).data as Record<string, number | string>;
    const control = page.getByRole('main').getByRole('combobox', { name: 'Comparar con:' });
    await control.waitFor();
    expect(await control.locator('option').allInnerTexts()).toEqual(['Ninguno', 'Periodo anterior', 'Año anterior']);
    // No comparison yet: no comparison line on the cards.
    await page.getByRole('group', { name: 'Total reservas', exact: true }).locator('.report-card-value').getByText(integer(Number(figures.count)), { exact: true }).waitFor();
    expect(await page.locator('.report-card-compare').count()).toBe(0);

    const shifted = nextAnswer(page, statisticsPath, (url) => url.searchParams.get('stayFrom') === previous.from);
    await control.selectOption({ label: 'Periodo anterior' });
    const response = await shifted;
    const asked = new URL(response.url()).searchParams;
    const askedBefore = new URL((await shown).url()).searchParams;
    // The same request, the month moved: stayFrom/stayTo of the previous month, every other parameter as the screen's.
    expect(asked.get('stayTo')).toBe(previous.to);
    asked.delete('stayFrom');
    asked.delete('stayTo');
    askedBefore.delete('stayFrom');
    askedBefore.delete('stayTo');
    expect([...asked].sort()).toEqual([...askedBefore].sort());
    const before = (await response.json()).data as Record<string, number | string>;
    expect(new URL(page.url()).searchParams.get('compare')).toBe('previous');

    for (const [label, field, format] of cards) {
      const card = page.getByRole('main').getByRole('group', { name: label, exact: true });
      const now = Number(figures[field]);
      const then = Number(before[field]);
      const delta = Math.round((now - then) * 1e6) / 1e6;
      const percent = then === 0 ? '—' : plus(`${((delta / Math.abs(then)) * 100).toFixed(2)}%`, delta);
      await card.locator('.report-card-value').getByText(format(now), { exact: true }).waitFor();
      await expect.poll(() => card.locator('.report-card-compare').innerText()).toBe(`Periodo anterior: ${format(then)}`);
      expect(await card.locator('.report-card-compare').getAttribute('title')).toBe(`Periodo anterior: ${dayText(previous.from)} – ${dayText(previous.to)}`);
      const deltaLine = card.locator('.report-card-delta');
      expect(await deltaLine.innerText(), label).toBe(`${plus(format(delta), delta)} (${percent})`);
      const trend = delta > 0 ? ['report-card-delta-up'] : delta < 0 ? ['report-card-delta-down'] : [];
      expect((await deltaLine.getAttribute('class'))!.split(' ').filter((c) => c.startsWith('report-card-delta-'))).toEqual(trend);
    }

    // The browser's own print of the page: the cards keep their comparison lines, and the page says what they compare with.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.report-compare-note').innerText()).toBe(`Comparado con: ${comparedText}`);
    expect(await page.getByRole('group', { name: 'Recaudo total', exact: true }).locator('.report-card-compare').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('.report-compare-note').isVisible()).toBe(false);

    // The printed table states it among the filters.
    await printPagedTable(page);
    const printedFilters = await page.locator('.mirador-print-document .mirador-print-filters').innerText();
    expect(printedFilters).toContain('Comparado con');
    expect(printedFilters).toContain(comparedText);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));

    // The Excel file's Filtros sheet too.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('main').getByRole('button', { name: 'Excel', exact: true }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    const lines: unknown[][] = [];
    workbook.getWorksheet('Filtros')!.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
    expect(lines).toContainEqual(['Comparado con', comparedText]);

    // A link keeps it: the page opened again compares as it was left.
    const again = nextAnswer(page, statisticsPath, (url) => url.searchParams.get('stayFrom') === previous.from);
    await page.reload();
    await again;
    expect(await page.getByRole('main').getByRole('combobox', { name: 'Comparar con:' }).inputValue()).toBe('previous');
    await page.getByRole('group', { name: 'Total reservas', exact: true }).locator('.report-card-compare').getByText(`Periodo anterior: ${integer(Number(before.count))}`).waitFor();

    // Ninguno takes it off the URL and the cards.
    await page.getByRole('main').getByRole('combobox', { name: 'Comparar con:' }).selectOption({ label: 'Ninguno' });
    await expect.poll(() => new URL(page.url()).searchParams.has('compare')).toBe(false);
    await expect.poll(() => page.locator('.report-card-compare').count()).toBe(0);
  });

  it("Ocupación's KPIs keep the server's own comparison for last year, and compare with the previous year's request when asked", async () => {
    const year = now.getUTCFullYear();
    const kpisPath = '/api/v1/report/kpis';
    const asked: string[] = [];
    const record = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === kpisPath) asked.push(url.searchParams.toString());
    };
    page.on('request', record);
    const shown = nextAnswer(page, kpisPath, (url) => url.searchParams.get('year') === String(year));
    await page.goto('/general/ocupacion?compare=lastYear');
    type Figures = Record<'occupancy' | 'adr' | 'revpar', number | null>;
    const kpis = (await (await shown).json()).data as { current: Figures; lastYear: Figures };
    const orDash = (format: (n: number) => string) => (value: number | null) => (value === null ? '—' : format(Number(value)));
    const figures: Array<[label: string, key: keyof Figures, format: (v: number | null) => string, delta: (v: number | null) => string]> = [
      ['Ocupación del año', 'occupancy', orDash((n) => `${n.toFixed(2)}%`), orDash((n) => `${n.toFixed(2)} p. p.`)],
      ['ADR del año', 'adr', orDash(money), orDash(money)],
      ['RevPAR del año', 'revpar', orDash(money), orDash(money)],
    ];
    for (const [label, key, format] of figures) {
      const card = page.getByRole('main').getByRole('group', { name: label, exact: true });
      await card.locator('.report-card-value').getByText(format(kpis.current[key]), { exact: true }).waitFor();
      expect(await card.locator('.report-card-compare').innerText()).toBe(`Año anterior: ${format(kpis.lastYear[key])}`);
      expect(await card.locator('.report-card-compare').getAttribute('title')).toBe(`Año anterior: 01/01/${year - 1} – 31/12/${year - 1}`);
    }
    await page.waitForLoadState('networkidle');
    // Every card keeps the server's figure: the previous year is not asked for.
    expect(asked.filter((query) => new URLSearchParams(query).get('year') === String(year - 1))).toEqual([]);
    page.off('request', record);

    const shifted = nextAnswer(page, kpisPath, (url) => url.searchParams.get('year') === String(year - 1));
    await page.getByRole('main').getByRole('combobox', { name: 'Comparar con:' }).selectOption({ label: 'Periodo anterior' });
    const before = (await (await shifted).json()).data as { current: Figures };
    for (const [label, key, format, deltaFormat] of figures) {
      const card = page.getByRole('main').getByRole('group', { name: label, exact: true });
      const then = before.current[key];
      const value = kpis.current[key];
      const delta = value === null || then === null ? null : Math.round((Number(value) - Number(then)) * 1e6) / 1e6;
      const percent = delta === null || Number(then) === 0 ? '—' : plus(`${((delta / Math.abs(Number(then))) * 100).toFixed(2)}%`, delta);
      await expect.poll(() => card.locator('.report-card-compare').innerText()).toBe(`Periodo anterior: ${format(then)}`);
      expect(await card.locator('.report-card-delta').innerText(), label).toBe(`${delta === null ? '—' : plus(deltaFormat(delta), delta)} (${percent})`);
    }
  });
});
