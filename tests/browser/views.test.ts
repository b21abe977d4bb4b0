import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { restrictedEmployee } from '../../server/demo/demoAccounts.ts';
import { apiFromPage, columnTexts, day, newPage, nextAnswer, signIn, signedInSession, waitForRowCount } from './support/browser.ts';

interface BookingPage {
  data: Array<{ ref: string }>;
  total: number;
}
interface DayUse {
  data: Array<{ _id: string; count: number }>;
}
interface SavedView {
  id: number;
  name: string;
  shared: boolean;
  path: string;
  state: { filters: Array<[string, string]>; params: Array<[string, string]> };
}

let page: Page;
let errors: string[];
let browser: import('playwright-core').Browser;
signedInSession((session) => ({ page, errors, browser } = session));

// Names of this run (the server may keep views of earlier runs).
const run = Math.random().toString(36).slice(2, 7);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const shift = (days: number) => isoDay(new Date(Date.now() + days * 86_400_000));

const main = (p: Page = page) => p.getByRole('main');
const table = (scope: Locator) => scope.getByRole('table').first();
const isBookings = (url: URL) => url.searchParams.get('select') === null;
const appliedFilters = (p: Page = page) => main(p).getByRole('list', { name: 'Filtros aplicados' });
/** The screen's URL state, order aside. */
const urlState = (p: Page = page) => [...new URL(p.url()).searchParams].map(([k, v]) => `${k}=${v}`).sort();

async function viewsMenu(p: Page = page): Promise<Locator> {
  await main(p).getByRole('button', { name: 'Vistas' }).click();
  const menu = p.getByRole('menu', { name: 'Vistas' });
  await menu.waitFor();
  return menu;
}

const viewsAnswer = (p: Page, method: string) =>
  p.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/api/v1/views') && r.request().method() === method);

async function saveView(name: string, shared = false): Promise<SavedView> {
  await (await viewsMenu()).getByRole('menuitem', { name: 'Guardar vista actual…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Guardar vista actual' });
  await dialog.getByLabel('Nombre').fill(name);
  if (shared) await dialog.getByText('Compartir con todos').click();
  const created = viewsAnswer(page, 'POST');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  await dialog.waitFor({ state: 'detached' });
  return ((await response.json()) as { data: SavedView }).data;
}

const myViews = async (p: Page = page) => (await apiFromPage<{ data: SavedView[] }>(p, '/api/v1/views?path=%2Fgeneral%2Fbooking')).data;

