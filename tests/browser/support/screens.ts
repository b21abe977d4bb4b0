import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { definitionFiles, loadDefinitionFile } from '../../../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema } from '../../../schema/reportDefinition.ts';

/** Every address a definition answers at: its route (one per route parameter value) and the places it is also shown. */
export async function screenRoutes(): Promise<string[]> {
  const definitions = await Promise.all(definitionFiles().map(async (file) => reportDefinitionSchema.parse(await loadDefinitionFile(file))));
  return definitions.flatMap((report) => {
    const params = Object.entries(report.routeParams ?? {});
    const own = params.length === 0 ? [report.route] : params[0]![1].map((value) => report.route.replace(`:${params[0]![0]}`, value.value));
    return [...own, ...(report.alsoAt ?? []).map((place) => place.route)];
  });
}

/**
 * Waits until no Blueprint overlay (dialog, drawer, popover) is still entering or leaving: while one fades in, its
 * colours are blends with the page behind it, so a contrast check would read colours no one sees once it has opened.
 */
export async function overlaysSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector(
        '[class*="-overlay-enter"]:not([class*="-enter-done"]), [class*="-overlay-appear"]:not([class*="-appear-done"]), [class*="-overlay-exit"]',
      ) === null,
  );
}

/** Waits until the screen has asked for its data and every chart on it is drawn (or says it has no data). */
export async function settleScreen(page: Page): Promise<void> {
  await page.locator('main').waitFor();
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll('figure.report-chart')].every(
          (figure) => figure.getAttribute('aria-busy') !== 'true' && (figure.querySelector('svg.marks') !== null || figure.querySelector('.report-chart-empty') !== null),
        ),
      ),
    )
    .toBe(true);
}
