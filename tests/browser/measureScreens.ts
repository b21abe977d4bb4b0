/**
 * Time to first rows of every screen, and the API requests it sends with its defaults, measured in
 * Chromium against a running server (not part of the tests):
 *
 *   npx tsx tests/browser/measureScreens.ts http://127.0.0.1:8080 [--hover MS] [route …]
 *
 * Each screen is opened by its address in a signed-in page (the browser's cache warm), as a user
 * opening a link. Both times are the page's own clock, ms from the navigation's start: when the
 * screen's last data request was answered, and when the first table row or calendar entry was drawn
 * (seen from inside the page at each frame: waiting on it from here, by Playwright's polling, saw it
 * up to 500 ms late). Before that, the screen is opened from the menu of the screen before it, as a
 * user moving between screens: ms from the click to its first row drawn. With `--hover MS` the pointer moves onto the
 * link, rests there MS ms, presses it and lets go 80 ms later, as a hand does (the click comes on letting go);
 * without it the link is clicked from inside the page, with no pointer before.
 */
import type { Request } from 'playwright-core';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import { definitionFiles, loadDefinitionFile } from '../../schema/loadDefinitionFiles.ts';
import { demoEmployee } from '../../server/demo/demoAccounts.ts';
import { launchBrowser } from './support/browser.ts';

const args = process.argv.slice(2);
const hoverAt = args.indexOf('--hover');
const hoverMs = hoverAt === -1 ? undefined : Number(args.splice(hoverAt, 2)[1]);
if (hoverMs !== undefined && !(hoverMs >= 0)) throw new Error('--hover takes the ms the pointer rests on a link');
const [base = 'http://127.0.0.1:8080', ...only] = args;

const definitions = await Promise.all(definitionFiles().map(async (file) => reportDefinitionSchema.parse(await loadDefinitionFile(file))));
const routes = definitions.flatMap((report) => {
  const params = Object.entries(report.routeParams ?? {});
  const own = params.length === 0 ? [report.route] : params[0]![1].map((value) => report.route.replace(`:${params[0]![0]}`, value.value));
  return [...own, ...(report.alsoAt ?? []).map((place) => place.route)];
});

const firstRows = 'main tbody tr:not(.mirador-table-spacer) td:not(.mirador-table-empty), main .calendar-event';

/** Notes in the page, at each frame from its start, when a first row is drawn (window.__firstRowsMs). */
const firstRowsProbe = `
  const look = () => {
    const shown = [...document.querySelectorAll(${JSON.stringify(firstRows)})].some((cell) => cell.getClientRects().length > 0);
    if (shown) window.__firstRowsMs = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
`;

const browser = await launchBrowser();
const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
// A step that cannot happen (a link hidden, a click that does not open the screen) fails its row, not the run.
page.setDefaultTimeout(60_000);
await page.goto(`${base}/auth/login`);
await page.getByLabel('Correo electrónico').fill(demoEmployee.email);
await page.getByLabel('Contraseña').fill(demoEmployee.password);
await page.getByLabel('Contraseña').press('Enter');
await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
await page.addInitScript(firstRowsProbe);

// The header's TRM, the saved views and the filter drawer's lookups are not the screen's own requests.
const lookups = new Set(['/api/v1/trm', '/api/v1/views', '/api/v1/user', '/api/v1/place', '/api/v1/place/spaces', '/api/v1/place/typology', '/api/v1/place/business', '/api/v1/area', '/api/v1/event/list', '/api/v1/about']);
const own = (url: URL) => url.pathname.startsWith('/api/v1/') && !lookups.has(url.pathname);
/**
 * Watches for a click on the menu's link to `route` and resolves when a row of that screen is drawn, in ms from the
 * click (the page's clock; null when the menu has no such link, 'timeout' after a minute without). A string, run as it is: the rows there before are
 * marked, so that a row of the screen left behind is not taken for the new one's.
 */
const fromTheMenu = (route: string) => `new Promise((done) => {
  const link = document.querySelector(${JSON.stringify(`nav a[href="${route}"]`)});
  if (!link) return done(null);
  const rows = ${JSON.stringify(firstRows)};
  document.querySelectorAll(rows).forEach((cell) => cell.setAttribute('data-left', ''));
  let start;
  const look = () => {
    const drawn = [...document.querySelectorAll(rows)].some((cell) => !cell.hasAttribute('data-left') && cell.getClientRects().length > 0);
    if (location.pathname === ${JSON.stringify(route)} && drawn) done(performance.now() - start);
    else requestAnimationFrame(look);
  };
  link.addEventListener('click', () => ((start = performance.now()), requestAnimationFrame(look)), { capture: true, once: true });
  setTimeout(() => done('timeout'), 60000);
})`;

/** Opens the menu's link to `route` as a hand does (`--hover`), or clicks it from inside the page. */
async function openFromTheMenu(route: string): Promise<void> {
  const link = page.locator(`nav a[href="${route}"]`).first();
  if ((await link.count()) === 0) return;
  if (hoverMs === undefined) {
    await link.evaluate((element: HTMLElement) => element.click());
    return;
  }
  await link.scrollIntoViewIfNeeded();
  await link.hover();
  await page.waitForTimeout(hoverMs);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
}

console.log('| route | from the menu | data answered | first rows | requests with its defaults |\n|---|---|---|---|---|');
for (const route of routes.filter((r) => only.length === 0 || only.includes(r))) {
  let menu = '–';
  try {
    const drawn = page.evaluate(fromTheMenu(route));
    await openFromTheMenu(route);
    const ms = (await drawn) as number | 'timeout' | null;
    if (typeof ms === 'number') menu = `${Math.round(ms)} ms`;
    else if (ms === 'timeout') menu = 'timeout';
    await page.waitForLoadState('networkidle');
  } catch {
    menu = 'failed';
  }
  const requests: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (own(url)) requests.push(decodeURIComponent(url.pathname + url.search));
  };
  page.on('request', onRequest);
  // A full load of the screen's address, as when a link is opened: nothing of the previous screen stays on the page.
  await page.goto(`${base}${route}`);
  let shown = 'timeout';
  try {
    const ms = await page.waitForFunction(() => (window as unknown as { __firstRowsMs?: number }).__firstRowsMs, undefined, { timeout: 120_000 });
    shown = `${Math.round((await ms.jsonValue()) as number)} ms`;
  } catch {
    // Reported as a timeout in the table.
  }
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  const answeredMs = await page.evaluate(
    (paths) =>
      Math.max(
        ...performance
          .getEntriesByType('resource')
          .filter((entry) => paths.includes(new URL(entry.name).pathname))
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
      ),
    requests.map((r) => r.split('?')[0]!),
  );
  const answered = Number.isFinite(answeredMs) ? `${Math.round(answeredMs)} ms` : '–';
  console.log(`| ${route} | ${menu} | ${answered} | ${shown} | ${[...new Set(requests)].map((r) => `\`${r}\``).join('<br>')} |`);
}
await browser.close();
