import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nextAnswer, signedInSession } from './support/browser.ts';

let page: Page;
signedInSession((session) => ({ page } = session));

const drawer = () => page.getByRole('dialog', { name: 'Filtros' });
const stayField = () => drawer().getByRole('group', { name: 'Estancia' });
const start = () => drawer().getByRole('textbox', { name: 'Estancia Desde' });
const end = () => drawer().getByRole('textbox', { name: 'Estancia Hasta' });

async function openFollowUpDrawer() {
  const answer = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('select') === 'monthTotals');
  await page.goto('/general/seguimiento');
  await answer;
  await page.getByRole('button', { name: 'Filtros' }).click();
  await start().waitFor();
}

describe('date filters', () => {
  it('keep a wrongly typed date and say beside the field what is wrong; nothing is applied', async () => {
    await openFollowUpDrawer();
    const cases = [
      ['31/02/2026', 'Desde: «31/02/2026» no es una fecha válida: escriba DD/MM/AAAA.'],
      ['hola', 'Desde: «hola» no es una fecha válida: escriba DD/MM/AAAA.'],
      ['15/10/2026', 'La fecha inicial no puede ser posterior a la final.'],
    ];
    for (const [typed, message] of cases) {
      await start().fill(typed!);
      await start().press('Tab');
      expect(await start().inputValue()).toBe(typed);
      await stayField().getByText(message!, { exact: true }).waitFor();
      await drawer().getByRole('button', { name: 'Aplicar' }).click();
      expect(await start().inputValue()).toBe(typed);
      expect(new URL(page.url()).searchParams.get('period')).toBeNull();
    }
    await start().fill('02/12/2023');
    await stayField().getByText(/Desde:|posterior/).waitFor({ state: 'detached' });
    const applied = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('stayFrom') === '2023-12-02');
    await drawer().getByRole('button', { name: 'Aplicar' }).click();
    expect(new URL((await applied).url()).searchParams.get('stayTo')).toBe('2023-12-31');
  });

  it('Escape in an open calendar closes the calendar only: the drawer stays with its edits', async () => {
    await openFollowUpDrawer();
    await end().fill('20/12/2023');
    const calendar = page.getByRole('dialog', { name: 'Estancia Hasta' });
    await calendar.waitFor();
    await end().press('Escape');
    await calendar.waitFor({ state: 'detached' });
    expect(await drawer().isVisible()).toBe(true);
    expect(await end().inputValue()).toBe('20/12/2023');
    const applied = nextAnswer(page, '/api/v1/report/booking', (url) => url.searchParams.get('stayTo') === '2023-12-20');
    await drawer().getByRole('button', { name: 'Aplicar' }).click();
    await applied;
  });
});

describe('filters on the page', () => {
  it("Ocupación's year is on the page: one choice asks for that year", async () => {
    const year = new Date().getUTCFullYear();
    const first = nextAnswer(page, '/api/v1/report/booking/ocupacion', (url) => url.searchParams.get('year') === String(year));
    await page.goto('/general/ocupacion');
    await first;
    const select = page.getByRole('main').getByRole('combobox', { name: 'Año' });
    expect(await select.inputValue()).toBe(String(year));
    expect(await page.getByRole('button', { name: 'Filtros' }).count()).toBe(0);

    const chosen = year - 1;
    const answer = nextAnswer(page, '/api/v1/report/booking/ocupacion', (url) => url.searchParams.get('year') === String(chosen));
    await select.selectOption(String(chosen));
    await answer;
    expect(new URL(page.url()).searchParams.get('year')).toBe(String(chosen));
    // On the page, above the table.
    const table = page.getByRole('main').getByRole('region', { name: 'Ocupación por mes' }).getByRole('table');
    expect(await select.evaluate((el, t) => Boolean(el.compareDocumentPosition(t!) & Node.DOCUMENT_POSITION_FOLLOWING), await table.elementHandle())).toBe(true);
  });
});

describe('table notes', () => {
  it('Seguimiento says under its month totals what they count and how Ocupación differs', async () => {
    await page.goto('/general/seguimiento');
    const note = page.getByRole('main').getByText(/^Suma las noches de todas las reservas filtradas, también canceladas, no show y virtuales/);
    await note.waitFor();
    expect(await note.innerText()).toContain('Ocupación cuenta solo reservas confirmadas, check in y check out no virtuales.');
  });
});

describe('the client multi-select', () => {
  it('closes its list after a pick, so the next field (Negocios) can be used at once', async () => {
    const answer = nextAnswer(page, '/api/v1/report/closed-order');
    await page.goto('/pos/sales');
    await answer;
    await page.getByRole('button', { name: 'Filtros' }).click();
    await drawer().getByRole('textbox', { name: 'Clientes' }).click();
    const list = page.getByRole('listbox');
    // The first client found, not the "Buscando…" line shown while the search runs.
    const first = list.getByRole('option').filter({ hasNotText: 'Buscando…' }).first();
    await first.waitFor();
    const picked = (await first.innerText()).split('\n')[0]!.trim();
    await first.click();
    await list.waitFor({ state: 'hidden' });
    await drawer().getByRole('group', { name: 'Clientes' }).getByText(picked, { exact: true }).waitFor();
    // The next field takes the click: its own list opens.
    await drawer().getByRole('textbox', { name: 'Negocios' }).click();
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await drawer().getByRole('button', { name: 'Cerrar' }).click();
  });
});
