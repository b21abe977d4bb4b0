import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, signIn, type OpenedPage } from './support/browser.ts';
import { printPagedTable } from './support/printPage.ts';
import { screenRoutes, settleScreen } from './support/screens.ts';

// Every screen of the app under the server's Content-Security-Policy: no script, style, worker, image or call may be
// refused, and no library may fall back to eval or an injected <style> that the policy blocks.

declare global {
  interface Window {
    cspViolations: string[];
  }
}

let browser: Browser;
let opened: OpenedPage;
let page: Page;
/** Violations and CSP console errors, each named with the screen it happened on. */
const found: string[] = [];

/** Moves what the page collected so far (violations, console and page errors about the policy) into `found`. */
async function collect(where: string): Promise<void> {
  const violations = await page.evaluate(() => window.cspViolations.splice(0)).catch(() => []);
  found.push(...violations.map((violation) => `${where}: ${violation}`));
  found.push(...opened.errors.splice(0).filter((error) => /Content[ -]Security[ -]Policy|unsafe-eval|unsafe-inline/i.test(error)).map((error) => `${where}: ${error}`));
}

const settle = () => settleScreen(page);

beforeAll(async () => {
  browser = await launchBrowser();
  opened = await newPage(browser);
  page = opened.page;
  // Before any script of the app runs, on every load: a refused resource or inline code raises this event on the document.
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
    });
  });
  await signIn(page);
  await collect('/auth/login');
});

afterAll(async () => {
  await opened?.context.close();
  await browser?.close();
});

describe('the Content-Security-Policy', () => {
  it('is the strict one on the page the browser loads', async () => {
    const response = await page.request.get(`${baseUrl()}/`);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toMatch(/unsafe/);
  });

  it('refuses nothing on any screen, in any of its tabs, with its charts drawn, their data shown and a detail panel open', async () => {
    const routes = await screenRoutes();
    expect(routes.length).toBeGreaterThan(25);
    let dataShown = 0;
    let tabsDrawn = 0;
    let panelsOpened = 0;
    for (const route of routes) {
      await page.goto(route);
      await settle();
      // "Ver datos" of the first two charts: a table with its toolbar under each.
      const showData = page.getByRole('button', { name: 'Ver datos' });
      const charts = Math.min(await showData.count(), 2);
      for (let i = 0; i < charts; i++) {
        await page.getByRole('button', { name: 'Ver datos' }).first().click();
        await expect.poll(() => page.getByRole('button', { name: 'Ocultar datos' }).count()).toBe(i + 1);
        dataShown++;
      }
      // Every other tab of the screen, drawn once.
      const tabs = page.getByRole('main').getByRole('tab', { selected: false });
      const tabCount = await tabs.count();
      for (let i = 0; i < tabCount; i++) {
        await tabs.nth(i).click();
        await settle();
        tabsDrawn++;
      }
      // The detail panel a row opens (booking, order, client), where the screen has one (a drillable chart's "Ver datos"
      // rows open another screen instead: tests/browser/drill.test.ts).
      const clickable = page.locator('main tr.mirador-table-clickable:not(.report-chart-table *)');
      if ((await clickable.count()) > 0) {
        await clickable.first().click();
        await page.getByRole('dialog').waitFor();
        await page.waitForLoadState('networkidle');
        panelsOpened++;
      }
      await collect(route);
    }
    expect(found).toEqual([]);
    // The walk did reach charts' data, other tabs and detail panels.
    expect(dataShown).toBeGreaterThan(10);
    expect(tabsDrawn).toBeGreaterThan(3);
    expect(panelsOpened).toBeGreaterThan(3);
    // A walk of every screen: minutes on a loaded 2-core machine, not the project's two.
  }, 600_000);

  it('refuses nothing in a chart tooltip, styled by the shipped stylesheet', async () => {
    await page.goto('/gerencia/pos');
    await settle();
    const mark = page.locator('figure.report-chart svg.marks g.mark-rect path, figure.report-chart svg.marks g.mark-arc path').first();
    await mark.hover();
    const tooltip = page.locator('#vg-tooltip-element.visible');
    await tooltip.waitFor();
    // position: fixed and a border come from vega-tooltip.css (the library's own <style> is turned off).
    expect(await tooltip.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    expect(await tooltip.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('solid');
    expect((await tooltip.innerText()).trim()).not.toBe('');
    await collect('/gerencia/pos tooltip');
    expect(found).toEqual([]);
  });

  it('refuses nothing in the filter drawer and its calendar, when a table is exported to Excel (in a worker) and printed', async () => {
    await page.goto('/general/seguimiento');
    await settle();
    await page.getByRole('button', { name: 'Filtros' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtros' });
    await drawer.getByRole('textbox', { name: 'Estancia Hasta' }).fill('20/12/2023');
    await page.getByRole('dialog', { name: 'Estancia Hasta' }).waitFor();
    await collect('/general/seguimiento filters');

    await page.goto('/general/booking');
    await settle();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe('Reservas.xlsx');
    expect(await download.failure()).toBeNull();

    // A paged table asks which rows first (a Blueprint dialog).
    await printPagedTable(page);
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await collect('/general/booking export, print');
    expect(found).toEqual([]);
    expect(opened.errors).toEqual([]);
  });
});
