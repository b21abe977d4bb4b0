import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFromPage, columnTexts, integer, money, monthNames, nextAnswer, signedInSession } from './support/browser.ts';

// The KPI cards and the pace table show exactly what /api/v1/report/kpis and /kpis/pace answered, as the screen formats it.

type Figure = number | null;
interface Kpis {
  current: Record<'occupancy' | 'adr' | 'revpar', Figure>;
  lastYear: Record<'occupancy' | 'adr' | 'revpar', Figure>;
  difference: Record<'occupancy' | 'adr' | 'revpar', { absolute: Figure; percent: Figure }>;
}
interface PaceRow {
  month: string;
  roomNights: number;
  lastYearRoomNights: number;
  roomNightsDifference: number;
  roomNightsDifferencePercent: Figure;
  roomRevenue: number;
  lastYearRoomRevenue: number;
  roomRevenueDifference: number;
  roomRevenueDifferencePercent: Figure;
  lastYearFinalRoomNights: number;
  lastYearFinalRoomRevenue: number;
}

let page: Page;
signedInSession((session) => ({ page } = session));

const dash = '—';
const orDash = (format: (n: number) => string) => (value: Figure) => (value === null ? dash : format(Number(value)));
const percent = orDash((n) => `${n.toFixed(2)}%`);
const points = orDash((n) => `${n.toFixed(2)} p. p.`);
const moneyOrDash = orDash(money);
const plus = (text: string, value: Figure) => (value !== null && Number(value) > 0 ? `+${text}` : text);

/** The three cards of a KPI answer: label → [figure, comparison line, difference line, sign class]. */
function expectedCards(kpis: Kpis, suffix: string) {
  const card = (figure: 'occupancy' | 'adr' | 'revpar', label: string, format: (v: Figure) => string, deltaFormat: (v: Figure) => string) => {
    const { absolute, percent: change } = kpis.difference[figure];
    const trend = absolute === null || Number(absolute) === 0 ? '' : Number(absolute) > 0 ? 'report-card-delta-up' : 'report-card-delta-down';
    return {
      label: `${label} ${suffix}`,
      value: format(kpis.current[figure]),
      compare: `Año anterior: ${format(kpis.lastYear[figure])}`,
      delta: `${plus(deltaFormat(absolute), absolute)} (${plus(percent(change), change)})`,
      trend,
    };
  };
  return [card('occupancy', 'Ocupación', percent, points), card('adr', 'ADR', moneyOrDash, moneyOrDash), card('revpar', 'RevPAR', moneyOrDash, moneyOrDash)];
}

async function expectCards(kpis: Kpis, suffix: string) {
  for (const expected of expectedCards(kpis, suffix)) {
    const card = page.getByRole('main').getByRole('group', { name: expected.label, exact: true });
    // The figure counts up: wait for it to settle on the API's value.
    await card.locator('.report-card-value').getByText(expected.value, { exact: true }).waitFor();
    expect(await card.locator('.report-card-compare').innerText()).toBe(expected.compare);
    const delta = card.locator('.report-card-delta');
    expect(await delta.innerText()).toBe(expected.delta);
    expect((await delta.getAttribute('class'))!.split(' ').filter((c) => c.startsWith('report-card-delta-'))).toEqual(expected.trend ? [expected.trend] : []);
    // Its formula says the USALI definition and where ours differs.
    await expect.poll(() => card.getByRole('button', { name: new RegExp(`^Fórmula de ${expected.label}: .*USALI`) }).count()).toBe(1);
  }
}

