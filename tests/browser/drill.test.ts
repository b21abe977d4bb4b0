import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { settleScreen } from './support/screens.ts';
import { apiFromPage, columnTexts, day, integer, monthNames, signedInSession, waitForRowCount } from './support/browser.ts';

// Drill-down (issue 40 §2): a figure opens the rows behind it, its filters in the address shown as chips, and the
// browser's back returns to the figure. Each count is compared with the rows the drill opens, as the API answered both.

interface DashboardBooking {
  ref: string;
}
interface Dashboard {
  data: { date: string; incomings: DashboardBooking[]; leaves: DashboardBooking[]; inHouse: DashboardBooking[] };
}
interface Business {
  _id: number;
  name: string;
  total: number;
  count: number;
}

let page: Page;
signedInSession((session) => ({ page } = session));

const chips = () => page.getByRole('list', { name: 'Filtros aplicados' }).getByRole('listitem').allInnerTexts();
const card = (label: string) => page.getByRole('main').getByRole('group', { name: label, exact: true });
const notCancelled = 'Status: En progreso, Confirmado, No confirmado, Check In, Check Out';

async function dashboard() {
  await page.goto('/');
  return (await apiFromPage<Dashboard>(page, '/api/v1/report/dashboard')).data;
}

describe('drill-down', () => {
  it('a click on the "Llegadas" card opens Reservas with today\'s arrivals, as many rows as the card says; back returns', async () => {
    const today = await dashboard();
    const arrivals = today.incomings;
    // The small demo data has bookings arriving, leaving and in house every day.
    expect(arrivals.length * today.leaves.length * today.inHouse.length).toBeGreaterThan(0);
    // The card shows the API's count before it is clicked.
    await card('Llegadas').getByText(integer(arrivals.length), { exact: true }).waitFor();
    await card('Llegadas').click();
    await page.waitForURL((url) => url.pathname === '/general/booking');
    await expect.poll(chips).toEqual([notCancelled, `Check-in: ${day(today.date)}`]);
    await waitForRowCount(page, arrivals.length);
    if (arrivals.length > 0) {
      const table = page.getByRole('main').getByRole('table').first();
      await expect.poll(async () => (await columnTexts(table, 'REF')).sort()).toEqual(arrivals.map((b) => b.ref).sort());
    }
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await card('Llegadas').getByText(integer(arrivals.length), { exact: true }).waitFor();
  });

  it('by keyboard, "Salidas" and "En casa" open as many bookings as their cards count', async () => {
    const today = await dashboard();
    const cases: Array<[string, DashboardBooking[], string[]]> = [
      ['Salidas', today.leaves, [notCancelled, `Check-out: ${day(today.date)}`]],
      ['En casa', today.inHouse, [`En casa el: ${day(today.date)}`]],
    ];
    for (const [label, list, expected] of cases) {
      const link = card(label).getByRole('link');
      await link.waitFor();
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/general/booking');
      await expect.poll(chips).toEqual(expected);
      await waitForRowCount(page, list.length);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/');
    }
  });

  it('a business\'s bar on Ventas POS opens its closed orders of the same period, as many as the bar counts', async () => {
    await page.goto('/gerencia/pos');
    const period = new URL(page.url());
    const figure = page.getByRole('figure', { name: 'Ventas por negocio' });
    const bars = figure.locator('svg.marks g.mark-rect path');
    await bars.first().waitFor();
    // The screen's period (the current month) as its request sent it.
    const general = await apiFromPage<{ data: { accumulateByBusiness: Business[] } }>(page, `/api/v1/report/pos-general?${await periodQuery()}`);
    const businesses = general.data.accumulateByBusiness;
    expect(businesses.length).toBeGreaterThan(0);
    expect(await bars.count()).toBe(businesses.length);
    const first = businesses[0]!;
    const periodChip = (await chips()).find((chip) => chip.startsWith('Fecha:'));
    await bars.first().click();
    await page.waitForURL((url) => url.pathname === '/pos/sales');
    const url = new URL(page.url());
    expect(url.searchParams.get('business')).toBe(`${first._id}:${first.name}`);
    await expect.poll(chips).toEqual([periodChip, `Negocios: ${first.name}`]);
    await waitForRowCount(page, first.count);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === period.pathname);
    await figure.locator('svg.marks g.mark-rect path').first().waitFor();
  });

  it('a row of the bars\' "Ver datos" opens the same by keyboard', async () => {
    await page.goto('/gerencia/pos');
    const figure = page.getByRole('figure', { name: 'Ventas por negocio' });
    await figure.locator('svg.marks g.mark-rect path').first().waitFor();
    const general = await apiFromPage<{ data: { accumulateByBusiness: Business[] } }>(page, `/api/v1/report/pos-general?${await periodQuery()}`);
    const last = general.data.accumulateByBusiness.at(-1)!;
    await figure.getByRole('button', { name: 'Ver datos' }).click();
    const row = figure.getByRole('table').locator('tbody tr').filter({ hasText: last.name }).first();
    await row.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/pos/sales');
    expect(new URL(page.url()).searchParams.get('business')).toBe(`${last._id}:${last.name}`);
    await waitForRowCount(page, last.count);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/gerencia/pos');
  });
});

