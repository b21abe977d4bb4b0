import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { demoEmployee } from '../../../server/demo/demoAccounts.ts';

export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors and console errors so far; a user's path should leave none. */
  errors: string[];
}

/** A fresh context (empty storage) at a desktop size, downloads allowed, under the server's address. */
export async function newPage(browser: Browser): Promise<OpenedPage> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

export interface BrowserSession extends OpenedPage {
  browser: Browser;
}

/** One browser and one signed-in page for a test file, handed to `onOpen`, closed after the file; every test must leave no console or page error. */
export function signedInSession(onOpen: (session: BrowserSession) => void): void {
  let session: BrowserSession | undefined;
  beforeAll(async () => {
    const browser = await launchBrowser();
    session = { browser, ...(await signedInPage(browser)) };
    onOpen(session);
  });
  afterEach(() => {
    expect(session?.errors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await session?.context.close();
    await session?.browser.close();
  });
}

/** Fills the sign-in form and presses Enter, as a user does. */
export async function submitSignIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Correo electrónico').fill(account.email);
  await page.getByLabel('Contraseña').fill(account.password);
  await page.getByLabel('Contraseña').press('Enter');
}

/** Signs in through the form and waits to leave the sign-in page. */
export async function signIn(page: Page, account: { email: string; password: string } = demoEmployee): Promise<void> {
  await submitSignIn(page, account);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/** A fresh signed-in page. */
export async function signedInPage(browser: Browser): Promise<OpenedPage> {
  const opened = await newPage(browser);
  await signIn(opened.page);
  return opened;
}

/** Calls the API with the token the app stored, to compare what the screen shows with what the data says. */
export async function apiFromPage<T = unknown>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const response = await fetch(p, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    if (!response.ok) throw new Error(`${p} answered ${response.status}`);
    return response.json();
  }, path) as Promise<T>;
}

/** The next answer of an API path the app asks for (started before the action that triggers it). */
export async function nextAnswer(page: Page, path: string, accept: (url: URL) => boolean = () => true): Promise<Response> {
  // Finished, not merely answered: a request the app cancels (a superseded query) has headers but no body to read.
  const request = await page.waitForEvent('requestfinished', {
    predicate: async (finished) => {
      const url = new URL(finished.url());
      if (url.pathname !== path || finished.method() !== 'GET' || !accept(url)) return false;
      return (await finished.response())?.ok() ?? false;
    },
  });
  return (await request.response())!;
}

/** The row count above a table ("414 filas", "1 fila"). */
export const rowCountText = (scope: Page | Locator) => scope.getByText(/^[\d,]+ filas?$/);

export async function shownRowCount(scope: Page | Locator): Promise<number> {
  const text = await rowCountText(scope).innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

/** Waits until the table's row count reads `expected`. */
export async function waitForRowCount(scope: Page | Locator, expected: number): Promise<void> {
  await rowCountText(scope).filter({ hasText: new RegExp(`^${expected.toLocaleString('en-US')} filas?$`) }).waitFor();
}

/** The data rows of the table body (virtual spacers are hidden from the accessibility tree). */
export const bodyRows = (table: Locator) => table.locator('tbody').getByRole('row');

/** The text of every cell of the column whose header reads `header`, row by row. */
export async function columnTexts(table: Locator, header: string): Promise<string[]> {
  // Every header cell, the expand column's hidden one included, so the index matches the body cells.
  const headers = (await table.locator('thead tr').first().locator('th').allInnerTexts()).map((h) => h.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No column "${header}" in ${headers.join(', ')}`);
  return bodyRows(table).evaluateAll(
    (rows, i) => rows.map((row) => (row as HTMLTableRowElement).cells[i]?.innerText.trim() ?? ''),
    index,
  );
}

/** The value a labelled field shows in a definition list (<dt>label</dt><dd>value</dd>). */
export function fieldValue(scope: Locator, label: string): Locator {
  return scope.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** Money as the spec shows it: US-dollar style, two decimals. */
export const money = (value: number | string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));

/** A YYYY-MM-DD day (or an instant, in UTC) as DD/MM/YYYY. */
export const day = (value: string) => {
  const [y, m, d] = value.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

export const integer = (value: number) => value.toLocaleString('en-US');

/** Booking status labels (lodging-and-session.md §4). */
export const bookingStatusLabel: Record<string, string> = {
  in_progress: 'En progreso',
  confirmed: 'Confirmado',
  not_confirmed: 'No confirmado',
  canceled: 'Cancelado',
  checked_in: 'Check In',
  checked_out: 'Check Out',
  no_show: 'Not Show',
};

export const monthNames = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