describe('Saved views', () => {
  const name = `Confirmadas por total ${run}`;

  it('saves filters, sort, page size and search; opening the view restores exactly that, its rows as the API answers them', async () => {
    const first = nextAnswer(page, '/api/v1/report/booking', isBookings);
    await page.goto('/general/booking?status=confirmed&status=checked_out&isVirtual=real');
    await waitForRowCount(main(), ((await (await first).json()) as BookingPage).total);

    const total = table(main()).getByRole('columnheader', { name: 'Total' });
    const sorted = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('sortBy') === 'total');
    await total.getByRole('button').click();
    await sorted;
    const sized = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('itemsPerPage') === '100');
    await main().getByLabel('Filas por página').selectOption('100');
    await sized;
    const searched = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('search') === 'a');
    await main().getByRole('searchbox', { name: 'Buscar…' }).fill('a');
    await searched;
    await expect.poll(() => urlState()).toContain('t0.q=a');
    const saved = urlState();

    const view = await saveView(name);
    expect(view.state.filters.map(([k, v]) => `${k}=${v}`).sort()).toEqual(['isVirtual=real', 'status=checked_out', 'status=confirmed']);
    expect(view.state.params.map(([k, v]) => `${k}=${v}`).sort()).toEqual(['t0.q=a', 't0.size=100', 't0.sort=total']);

    // Everything else: other filters, the default sort, another page size, no search.
    const other = nextAnswer(page, '/api/v1/report/booking', isBookings);
    await page.goto('/general/booking?status=canceled&t0.size=200');
    await waitForRowCount(main(), ((await (await other).json()) as BookingPage).total);

    const restored = nextAnswer(page, '/api/v1/report/booking', (url) => isBookings(url) && url.searchParams.get('search') === 'a');
    await (await viewsMenu()).getByRole('menuitem', { name }).click();
    const response: Response = await restored;
    const asked = new URL(response.url()).searchParams;
    expect(asked.getAll('status').sort()).toEqual(['checked_out', 'confirmed']);
    expect([asked.get('isVirtual'), asked.get('sortBy'), asked.get('sortDesc'), asked.get('itemsPerPage')]).toEqual(['false', 'total', 'false', '100']);
    const answer = (await response.json()) as BookingPage;
    expect(answer.data.length).toBeGreaterThan(1);

    expect(urlState()).toEqual(saved);
    await waitForRowCount(main(), answer.total);
    expect(await columnTexts(table(main()), 'REF')).toEqual(answer.data.map((b) => b.ref));
    // The same request again, straight to the API, answers the same rows.
    const direct = await apiFromPage<BookingPage>(page, `${new URL(response.url()).pathname}${new URL(response.url()).search}`);
    expect(direct.data.map((b) => b.ref)).toEqual(answer.data.map((b) => b.ref));
    expect(await total.getAttribute('aria-sort')).toBe('ascending');
    expect(await main().getByLabel('Filas por página').inputValue()).toBe('100');
    expect(await main().getByRole('searchbox', { name: 'Buscar…' }).inputValue()).toBe('a');
    expect((await appliedFilters().innerText()).replace(/\s+/g, ' ')).toMatch(/Status: (Confirmado, Check Out|Check Out, Confirmado)/);
    // The menu marks the view on screen.
    const item = (await viewsMenu()).getByRole('menuitem', { name });
    await expect.poll(() => item.getAttribute('class')).toMatch(/bp6-active/);
    await page.keyboard.press('Escape');
  });

  it('renames and deletes one of its own views, after a confirmation', async () => {
    await page.goto('/general/booking');
    const second = await saveView(`Segunda ${run}`);
    await (await viewsMenu()).getByRole('menuitem', { name: 'Cambiar nombre o eliminar…' }).click();
    const manage = page.getByRole('dialog', { name: 'Mis vistas de esta pantalla' });
    await manage.getByRole('button', { name: `Cambiar nombre de ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Cambiar vista' });
    // A name the employee already uses on this screen is refused beside the field.
    await edit.getByLabel('Nombre').fill(second.name.toUpperCase());
    const refused = viewsAnswer(page, 'PATCH');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    expect((await refused).status()).toBe(409);
    await edit.getByText(`Ya tiene una vista llamada «${second.name.toUpperCase()}» en esta pantalla.`).waitFor();
    // The browser's own line about the refused call is the only console error.
    expect(errors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    const renamedName = `Renombrada ${run}`;
    await edit.getByLabel('Nombre').fill(renamedName);
    const renamed = viewsAnswer(page, 'PATCH');
    await edit.getByRole('button', { name: 'Guardar' }).click();
    expect((await renamed).status()).toBe(200);
    await edit.waitFor({ state: 'detached' });
    await manage.getByText(renamedName, { exact: true }).waitFor();
    expect((await myViews()).map((v) => v.name)).toEqual(expect.arrayContaining([renamedName, second.name]));
    expect((await myViews()).map((v) => v.name)).not.toContain(name);

    await manage.getByRole('button', { name: `Eliminar ${second.name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(`¿Eliminar la vista «${second.name}»? Esta acción no se puede deshacer.`).waitFor();
    // Cancelar keeps it.
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await myViews()).map((v) => v.name)).toContain(second.name);
    await manage.getByRole('button', { name: `Eliminar ${second.name}` }).click();
    const deleted = viewsAnswer(page, 'DELETE');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    expect((await deleted).status()).toBe(204);
    await manage.getByText(second.name, { exact: true }).waitFor({ state: 'detached' });
    expect((await myViews()).map((v) => v.name)).not.toContain(second.name);
    await manage.getByRole('button', { name: 'Cerrar' }).click();
    await manage.waitFor({ state: 'detached' });
    const menu = await viewsMenu();
    await menu.getByRole('menuitem', { name: renamedName }).waitFor();
    expect(await menu.getByRole('menuitem', { name: second.name }).count()).toBe(0);
    await page.keyboard.press('Escape');
  });

  it('a shared view with its filter and open tab shows in the sidebar of another employee, who opens it as saved', async () => {
    const [from, to] = [shift(-20), shift(-14)];
    await page.goto(`/useTime?days=${from}..${to}`);
    await main().getByRole('tab', { name: 'Días', exact: true }).click();
    await expect.poll(() => urlState()).toContain('t0.tab=1');
    const shared = await saveView(`Semana de uso ${run}`, true);
    expect(shared.shared).toBe(true);
    expect(shared.state).toEqual({ filters: [['days', `${from}..${to}`]], params: [['t0.tab', '1']] });

    const other = await newPage(browser);
    try {
      await signIn(other.page, restrictedEmployee);
      const views = other.page.getByRole('navigation').getByRole('list', { name: 'Vistas compartidas de Uso de la app' });
      const link = views.getByRole('link', { name: shared.name });
      const days = nextAnswer(other.page, '/api/v1/use/time/resume/group/fetch', (url) => url.searchParams.get('dateStart') === from);
      await link.click();
      const answer = (await (await days).json()) as DayUse;
      const asked = new URL(other.page.url());
      expect(asked.pathname).toBe('/useTime');
      await expect.poll(() => urlState(other.page)).toEqual([`days=${from}..${to}`, 't0.tab=1']);
      expect(await main(other.page).getByRole('tab', { name: 'Días', exact: true }).getAttribute('aria-selected')).toBe('true');
      const panel = main(other.page).getByRole('tabpanel');
      await waitForRowCount(panel, answer.data.length);
      expect(answer.data.length).toBe(7);
      expect(await columnTexts(table(panel), 'Día')).toEqual(answer.data.map((d) => day(d._id)));
      expect(await appliedFilters(other.page).innerText()).toContain(`${day(from)} - ${day(to)}`);
      // Not the owner: the view is there to open, not to rename or delete.
      const menu = await viewsMenu(other.page);
      await menu.getByRole('menuitem', { name: new RegExp(`^${shared.name}`) }).waitFor();
      expect(await menu.getByRole('menuitem', { name: 'Cambiar nombre o eliminar…' }).count()).toBe(0);
      expect(other.errors).toEqual([]);
    } finally {
      await other.context.close();
    }
  });

  it('a view whose filters no longer validate opens with a notice and the valid part applied', async () => {
    await page.goto('/general/booking');
    const stale = `Antigua ${run}`;
    const created = await page.evaluate(async (body) => {
      const response = await fetch('/api/v1/views', {
        method: 'POST',
        headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    }, {
      reportId: 'general-booking',
      path: '/general/booking',
      name: stale,
      shared: false,
      state: { filters: [['status', 'confirmed'], ['status', 'no-such-status'], ['formerFilter', 'x'], ['isVirtual', 'real']], params: [['t0.size', '200']] },
    });
    expect(created).toBe(201);
    await page.reload();
    const restored = nextAnswer(page, '/api/v1/report/booking', (url) => isBookings(url) && url.searchParams.get('itemsPerPage') === '200');
    await (await viewsMenu()).getByRole('menuitem', { name: stale }).click();
    const toast = page.locator('.bp6-toast').filter({ hasText: `La vista «${stale}» se abrió en parte` });
    await toast.getByText('Estos filtros ya no son válidos en esta pantalla y quedaron con su valor por defecto: Status, formerFilter. Se aplicó el resto de la vista.').waitFor();
    const response = await restored;
    const asked = new URL(response.url()).searchParams;
    expect([asked.getAll('status'), asked.get('isVirtual')]).toEqual([[], 'false']);
    const answer = (await response.json()) as BookingPage;
    await waitForRowCount(main(), answer.total);
    expect(await columnTexts(table(main()), 'REF')).toEqual(answer.data.map((b) => b.ref));
    expect(urlState()).toEqual(['isVirtual=real', 't0.size=200']);
    expect(await main().getByLabel('Filas por página').inputValue()).toBe('200');
    expect(errors).toEqual([]);
  });
});
