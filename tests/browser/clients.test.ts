import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiFromPage,
  bodyRows,
  columnTexts,
  day,
  fieldValue,
  integer,
  launchBrowser,
  nextAnswer,
  signedInSession,
  waitForRowCount,
} from './support/browser.ts';

interface Lead {
  name: string;
  lastName: string;
  email: string | null;
}
interface Client {
  _id: number;
  name: string;
  lastName: string | null;
  documentID: string;
  email: string | null;
  phone: string | null;
  category: string;
  deleted: boolean;
}
interface ClientDetail extends Client {
  signature: string | null;
  masterID: string | null;
  bookingsCount: number;
  extraData: Record<string, string | string[] | null>;
  appInfo: { daysUsed: number } | null;
}
interface AppInfo {
  totalTime: number;
  daysUsed: number;
  firstUse: string;
  lastUse: string;
}
interface Paged<T> {
  data: T[];
  total: number;
}

let page: Page;
signedInSession((session) => ({ page } = session));

const table = () => page.getByRole('main').getByRole('table');
const query = (url: URL) => [...url.searchParams].map(([k, v]) => `${k}=${v}`).sort();

describe('Leads', () => {
  it('renders the newest leads 50 a page, searches on the server ignoring accents, and exports what it found', async () => {
    const first = nextAnswer(page, '/api/v1/lead/table');
    await page.goto('/general/leads');
    const request = new URL((await first).url());
    expect(query(request)).toEqual(['itemsPerPage=50', 'page=1', 'sortBy=createdAt', 'sortDesc=true']);
    const all = (await (await first).json()) as Paged<Lead>;
    expect(all.total).toBeGreaterThan(50);
    await waitForRowCount(page, all.total);
    expect(await columnTexts(table(), 'Apellido')).toEqual(all.data.map((l) => l.lastName));

    const searched = nextAnswer(page, '/api/v1/lead/table', (url) => url.searchParams.get('search') === 'garcia');
    await page.getByRole('searchbox', { name: 'Buscar…' }).fill('garcia');
    const found = (await (await searched).json()) as Paged<Lead>;
    const accented = await apiFromPage<Paged<Lead>>(page, `/api/v1/lead/table?itemsPerPage=-1&search=${encodeURIComponent('García')}`);
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(all.total);
    expect(accented.total).toBe(found.total);
    await waitForRowCount(page, found.total);
    expect(await columnTexts(table(), 'Apellido')).toEqual(found.data.map((l) => l.lastName));

    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel', exact: true }).click()]);
    expect(file.suggestedFilename()).toBe('Leads.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Nombre', 'Apellido', 'Correo electrónico']);
    const emails: unknown[] = [];
    sheet.eachRow((row, index) => {
      if (index > 1) emails.push(row.getCell(3).value);
    });
    // Every row of the search, in the screen's order (newest first), however many pages it spans.
    expect(emails).toEqual(accented.data.map((l) => l.email ?? '—'));
  });
});