const monthLabel = (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const signedInteger = (n: number) => integer(Number(n));

async function expectPaceTable(table: Locator, rows: PaceRow[]) {
  const columns: Array<[string, (r: PaceRow) => string]> = [
    ['Mes', (r) => monthLabel(r.month)],
    ['Noches en libros', (r) => signedInteger(r.roomNights)],
    ['Noches año anterior a la fecha', (r) => signedInteger(r.lastYearRoomNights)],
    ['Diferencia noches', (r) => signedInteger(r.roomNightsDifference)],
    ['Diferencia noches %', (r) => percent(r.roomNightsDifferencePercent)],
    ['Ingreso en libros', (r) => money(r.roomRevenue)],
    ['Ingreso año anterior a la fecha', (r) => money(r.lastYearRoomRevenue)],
    ['Diferencia ingreso', (r) => money(r.roomRevenueDifference)],
    ['Diferencia ingreso %', (r) => percent(r.roomRevenueDifferencePercent)],
    ['Noches año anterior final', (r) => signedInteger(r.lastYearFinalRoomNights)],
    ['Ingreso año anterior final', (r) => money(r.lastYearFinalRoomRevenue)],
  ];
  await expect.poll(() => columnTexts(table, 'Mes')).toEqual(rows.map((r) => monthLabel(r.month)));
  for (const [header, format] of columns) expect(await columnTexts(table, header), header).toEqual(rows.map(format));
}

describe('hospitality KPIs', () => {
  it('dashboard: occupancy, ADR and RevPAR of the month to date against last year, as the API answers them', async () => {
    const answer = nextAnswer(page, '/api/v1/report/kpis', (url) => url.searchParams.get('period') === 'monthToDate');
    await page.goto('/');
    const kpis: Kpis = (await (await answer).json()).data;
    await page.getByRole('region', { name: 'Mes a la fecha frente al año anterior' }).waitFor();
    await expectCards(kpis, 'del mes');
    // The demo has sold nights this month and a year ago: figures, not dashes.
    expect(kpis.current.adr).not.toBeNull();
    expect(kpis.lastYear.adr).not.toBeNull();
  });

  it('Ocupación: the year against the previous one, and the pace of the months ahead', async () => {
    const year = new Date().getUTCFullYear();
    const kpisAnswer = nextAnswer(page, '/api/v1/report/kpis', (url) => url.searchParams.get('year') === String(year));
    const paceAnswer = nextAnswer(page, '/api/v1/report/kpis/pace', (url) => url.searchParams.get('months') === '6');
    await page.goto('/general/ocupacion');
    const kpis: Kpis = (await (await kpisAnswer).json()).data;
    const pace: { asOf: string; data: PaceRow[] } = await (await paceAnswer).json();
    await expectCards(kpis, 'del año');

    expect(pace.asOf).toBe(new Date().toISOString().slice(0, 10));
    expect(pace.data).toHaveLength(6);
    const paceTable = page.getByRole('region', { name: 'Ritmo de reservas: próximos meses frente al año anterior' }).getByRole('table');
    await expectPaceTable(paceTable, pace.data);

    // Another year changes the cards, not the pace (it is always from today).
    const previous = nextAnswer(page, '/api/v1/report/kpis', (url) => url.searchParams.get('year') === String(year - 1));
    await page.getByRole('main').getByRole('combobox', { name: 'Año' }).selectOption(String(year - 1));
    const before: Kpis = (await (await previous).json()).data;
    await expectCards(before, 'del año');
    expect(before).toEqual((await apiFromPage<{ data: Kpis }>(page, `/api/v1/report/kpis?year=${year - 1}`)).data);
    await expectPaceTable(paceTable, pace.data);
  });

  it('a year without nights shows dashes, not a division by zero', async () => {
    const answer = nextAnswer(page, '/api/v1/report/kpis', (url) => url.searchParams.get('year') === '2020');
    await page.goto('/general/ocupacion?year=2020');
    const kpis: Kpis = (await (await answer).json()).data;
    expect(kpis.current.adr).toBeNull();
    await expectCards(kpis, 'del año');
    const adr = page.getByRole('main').getByRole('group', { name: 'ADR del año', exact: true });
    expect(await adr.locator('.report-card-value').innerText()).toBe(dash);
  });
});
