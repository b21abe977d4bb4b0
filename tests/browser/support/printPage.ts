import type { Page } from 'playwright-core';

/**
 * Prints the paged table of the page (Imprimir, then the page-or-all question) with the browser's print dialog
 * replaced, which cannot be driven: the printed document stays in the page until `afterprint` is dispatched.
 */
export async function printPagedTable(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.print = () => undefined;
  });
  await page.getByRole('main').getByRole('button', { name: 'Imprimir', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Imprimir' });
  await dialog.getByRole('radio').first().waitFor();
  await dialog.getByRole('button', { name: 'Imprimir' }).click();
  await page.locator('.mirador-print-document h1').waitFor({ state: 'attached' });
}