describe('drill-down from Ocupación', () => {
  it('a month\'s bar opens Reservas with the bookings that have a night in it, as the API counts them; back returns', async () => {
    const today = (await apiFromPage<Dashboard>(page, '/api/v1/report/dashboard')).data.date.slice(0, 10);
    const [year, month] = today.split('-') as [string, string];
    await page.goto('/general/ocupacion');
    const figure = page.getByRole('figure', { name: 'Porcentaje de ocupación por mes' });
    const bars = figure.locator('svg.marks g.mark-rect path');
    await expect.poll(() => bars.count()).toBe(12);
    await bars.nth(Number(month) - 1).click();
    await page.waitForURL((url) => url.pathname === '/general/booking');
    expect(new URL(page.url()).searchParams.get('stay')).toBe(`${year}-${month}`);
    await expect.poll(chips).toEqual(['Tipo de reserva: Reales', 'Status: Confirmado, Check In, Check Out', `Estancia: ${monthNames[Number(month) - 1]} ${year}`]);
    const last = new Date(Date.UTC(Number(year), Number(month), 0)).toISOString().slice(0, 10);
    const query = `stayFrom=${year}-${month}-01&stayTo=${last}&status=confirmed&status=checked_in&status=checked_out&isVirtual=false&itemsPerPage=1`;
    const { total } = await apiFromPage<{ total: number }>(page, `/api/v1/report/booking?${query}`);
    expect(total).toBeGreaterThan(0);
    await waitForRowCount(page, total);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/general/ocupacion');
    await expect.poll(() => bars.count()).toBe(12);
  });
});

