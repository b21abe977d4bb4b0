import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { signedInSession } from './support/browser.ts';
import { overlaysSettled, screenRoutes, settleScreen } from './support/screens.ts';

// axe-core over every screen address (the ones the definitions give, as in the CSP walk), the open filter drawer, a
// detail panel, the shortcuts dialog, "Enviar por correo…" and Mis suscripciones: no violation of any impact anywhere.

declare global {
  interface Window {
    axeCspViolations: string[];
  }
}

let page: Page;
signedInSession((session) => {
  page = session.page;
});

const impacts = ['critical', 'serious', 'moderate', 'minor'] as const;
type Impact = (typeof impacts)[number];

/** Per place: how many violations of each impact (nodes, not rules), and each one spelled out. */
const summary: Array<{ where: string; rules: string[] } & Record<Impact, number>> = [];
const blocking: string[] = [];

/** Runs axe on the page as it is now (the whole document, open overlays included). */
async function check(where: string): Promise<void> {
  await overlaysSettled(page);
  // Every node of each violation, one node of each rule that passed (what the checks below read): far less for axe to
  // gather and send back on the long tables.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  // axe did run in the page (the strict CSP did not stop it): it reports rules that passed.
  expect(results.passes.length).toBeGreaterThan(10);
  const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  const rules = results.violations.map((violation) => `${violation.id} (${violation.impact}, ${violation.nodes.length})`);
  for (const violation of results.violations) {
    const impact = (violation.impact ?? 'minor') as Impact;
    counts[impact] += violation.nodes.length;
    for (const node of violation.nodes) blocking.push(`${where}: ${impact} ${violation.id} at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
  }
  summary.push({ where, rules, ...counts });
}

// The figures per place, for the record (printed even when the check fails).
afterAll(() => {
  console.log(['axe violations (nodes) by impact', 'place | critical | serious | moderate | minor | rules', ...summary.map((s) => [s.where, ...impacts.map((i) => s[i]), s.rules.join(', ')].join(' | '))].join('\n'));
});

describe('accessibility (axe-core)', () => {
  it('finds no violation on any screen, the filter drawer, a detail panel or the shortcuts dialog', async () => {
    // A refused injection would show here (page.evaluate is not bound by the page's policy, checked rather than assumed).
    await page.addInitScript(() => {
      window.axeCspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => window.axeCspViolations.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
    const routes = await screenRoutes();
    expect(routes.length).toBeGreaterThan(25);
    for (const route of routes) {
      await page.goto(route);
      await settleScreen(page);
      await check(route);
    }

    await page.goto('/general/booking');
    await settleScreen(page);
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('dialog', { name: 'Filtros' }).getByRole('button', { name: 'Aplicar' }).waitFor();
    await check('/general/booking, filter drawer');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Filtros' }).waitFor({ state: 'detached' });

    await page.locator('main tr.mirador-table-clickable').first().click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('heading', { name: /^Reserva / }).waitFor();
    await page.waitForLoadState('networkidle');
    await check('/general/booking, booking detail');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Atajos de teclado' }).waitFor();
    await check('/general/booking, shortcuts dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Atajos de teclado' }).waitFor({ state: 'detached' });

    // "Enviar por correo…" and Mis suscripciones (this server has no SMTP: the dialog says so; the form with
    // SMTP is checked in tests/browser/subscriptions.test.ts).
    await page.getByRole('main').getByRole('button', { name: 'Enviar por correo…' }).click();
    await page.getByRole('dialog', { name: 'Enviar por correo' }).waitFor();
    await check('/general/booking, Enviar por correo');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Enviar por correo' }).waitFor({ state: 'detached' });
    await page.goto('/subscriptions');
    await settleScreen(page);
    await check('/subscriptions');

    expect(await page.evaluate(() => window.axeCspViolations)).toEqual([]);
    expect(blocking).toEqual([]);
  }, 900_000);
});
