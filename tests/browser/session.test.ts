import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmployee } from '../../server/demo/demoAccounts.ts';
import { apiFromPage, launchBrowser, money, newPage, signIn, signedInPage, submitSignIn } from './support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const storedSession = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('token'), user: localStorage.getItem('user'), employee: localStorage.getItem('employee') }));

const emptySession = { token: null, user: null, employee: null };

/** Console errors other than the browser's own line about a refused (401) call. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 401/.test(e));

describe('sign-in and session', () => {
  it('signs in with e-mail, password and Enter, and shows who is signed in', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(page);
    expect(new URL(page.url()).pathname).toBe('/');
    const session = await storedSession(page);
    expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const employee = JSON.parse(session.employee!) as { name: string; lastName: string; email: string };
    const sidebar = page.getByRole('navigation', { name: 'Navegación principal' });
    await sidebar.getByText(demoEmployee.email, { exact: true }).waitFor();
    await sidebar.getByText(`${employee.name} ${employee.lastName}`, { exact: true }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('a wrong password shows the warning and marks both fields', async () => {
    const { context, page, errors } = await newPage(browser);
    await submitSignIn(page, { email: demoEmployee.email, password: 'not-the-password' });
    await page.getByText('Error de autenticacion', { exact: true }).waitFor();
    await page.getByText('Los datos no coinciden. Por favor intente de nuevo.', { exact: true }).waitFor();
    expect(await page.getByLabel('Correo electrónico').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Contraseña').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(await storedSession(page)).toEqual(emptySession);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('any page without a session goes to sign-in', async () => {
    const { context, page, errors } = await newPage(browser);
    for (const path of ['/', '/general/booking?status=checked_out', '/general/seguimiento', '/general/ocupacion', '/about', '/no/such/page']) {
      await page.goto(path);
      await page.waitForURL('**/auth/login');
      await page.getByLabel('Correo electrónico').waitFor();
      // The sidebar is hidden on sign-in.
      expect(await page.getByRole('navigation', { name: 'Navegación principal' }).count()).toBe(0);
    }
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('signing in after a redirect returns to the page first asked for', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto('/general/ocupacion');
    await page.waitForURL('**/auth/login');
    await page.getByLabel('Correo electrónico').fill(demoEmployee.email);
    await page.getByLabel('Contraseña').fill(demoEmployee.password);
    await page.getByLabel('Contraseña').press('Enter');
    await page.waitForURL('**/general/ocupacion');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('logout returns to sign-in and clears the stored session', async () => {
    const { context, page, errors } = await signedInPage(browser);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL('**/auth/login');
    expect(await storedSession(page)).toEqual(emptySession);
    // Going back does not show the reports again.
    await page.goto('/general/booking');
    await page.waitForURL('**/auth/login');
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('a forged token signs the user out', async () => {
    const { context, page, errors } = await signedInPage(browser);
    await page.evaluate(() => {
      const [header, payload, signature] = localStorage.getItem('token')!.split('.');
      // Same header and payload, another signature of the same length.
      const forged = [...signature!].map((c) => (c === 'A' ? 'B' : 'A')).join('');
      localStorage.setItem('token', `${header}.${payload}.${forged}`);
    });
    await page.goto('/general/booking');
    await page.waitForURL('**/auth/login');
    await page.getByLabel('Correo electrónico').waitFor();
    expect(await storedSession(page)).toEqual(emptySession);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });

  it('the header shows the TRM (value_30) as money', async () => {
    const { context, page, errors } = await signedInPage(browser);
    const trm = await apiFromPage<{ data: { value_30: number | string } }>(page, '/api/v1/trm');
    const badge = page.getByTitle('TRM');
    await badge.getByText(money(trm.data.value_30), { exact: true }).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
  });
});
