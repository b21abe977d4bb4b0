import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, signIn } from './support/browser.ts';
import { printPagedTable } from './support/printPage.ts';
import { overlaysSettled } from './support/screens.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
  expect(errors.splice(0)).toEqual([]);
});
afterAll(() => browser?.close());

/** A fresh browser (empty storage) whose system setting is `scheme`, signed in. */
async function openWith(scheme: 'light' | 'dark', signedIn = true): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1400, height: 900 }, colorScheme: scheme });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  if (signedIn) await signIn(page);
  return page;
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('bp6-dark'));

/** The relative luminance (0 black … 1 white) of an element's computed colour property. */
async function luminance(page: Page, selector: string, property: 'backgroundColor' | 'color' | 'fill'): Promise<number> {
  const color = await page.locator(selector).first().evaluate((element, p) => getComputedStyle(element)[p], property);
  const [r, g, b] = color.match(/[\d.]+/g)!.slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The fill of the first axis label of the page's first chart, once drawn. */
async function chartLabelFill(page: Page): Promise<string> {
  const label = page.locator('figure.report-chart svg g.role-axis-label text').first();
  await label.waitFor();
  return label.evaluate((element) => getComputedStyle(element).fill);
}

/** Elements axe's colour-contrast rule fails on the page as it is now. */
async function contrastFailures(page: Page, within?: string): Promise<string[]> {
  await overlaysSettled(page);
  const axe = new AxeBuilder({ page }).withRules(['color-contrast']);
  const result = await (within ? axe.include(within) : axe).analyze();
  return result.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
}

const themeSwitch = (page: Page) => page.getByRole('radiogroup', { name: 'Tema' });

describe('dark mode', () => {
  it("follows the system's dark setting: the page, the filter drawer and the charts are dark", async () => {
    const page = await openWith('dark');
    await page.goto('/gerencia/pos');
    expect(await isDark(page)).toBe(true);
    expect(await luminance(page, 'body', 'backgroundColor')).toBeLessThan(0.1);
    expect(await luminance(page, 'h1', 'color')).toBeGreaterThan(0.8);
    // Axis labels in Blueprint's light grey (#abb3bf), drawn again by Vega-Lite with the dark config.
    expect(await chartLabelFill(page)).toBe('rgb(171, 179, 191)');
    expect(await themeSwitch(page).getByRole('radio', { name: 'Sistema' }).getAttribute('aria-checked')).toBe('true');

    // A portal (the drawer is rendered in <body>, outside the app's root) is dark too.
    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.waitFor();
    expect(await luminance(page, '.bp6-drawer', 'backgroundColor')).toBeLessThan(0.1);
    expect(await luminance(page, '.bp6-drawer .bp6-heading', 'color')).toBeGreaterThan(0.8);
  });

  it('follows the light setting; the switch overrides the system either way and the browser remembers it', async () => {
    const page = await openWith('light');
    await page.goto('/gerencia/pos');
    expect(await isDark(page)).toBe(false);
    expect(await luminance(page, 'body', 'backgroundColor')).toBeGreaterThan(0.8);
    expect(await chartLabelFill(page)).toBe('rgb(95, 107, 124)');

    await themeSwitch(page).getByRole('radio', { name: 'Oscuro' }).click();
    expect(await isDark(page)).toBe(true);
    // The chart is drawn again in the dark colours, without a reload.
    await expect.poll(() => chartLabelFill(page)).toBe('rgb(171, 179, 191)');

    await page.reload();
    expect(await isDark(page)).toBe(true);
    expect(await themeSwitch(page).getByRole('radio', { name: 'Oscuro' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('mirador.theme'))).toBe('dark');

    // Back to the system's setting (light here): nothing stays stored.
    await themeSwitch(page).getByRole('radio', { name: 'Sistema' }).click();
    expect(await isDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('mirador.theme'))).toBeNull();
    await page.reload();
    expect(await isDark(page)).toBe(false);
  });

  it('Claro keeps a dark system light, also after a reload and on the sign-in page', async () => {
    const page = await openWith('dark');
    await page.goto('/general/booking');
    await themeSwitch(page).getByRole('radio', { name: 'Claro' }).click();
    expect(await isDark(page)).toBe(false);
    await page.reload();
    await page.getByRole('main').getByRole('table').waitFor();
    expect(await isDark(page)).toBe(false);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/auth'));
    expect(await isDark(page)).toBe(false);
  });

  it('draws the sign-in page, a detail panel, the calendar and a table dark', async () => {
    const page = await openWith('dark', false);
    await page.goto('/auth/login');
    await page.getByLabel('Correo electrónico').waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await luminance(page, '.app-login-card', 'backgroundColor')).toBeLessThan(0.1);
    await signIn(page);

    await page.goto('/general/booking');
    const table = page.getByRole('main').getByRole('table');
    await table.locator('tbody tr').first().waitFor();
    expect(await luminance(page, '.mirador-table thead th', 'backgroundColor')).toBeLessThan(0.1);
    expect(await luminance(page, '.mirador-table tbody td', 'color')).toBeGreaterThan(0.8);
    await table.locator('tbody tr').first().click();
    const panel = page.getByRole('dialog').first();
    await panel.waitFor();
    expect(await luminance(page, '.bp6-drawer, .bp6-dialog', 'backgroundColor')).toBeLessThan(0.1);

    await page.goto('/event/calendar');
    const calendar = page.locator('.report-calendar');
    await calendar.locator('.calendar-event').first().waitFor();
    const background = await calendar.evaluate((element) => getComputedStyle(element).getPropertyValue('--fc-classic-background').trim());
    expect(background).toBe('#1c2127');
    expect(await page.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('dark');
  });

  // Contrast itself is the accessibility test's (light); here: dark adds no failure to what light has.
  for (const path of ['/', '/general/booking', '/gerencia/pos', '/event/calendar']) {
    it(`is no harder to read than light on ${path}: axe's colour-contrast fails nothing in dark that it passes in light`, async () => {
      const page = await openWith('dark');
      await page.goto(path);
      await page.getByText(/^Datos al /).waitFor();
      await page.waitForLoadState('networkidle');
      const dark = await contrastFailures(page);
      await themeSwitch(page).getByRole('radio', { name: 'Claro' }).click();
      const light = await contrastFailures(page);
      console.info(`colour-contrast failures on ${path}: dark ${dark.length}, light ${light.length}`);
      expect(dark.filter((target) => !light.includes(target))).toEqual([]);
    });
  }

  it('is no harder to read than light in the filter drawer (a portal)', async () => {
    const page = await openWith('dark');
    await page.goto('/general/booking');
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('dialog', { name: 'Filtros' }).waitFor();
    const dark = await contrastFailures(page, '.bp6-drawer');
    await page.evaluate(() => localStorage.setItem('mirador.theme', 'light'));
    await page.reload();
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('dialog', { name: 'Filtros' }).waitFor();
    const light = await contrastFailures(page, '.bp6-drawer');
    console.info(`colour-contrast failures in the filter drawer: dark ${dark.length}, light ${light.length}`);
    expect(dark.filter((target) => !light.includes(target))).toEqual([]);
  });
});

describe('print', () => {
  it('prints light from a dark screen: the printed document, the page behind it and no dark class', async () => {
    const page = await openWith('dark');
    await page.goto('/general/booking');
    await page.getByRole('main').getByRole('table').locator('tbody tr').first().waitFor();
    expect(await isDark(page)).toBe(true);
    await printPagedTable(page);

    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await luminance(page, 'body', 'backgroundColor')).toBeGreaterThan(0.95);
    expect(await luminance(page, '.mirador-print-document', 'backgroundColor')).toBeGreaterThan(0.95);
    expect(await luminance(page, '.mirador-print-document td', 'color')).toBeLessThan(0.01);

    await page.emulateMedia({ media: 'screen' });
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await expect.poll(() => isDark(page)).toBe(true);
  });

  it("prints a calendar (the browser's own print of the screen) light", async () => {
    const page = await openWith('dark');
    await page.goto('/event/calendar');
    await page.locator('.report-calendar .calendar-event').first().waitFor();
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => isDark(page)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.colorScheme)).toBe('light');
    const calendar = page.locator('.report-calendar');
    expect(await calendar.evaluate((element) => getComputedStyle(element).getPropertyValue('--fc-classic-background').trim())).toMatch(/^#fff(fff)?$/);
    expect(await luminance(page, '.report-calendar', 'color')).toBeLessThan(0.1);
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(() => isDark(page)).toBe(true);
  });
});