describe('Clientes', () => {
  /** A client with a signature, days of app use and more than one booking, found through the API. */
  async function richClient(): Promise<ClientDetail> {
    const list = await apiFromPage<Paged<Client>>(page, '/api/v1/client?itemsPerPage=-1&deleted=false');
    for (const { _id } of list.data) {
      const { data } = await apiFromPage<{ data: ClientDetail }>(page, `/api/v1/client/${_id}`);
      if (data.signature && (data.appInfo?.daysUsed ?? 0) > 0 && data.bookingsCount > 1) return data;
    }
    throw new Error('No client with a signature, app use and bookings');
  }

  const detail = () => page.getByRole('dialog', { name: 'Detalle de cliente' });
  const tab = async (article: Locator, name: string) => {
    await article.getByRole('tab', { name, exact: true }).click();
    return article.getByRole('tabpanel', { name, exact: true });
  };

  it('renders 50 clients with their state; the category filter reaches the request', async () => {
    const first = nextAnswer(page, '/api/v1/client');
    await page.goto('/client/list');
    expect(query(new URL((await first).url()))).toEqual(['itemsPerPage=50', 'page=1']);
    const all = (await (await first).json()) as Paged<Client>;
    await waitForRowCount(page, all.total);
    expect(await columnTexts(table(), 'Documento')).toEqual(all.data.map((c) => c.documentID));
    expect(await columnTexts(table(), 'Estado')).toEqual(all.data.map((c) => (c.deleted ? 'Retirado' : 'Activo')));

    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('textbox', { name: 'Categoría' }).click();
    await page.getByRole('option', { name: 'Socio', exact: true }).click();
    const answer = nextAnswer(page, '/api/v1/client', (url) => url.searchParams.getAll('category').includes('socio'));
    await drawer.getByRole('button', { name: 'Aplicar' }).click();
    const socios = (await (await answer).json()) as Paged<Client>;
    expect(socios.total).toBeGreaterThan(0);
    expect(socios.total).toBeLessThan(all.total);
    await waitForRowCount(page, socios.total);
    expect(new Set(await columnTexts(table(), 'Categoría'))).toEqual(new Set(['SOCIO']));
  });

  it('a row opens the client detail; each tab shows what the API answers; Reservas opens the booking on top; Escape closes the top panel only', async () => {
    const client = await richClient();
    const name = [client.name, client.lastName].filter(Boolean).join(' ');
    await page.goto('/client/list');
    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('searchbox', { name: 'Buscar' }).fill(client.documentID);
    const answer = nextAnswer(page, '/api/v1/client', (url) => url.searchParams.get('search') === client.documentID);
    await drawer.getByRole('button', { name: 'Aplicar' }).click();
    await answer;
    await waitForRowCount(page, 1);
    await table().getByRole('cell', { name: client.documentID, exact: true }).click();

    const article = detail().getByRole('article', { name: `Cliente ${name}` });
    await article.getByRole('heading', { name: `Cliente ${name}` }).waitFor();
    const own = article.locator('dl[aria-label="Datos del cliente"]');
    expect(await fieldValue(own, 'Documento').innerText()).toBe(client.documentID);
    expect(await fieldValue(own, 'Correo electrónico').innerText()).toBe(client.email ?? '—');
    expect(await fieldValue(own, 'Teléfono').innerText()).toBe(client.phone ?? '—');
    expect(await fieldValue(own, 'Categoría').innerText()).toBe(client.category.toUpperCase());
    expect(await fieldValue(own, 'Estado').innerText()).toBe('Activo');

    const extra = await tab(article, 'Extra info');
    const civil = client.extraData.maritalStatus;
    expect(await fieldValue(extra, 'Estado civil').innerText()).toBe(civil ? String(civil) : '—');
    const languages = client.extraData.spokenLanguages;
    expect(await fieldValue(extra, 'Idiomas').innerText()).toBe(Array.isArray(languages) && languages.length ? languages.join(', ') : '—');

    const signature = await tab(article, 'Firma');
    const picture = signature.getByRole('img', { name: 'Firma del cliente' });
    expect(await picture.getAttribute('src')).toMatch(new RegExp(`/images/lg/${client.signature}$`));
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    const info = (await apiFromPage<{ data: AppInfo }>(page, `/api/v1/client/app-info/${client.masterID}`)).data;
    const appInfo = await tab(article, 'App info');
    await fieldValue(appInfo, 'Días de uso').filter({ hasText: integer(info.daysUsed) }).waitFor();
    expect(await fieldValue(appInfo, 'Horas totales').innerText()).toBe((info.totalTime / 3600).toLocaleString('en-US', { maximumFractionDigits: 2 }));
    expect(await fieldValue(appInfo, 'Primer uso').innerText()).toBe(day(info.firstUse));
    expect(await fieldValue(appInfo, 'Último uso').innerText()).toBe(day(info.lastUse));

    const bookings = await apiFromPage<Paged<{ ref: string }>>(page, `/api/v1/client/${client._id}/bookings?page=1&itemsPerPage=20&sortBy=dateStart&sortDesc=true`);
    const reservas = await tab(article, 'Reservas');
    await waitForRowCount(reservas, bookings.total);
    expect(await columnTexts(reservas.getByRole('table'), 'REF')).toEqual(bookings.data.map((b) => b.ref));
    expect(await bodyRows(reservas.getByRole('table')).count()).toBe(bookings.data.length);
    const ref = bookings.data[0]!.ref;
    await reservas.getByRole('cell', { name: ref, exact: true }).click();
    const booking = page.getByRole('dialog', { name: 'Detalle de reserva' });
    await booking.getByRole('heading', { name: `Reserva ${ref}` }).waitFor();
    expect(new URL(page.url()).searchParams.getAll('open')).toEqual([`client-detail:${client._id}`, `booking-detail:${ref}`]);

    await page.keyboard.press('Escape');
    await booking.waitFor({ state: 'detached' });
    await article.getByRole('heading', { name: `Cliente ${name}` }).waitFor();
    expect(new URL(page.url()).searchParams.getAll('open')).toEqual([`client-detail:${client._id}`]);
    await page.keyboard.press('Escape');
    await detail().waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.getAll('open')).toEqual([]);
  });
});