describe('drill-down by nationality, contact channel and payment method', () => {
  it('a nationality bar of Recaudo opens Reservas with its bookings of Recaudo\'s month, as many as the bar counts', async () => {
    await page.goto('/gerencia/recaudo');
    const figure = page.getByRole('figure', { name: 'Nacionalidades' });
    const bars = figure.locator('svg.marks g.mark-rect path');
    await bars.first().waitFor();
    const query = new URL(await lastRequest('/api/v1/report/booking/recaudoNationalities')).search;
    const { data } = await apiFromPage<{ data: Array<{ nationality: string; count: number }> }>(page, `/api/v1/report/booking/recaudoNationalities${query}`);
    expect(await bars.count()).toBe(data.length);
    await bars.first().click();
    await page.waitForURL((url) => url.pathname === '/general/booking');
    const nationality = new URL(page.url()).searchParams.get('nationality');
    const bar = data.find((row) => row.nationality === nationality);
    expect(bar, `a bar named ${nationality}`).toBeDefined();
    // The address changes before the opened screen draws its chips: wait for them.
    await expect.poll(chips).toContain(`Nacionalidad: ${nationality}`);
    expect((await chips()).some((chip) => chip.startsWith('Estancia: '))).toBe(true);
    await waitForRowCount(page, bar!.count);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/gerencia/recaudo');
  });

  it('a channel bar of Ingresos por canal opens Reservas with its bookings of the check-in period, as many as it counts', async () => {
    await page.goto('/general/income-by-channel');
    const figure = page.getByRole('figure', { name: 'Ingresos por canal' });
    const bars = figure.locator('svg.marks g.mark-rect path');
    await bars.first().waitFor();
    const query = new URL(await lastRequest('/api/v1/report/booking')).search;
    const { data } = await apiFromPage<{ data: Array<{ wayContactName: string | null }> }>(page, `/api/v1/report/booking${query}`);
    const counts = new Map<string, number>();
    for (const row of data) counts.set(row.wayContactName || 'Sin canal', (counts.get(row.wayContactName || 'Sin canal') ?? 0) + 1);
    expect(await bars.count()).toBe(counts.size);
    await bars.last().click();
    await page.waitForURL((url) => url.pathname === '/general/booking');
    const channel = new URL(page.url()).searchParams.get('wayContact')!;
    expect(counts.has(channel), `a bar named ${channel}`).toBe(true);
    await expect.poll(chips).toContain(`Canal de contacto: ${channel}`);
    expect((await chips()).some((chip) => chip.startsWith('Check-in: '))).toBe(true);
    await waitForRowCount(page, counts.get(channel)!);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/general/income-by-channel');
  });

  it('a slice of Pagos POS opens Ventas POS general with the method\'s closed orders of the period, as many as it counts', async () => {
    const today = (await dashboard()).date.slice(0, 10);
    const first = `${today.slice(0, 8)}01`;
    await page.goto(`/pos/payment?period=${first}..${today}`);
    const figure = page.getByRole('figure', { name: 'Total por método de pago' });
    const slices = figure.locator('svg.marks g.mark-arc path');
    await slices.first().waitFor();
    const { data } = await apiFromPage<{ data: Array<{ methodPay: { method: string; text: string }; count: number }> }>(
      page, `/api/v1/report/payment?initDate=${first}&endDate=${today}`,
    );
    expect(await slices.count()).toBe(data.length);
    // A point inside the first slice (an arc's box centre may fall in the doughnut's hole).
    const point = await slices.first().evaluate((path) => {
      const box = path.getBoundingClientRect();
      for (let i = 1; i < 20; i++) for (let j = 1; j < 20; j++) {
        const x = box.left + (box.width * i) / 20;
        const y = box.top + (box.height * j) / 20;
        if (document.elementFromPoint(x, y) === path) return { x, y };
      }
      return null;
    });
    expect(point).not.toBeNull();
    await page.mouse.click(point!.x, point!.y);
    await page.waitForURL((url) => url.pathname === '/pos/sales');
    const method = new URL(page.url()).searchParams.get('methodPay');
    const slice = data.find((row) => row.methodPay.method === method);
    expect(slice, `a slice of ${method}`).toBeDefined();
    await expect.poll(chips).toEqual([`Fecha: ${day(first)} - ${day(today)}`, `Método de pago: ${method}`]);
    await waitForRowCount(page, slice!.count);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/pos/payment');
  });
});

/** The last request the screen sent to an API path (its filters as sent). */
async function lastRequest(path: string): Promise<string> {
  const request = await page.evaluate(
    (p) => performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => new URL(name).pathname === p).at(-1),
    path,
  );
  if (!request) throw new Error(`the screen asked for no ${path}`);
  return request;
}

/** The period Ventas POS asks for by default: the current month of the operator's today, as its request names it. */
async function periodQuery(): Promise<string> {
  const request = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/api/v1/report/pos-general?')).at(-1),
  );
  if (!request) throw new Error('Ventas POS asked for no pos-general');
  const url = new URL(request);
  return `initDate=${url.searchParams.get('initDate')}&endDate=${url.searchParams.get('endDate')}`;
}

describe('drill-down and accessibility', () => {
  it('axe finds no violation on the drillable cards, the bars with their "Ver datos" rows, and Reservas\' new filter', async () => {
    const violations: string[] = [];
    const check = async (where: string) => {
      const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
      for (const violation of results.violations) for (const node of violation.nodes) violations.push(`${where}: ${violation.id} at ${node.target.join(' ')}`);
    };
    await page.goto('/');
    await settleScreen(page);
    await check('/');
    for (const [route, chart] of [['/gerencia/pos', 'Ventas por negocio'], ['/general/ocupacion', 'Porcentaje de ocupación por mes']] as const) {
      await page.goto(route);
      await settleScreen(page);
      await page.getByRole('figure', { name: chart }).getByRole('button', { name: 'Ver datos' }).click();
      await page.getByRole('figure', { name: chart }).getByRole('table').waitFor();
      await check(route);
    }
    await page.goto('/general/booking');
    await settleScreen(page);
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('dialog', { name: 'Filtros' }).getByText('Estancia', { exact: true }).first().waitFor();
    await check('/general/booking, filter drawer');
    await page.keyboard.press('Escape');
    expect(violations).toEqual([]);
  });
});
