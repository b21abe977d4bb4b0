/**
 * Performance figures measured in Chromium against a running server (not part of the tests):
 * the JavaScript and CSS each step of a user's walk loads (bytes transferred, and gzip for
 * reference), and how long Seguimiento takes to show every row of a long period.
 *
 *   npx tsx tests/browser/measure.ts http://127.0.0.1:8080 [stayFrom] [stayTo] [--lean]
 *
 * --lean drops populate=orders,pays from the follow-up request (to time the screen alone when
 * the server cannot answer the full request).
 */
import { gzipSync } from 'node:zlib';
import type { Page, Request } from 'playwright-core';
import { demoEmployee } from '../../server/demo/demoAccounts.ts';
import { launchBrowser } from './support/browser.ts';

const [base = 'http://127.0.0.1:8080', stayFrom = '2023-01-01', stayTo = '2027-12-31'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const lean = process.argv.includes('--lean');

interface Loaded {
  step: string;
  file: string;
  transferred: number;
  raw: number;
  gzip: number;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const since = (start: number) => `${((performance.now() - start) / 1000).toFixed(2)} s`;

async function measureBundles(page: Page): Promise<void> {
  const loaded: Loaded[] = [];
  let step = 'sign-in page';
  const onFinished = async (request: Request) => {
    // The step that asked for the file, read before the awaits below let the walk move on.
    const at = step;
    const url = new URL(request.url());
    if (!/\.(js|css)$/.test(url.pathname)) return;
    const response = await request.response();
    const sizes = await request.sizes();
    const body = (await response?.body().catch(() => undefined)) ?? Buffer.alloc(0);
    const transferred = sizes.responseBodySize + sizes.responseHeadersSize;
    loaded.push({ step: at, file: url.pathname, transferred, raw: body.byteLength, gzip: gzipSync(body).byteLength });
  };
  page.on('requestfinished', (request) => void onFinished(request));
  const walk: Array<[string, () => Promise<void>]> = [
    ['sign-in page', async () => {
      await page.goto(`${base}/auth/login`, { waitUntil: 'networkidle' });
    }],
    ['dashboard after sign-in', async () => {
      await page.getByLabel('Correo electrónico').fill(demoEmployee.email);
      await page.getByLabel('Contraseña').fill(demoEmployee.password);
      await page.getByLabel('Contraseña').press('Enter');
      await page.getByRole('group', { name: 'Habitaciones libres' }).waitFor();
      await page.waitForLoadState('networkidle');
    }],
    ['booking detail', async () => {
      await page.getByRole('tabpanel').getByText(/^[\d,]+ filas?$/).waitFor();
      await page.getByRole('tabpanel').locator('tbody tr').first().click();
      await page.waitForURL(/open=booking-detail/);
      await page.getByRole('dialog', { name: 'Detalle de reserva' }).getByRole('tab', { name: 'Balance' }).waitFor({ timeout: 120_000 });
      await page.waitForLoadState('networkidle');
      await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).first().click();
    }],
    ['Reservas', async () => {
      await page.getByRole('link', { name: 'Reservas' }).click();
      await page.getByText(/^[\d,]+ filas?$/).waitFor();
      await page.waitForLoadState('networkidle');
    }],
    ['filter drawer', async () => {
      await page.getByRole('button', { name: 'Filtros' }).click();
      await page.getByRole('dialog', { name: 'Filtros' }).getByRole('button', { name: 'Aplicar' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.keyboard.press('Escape');
    }],
    ['Excel export', async () => {
      const rows = await page.getByText(/^[\d,]+ filas?$/).innerText();
      const start = performance.now();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 900_000 }),
        page.getByRole('button', { name: 'Excel', exact: true }).click(),
      ]);
      console.log(`Excel of Reservas (${rows}): ${download.suggestedFilename()} after ${since(start)}`);
      await page.waitForLoadState('networkidle');
    }],
    ['Ocupación', async () => {
      await page.getByRole('link', { name: 'Ocupación' }).click();
      await page.getByText('12 filas').waitFor();
      await page.waitForLoadState('networkidle');
    }],
  ];
  for (const [name, action] of walk) {
    step = name;
    await action();
  }
  // Responses of the last step finish asynchronously.
  await page.waitForTimeout(500);
  console.log('\nJavaScript and CSS loaded per step: bytes transferred, file size, and its gzip size for reference');
  for (const [name] of walk) {
    const files = loaded.filter((l) => l.step === name);
    const js = files.filter((f) => f.file.endsWith('.js'));
    const sum = (list: Loaded[], key: 'transferred' | 'raw' | 'gzip') => list.reduce((s, l) => s + l[key], 0);
    console.log(
      `\n${name}: ${files.length} files; JS ${kB(sum(js, 'transferred'))} transferred, ${kB(sum(js, 'raw'))} file, ${kB(sum(js, 'gzip'))} gzip; CSS ${kB(sum(files, 'raw') - sum(js, 'raw'))}`,
    );
    for (const f of files.sort((a, b) => b.raw - a.raw)) {
      console.log(`  ${kB(f.transferred).padStart(10)}  file ${kB(f.raw).padStart(9)}  gzip ${kB(f.gzip).padStart(9)}  ${f.file}`);
    }
  }
}

async function measureFollowUp(page: Page): Promise<void> {
  if (lean) {
    await page.route('**/api/v1/report/booking?**', (route) => {
      const url = new URL(route.request().url());
      url.searchParams.delete('populate');
      return route.continue({ url: url.toString() });
    });
  }
  console.log(`\nSeguimiento ${stayFrom}..${stayTo}${lean ? ' (without populate=orders,pays)' : ''}`);
  await page.goto(`${base}/general/seguimiento?period=${stayFrom}..${stayTo}`);
  await page.getByText(/^[\d,]+ filas?$/).waitFor();
  const isAll = (url: string) => url.includes('/api/v1/report/booking') && url.includes('itemsPerPage=-1');
  const start = performance.now();
  const answered = page.waitForResponse((r) => isAll(r.url()), { timeout: 600_000 });
  await page.getByLabel('Filas por página').selectOption({ label: 'Todas' });
  const response = await answered;
  console.log(`  answer status ${response.status()} headers after ${since(start)}`);
  if (!response.ok()) return;
  await response.finished();
  const sizes = await response.request().sizes();
  console.log(`  answer body ${kB(sizes.responseBodySize)} received after ${since(start)}`);
  const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0);
  // The virtual body puts spacer rows around the rows in view once every row is in the table.
  await page.waitForFunction(() => document.querySelector('main tbody tr[aria-hidden]') !== null, undefined, { timeout: 600_000, polling: 100 });
  const total = await page.getByText(/^[\d,]+ filas?$/).innerText();
  console.log(`  ${total} shown after ${since(start)} (JS heap ${kB(heap)} before rendering)`);
  const domRows = await page.locator('main tbody tr:not([aria-hidden])').count();
  const scrollStart = performance.now();
  await page.locator('main table').locator('xpath=..').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await page.waitForFunction(
    () => {
      const rows = document.querySelectorAll('main tbody tr');
      return rows[rows.length - 1]?.getAttribute('aria-hidden') === null && document.querySelectorAll('main tbody tr[aria-hidden]').length === 1;
    },
    undefined,
    { timeout: 60_000, polling: 50 },
  );
  console.log(`  rows in the DOM: ${domRows}; scrolled to the last row in ${since(scrollStart)}`);
}

const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await measureBundles(page);
  await measureFollowUp(page);
} finally {
  await browser.close();
}
