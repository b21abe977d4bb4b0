/**
 * Time to first rows of every screen, and the API requests it sends with its defaults, measured in
 * Chromium against a running server (not part of the tests):
 *
 *   npx tsx tests/browser/measureScreens.ts http://127.0.0.1:8080 [route …]
 *
 * Each screen is opened by its address in a signed-in page (the browser's cache warm), as a user
 * opening a link; "first rows" is the first table row or calendar entry drawn, from the start of the load.
 */
import type { Request } from 'playwright-core';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import { definitionFiles, loadDefinitionFile } from '../../schema/loadDefinitionFiles.ts';
import { demoEmployee } from '../../server/demo/demoAccounts.ts';
import { launchBrowser } from './support/browser.ts';

const [base = 'http://127.0.0.1:8080', ...only] = process.argv.slice(2);

const definitions = await Promise.all(definitionFiles().map(async (file) => reportDefinitionSchema.parse(await loadDefinitionFile(file))));
const routes = definitions.flatMap((report) => {
  const params = Object.entries(report.routeParams ?? {});
  const own = params.length === 0 ? [report.route] : params[0]![1].map((value) => report.route.replace(`:${params[0]![0]}`, value.value));
  return [...own, ...(report.alsoAt ?? []).map((place) => place.route)];
});

const browser = await launchBrowser();
const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
await page.goto(`${base}/auth/login`);
await page.getByLabel('Correo electrónico').fill(demoEmployee.email);
await page.getByLabel('Contraseña').fill(demoEmployee.password);
await page.getByLabel('Contraseña').press('Enter');
await page.waitForURL((url) => !url.pathname.startsWith('/auth'));

// The header's TRM and the filter drawer's lookups are not the screen's own requests.
const lookups = new Set(['/api/v1/trm', '/api/v1/user', '/api/v1/place', '/api/v1/place/spaces', '/api/v1/place/typology', '/api/v1/place/business', '/api/v1/area', '/api/v1/event/list', '/api/v1/about']);
const firstRows = 'main tbody tr:not(.mirador-table-spacer) td:not(.mirador-table-empty), main .calendar-event';
console.log('| route | first rows | requests with its defaults |\n|---|---|---|');
for (const route of routes.filter((r) => only.length === 0 || only.includes(r))) {
  const requests: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/v1/') && !lookups.has(url.pathname)) {
      requests.push(decodeURIComponent(url.pathname + url.search));
    }
  };
  page.on('request', onRequest);
  const start = performance.now();
  // A full load of the screen's address, as when a link is opened: nothing of the previous screen stays on the page.
  await page.goto(`${base}${route}`);
  let shown = 'timeout';
  try {
    await page.locator(firstRows).filter({ visible: true }).first().waitFor({ timeout: 120_000 });
    shown = `${Math.round(performance.now() - start)} ms`;
  } catch {
    // Reported as a timeout in the table.
  }
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  console.log(`| ${route} | ${shown} | ${[...new Set(requests)].map((r) => `\`${r}\``).join('<br>')} |`);
}
await browser.close();
