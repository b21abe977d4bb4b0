import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiFromPage,
  bookingStatusLabel,
  columnTexts,
  day,
  fieldValue,
  integer,
  money,
  signedInSession,
  waitForRowCount,
} from './support/browser.ts';

interface DashboardBooking {
  ref: string;
}
interface Dashboard {
  data: {
    date: string;
    incomings: DashboardBooking[];
    inHouse: DashboardBooking[];
    leaves: DashboardBooking[];
    createdToday: DashboardBooking[];
    occupiedPercentage: number | string;
    occupiedRooms: number;
    freeRooms: number;
  };
}
interface Booking {
  ref: string;
  status: string;
  dateStart: string;
  dateEnd: string;
  rates: unknown[];
}
interface Balance {
  totalOrders: number;
  subtotalOrders: number;
  totalPays: number;
  faltante: number;
  totalHospedaje: number;
  totalHospedajeClosed: number;
  totalHospedajeOpen: number;
  totalExtra: number;
  balanceHost: number;
}

let page: Page;
let dashboard: Dashboard['data'];
signedInSession((session) => ({ page } = session));
beforeAll(async () => {
  dashboard = (await apiFromPage<Dashboard>(page, '/api/v1/report/dashboard')).data;
});

/** The first listed booking with payments, so that the balance cards are not all zero; else the first one. */
async function bookingToOpen(): Promise<{ ref: string; tab: string }> {
  const lists: Array<[string, DashboardBooking[]]> = [
    ['En Casa', dashboard.inHouse],
    ['Llegadas', dashboard.incomings],
    ['Salidas', dashboard.leaves],
  ];
  let first: { ref: string; tab: string } | undefined;
  for (const [tab, list] of lists) {
    for (const { ref } of list) {
      first ??= { ref, tab };
      const balance = await apiFromPage<{ data: Balance }>(page, `/api/v1/booking/balance/${ref}`);
      if (balance.data.totalPays > 0) return { ref, tab };
    }
  }
  if (!first) throw new Error('The demo data has no booking on the dashboard today');
  return first;
}

const card = (label: string) => page.getByRole('group', { name: label, exact: true });

describe('dashboard', () => {
  it('shows the seven cards the API answers, formatted as the spec says', async () => {
    const expected: Array<[string, string]> = [
      ['Fecha', day(dashboard.date)],
      ['Llegadas', integer(dashboard.incomings.length)],
      ['Salidas', integer(dashboard.leaves.length)],
      ['En casa', integer(dashboard.inHouse.length)],
      ['Ocupación', `${Number(dashboard.occupiedPercentage).toFixed(2)}%`],
      ['Habitaciones ocupadas', integer(dashboard.occupiedRooms)],
      ['Habitaciones libres', integer(dashboard.freeRooms)],
    ];
    // The figures count up: wait for each to settle on the API's value.
    for (const [label, value] of expected) await card(label).getByText(value, { exact: true }).waitFor();
    // Seven, and the three KPI cards of the month (tests/browser/kpis.test.ts).
    expect(await page.getByRole('main').getByRole('group').count()).toBe(7 + 3);
  });

  it('each tab lists as many rows as its list, with the spec columns', async () => {
    const tabs: Array<[string, DashboardBooking[]]> = [
      ['En Casa', dashboard.inHouse],
      ['Llegadas', dashboard.incomings],
      ['Salidas', dashboard.leaves],
      ['Actividad hoy', dashboard.createdToday],
    ];
    for (const [title, list] of tabs) {
      const tab = page.getByRole('tab', { name: title, exact: true });
      await tab.click();
      // The panel of this tab, not the previous one (two tabs may list as many rows).
      await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
      const panel = page.getByRole('tabpanel', { name: title, exact: true });
      await waitForRowCount(panel, list.length);
      const table = panel.getByRole('table');
      expect(await table.locator('thead').getByRole('columnheader').allInnerTexts()).toEqual([
        'REF',
        'Contacto',
        'Check-in',
        'Check-out',
        'Cliente',
        'Tipología',
        'Habitación',
        'Status',
      ]);
      // Every row shown, no paging.
      if (list.length > 0) await expect.poll(async () => (await columnTexts(table, 'REF')).sort()).toEqual(list.map((b) => b.ref).sort());
      expect(await page.getByRole('button', { name: 'Siguiente' }).count()).toBe(0);
    }
  });

  it('a row opens the full-screen booking detail; its Balance tab equals the API; the close button closes it', async () => {
    const { ref, tab } = await bookingToOpen();
    const booking = (await apiFromPage<{ data: Booking }>(page, `/api/v1/booking/ref/${ref}`)).data;
    const balance = (await apiFromPage<{ data: Balance }>(page, `/api/v1/booking/balance/${ref}`)).data;
    const trm = Number((await apiFromPage<{ data: { value_30: number | string } }>(page, '/api/v1/trm')).data.value_30);

    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.getByRole('tabpanel').getByRole('cell', { name: ref, exact: true }).click();

    const detail = page.getByRole('dialog', { name: 'Detalle de reserva' });
    const article = detail.getByRole('article', { name: `Reserva ${ref}` });
    await article.getByRole('heading', { name: `Reserva ${ref}` }).waitFor();
    await article.getByText(bookingStatusLabel[booking.status]!, { exact: true }).first().waitFor();
    // The Resumen section (it holds the Resumen list).
    const summary = article.getByLabel('Resumen', { exact: true }).first();
    expect(await fieldValue(summary, 'Check-in').innerText()).toBe(day(booking.dateStart));
    expect(await fieldValue(summary, 'Check-out').innerText()).toBe(day(booking.dateEnd));
    expect(await fieldValue(summary, 'Noches').innerText()).toBe(integer(booking.rates.length));
    // Full screen: the detail covers the viewport.
    const box = await detail.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(1400 - 1);

    await article.getByRole('tab', { name: 'Balance', exact: true }).click();
    const cards: Array<[string, number]> = [
      ['Balance hospedaje', balance.balanceHost],
      ['Total', balance.totalHospedaje + balance.totalExtra],
      ['Total cobros', balance.totalOrders],
      ['Subtotal', balance.subtotalOrders],
      ['Pagado', balance.totalPays],
      ['Faltante', balance.faltante],
      ['Total hospedaje', balance.totalHospedaje],
      ['Noches facturadas', balance.totalHospedajeClosed],
      ['Noches por facturar', balance.totalHospedajeOpen],
      ['Total extra', balance.totalExtra],
    ];
    // The balances show their absolute value (negative: a credit in the guest's favour).
    const balances = new Set(['Balance hospedaje', 'Faltante']);
    for (const [label, amount] of cards) {
      const cop = balances.has(label) ? Math.abs(amount) : amount;
      const figure = article.getByRole('group', { name: label, exact: true });
      await figure.getByText(`${money(cop)} COP`).waitFor();
      await figure.getByText(`${money(cop / trm)} USD`).waitFor();
    }

    await detail.getByRole('button', { name: 'Cerrar' }).click();
    await detail.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('open')).toBeNull();
  });
});
