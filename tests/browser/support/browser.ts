import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { demoEmployee } from '../../../server/demo/demoAccounts.ts';

export const baseUrl = () => inject('baseUrl');

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

/** Signs in through the form, as a user does, and waits for the dashboard. */
export async function signIn(page: Page, account: { email: string; password: string } = demoEmployee): Promise<void> {
  await page.goto(`${baseUrl()}/auth/login`);
  await page.getByLabel(/correo/i).fill(account.email);
  await page.getByLabel(/contraseña/i).fill(account.password);
  await page.getByLabel(/contraseña/i).press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/** Calls the API with the token the app stored, to compare what the screen shows with what the data says. */
export async function apiFromPage<T = unknown>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const response = await fetch(p, { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return response.json();
  }, path) as Promise<T>;
}
