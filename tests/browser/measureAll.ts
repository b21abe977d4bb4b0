/**
 * npm run bench:browser [-- URL] [--scale small|demo|large] [--period FROM..TO] [--dashboard-runs 1] [--dashboard-only]
 *   [--out bench-browser-results.json]
 *
 * The browser's performance figures in one run (not a test), in Chromium: the sign-in page's JavaScript (gzip), when
 * the dashboard's API request starts against the end of the chain of chunk loads of a signed-in load of `/`, the
 * follow-up screen with "Todas" (answer's first bytes, first rows and all rows shown, the page's JavaScript memory) and its Excel
 * export from the screen. Without a URL it starts `node scripts/start.mjs` itself (embedded database, `--scale`,
 * default `demo`; `large` takes long to load on PGlite: point it at a server instead). Writes the JSON file beside
 * bench-results.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Unzip, UnzipInflate } from 'fflate';
import type { Page, Request } from 'playwright-core';
import { demoEmployee } from '../../server/demo/demoAccounts.ts';
import { launchBrowser } from './support/browser.ts';
import { demoDay } from './support/demoDay.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    scale: { type: 'string', default: 'demo' },
    period: { type: 'string' },
    out: { type: 'string', default: 'bench-browser-results.json' },
    'dashboard-runs': { type: 'string', default: '1' },
    'dashboard-only': { type: 'boolean', default: false },
  },
});
const signInBudgetKb = 250;
const { today, env: demoEnv } = demoDay();
const period = values.period ?? `${Number(today.slice(0, 4)) - 1}-01-01..${today.slice(0, 4)}-12-31`;

/** Starts the app on a free port with the demo data of `scale`; resolves its address once it is ready. */
async function startServer(scale: string): Promise<{ url: string; stop(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mirador-bench-browser-'));
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_SCALE: scale,
      ...demoEnv,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('base64url'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  console.log(`Starting the app (PGlite, ${scale} demo data)…`);
  let output = '';
  const url = await new Promise<string>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Mirador listo en (http:\/\/\S+)/.exec(output);
      if (match) done(match[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`the app exited with ${code}:\n${output}`)));
  }).catch((error: unknown) => {
    stop();
    throw error;
  });
  return { url, stop };
}

const kB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const round = (ms: number) => Math.round(ms);

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Correo electrónico').fill(demoEmployee.email);
  await page.getByLabel('Contraseña').fill(demoEmployee.password);
  await page.getByLabel('Contraseña').press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/** The JavaScript a first visit to the sign-in page loads, each file's gzip size. */
async function signInBundle(page: Page, base: string) {
  const files: Array<{ file: string; raw: number; gzip: number }> = [];
  const pending: Promise<void>[] = [];
  const onResponse = (request: Request) =>
    pending.push(
      (async () => {
        if (!new URL(request.url()).pathname.endsWith('.js')) return;
        const body = (await (await request.response())?.body().catch(() => undefined)) ?? Buffer.alloc(0);
        files.push({ file: new URL(request.url()).pathname, raw: body.byteLength, gzip: gzipSync(body).byteLength });
      })(),
    );
  page.on('requestfinished', onResponse);
  await page.goto(`${base}/auth/login`, { waitUntil: 'networkidle' });
  page.off('requestfinished', onResponse);
  await Promise.all(pending);
  const gzip = files.reduce((s, f) => s + f.gzip, 0);
  return {
    files: files.sort((a, b) => b.gzip - a.gzip).map((f) => ({ ...f, raw: kB(f.raw), gzip: kB(f.gzip) })),
    gzipKb: kB(gzip),
    budgetKb: signInBudgetKb,
    withinBudget: gzip / 1024 <= signInBudgetKb,
  };
}

/**
 * Notes in the page (its own clock, ms from navigation start) when the dashboard's "Habitaciones libres" card is
 * first drawn and when it first shows a figure: polling from here would see it up to 500 ms late.
 */
const shownProbe = `
  const seen = (window.__dashboardShown = {});
  const look = () => {
    const card = document.querySelector('[role=group][aria-label="Habitaciones libres"]');
    if (card && card.offsetParent !== null) {
      seen.drawnMs ??= performance.now();
      if (/\\d/.test(card.textContent)) seen.figureMs ??= performance.now();
    }
    if (seen.figureMs === undefined) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
`;
const probed = new WeakSet<Page>();

/**
 * A signed-in load of `/`: when each script and the dashboard's API request started and ended (ms from navigation
 * start), and when the dashboard showed its figures.
 */
async function dashboardLoad(page: Page, base: string, cold: boolean) {
  if (cold) {
    // A first visit's load: nothing in the browser's HTTP cache (the session stays in the page's storage).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  if (!probed.has(page)) {
    await page.addInitScript(shownProbe);
    probed.add(page);
  }
  // Times as the events reach this process (the same clock for every request; protocol timings are -1 for some).
  const timed: Array<{ url: string; startMs: number; endMs: number }> = [];
  const started = new Map<Request, number>();
  const onRequest = (request: Request) => void started.set(request, performance.now() - navigationStart);
  const onFinished = (request: Request) =>
    void timed.push({ url: new URL(request.url()).pathname, startMs: started.get(request) ?? NaN, endMs: performance.now() - navigationStart });
  // Every request for the dashboard's data, sent or not yet answered: a cold load must send one.
  let apiRequests = 0;
  const countApi = (request: Request) => void (new URL(request.url()).pathname === '/api/v1/report/dashboard' && apiRequests++);
  page.on('request', onRequest);
  page.on('request', countApi);
  page.on('requestfinished', onFinished);
  // The cards are drawn (loading) before the report page sends its request: wait for the answer itself.
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/report/dashboard', { timeout: 120_000 });
  const navigationStart = performance.now();
  await page.goto(`${base}/`);
  await (await answered).finished();
  type Shown = { drawnMs?: number; figureMs?: number };
  const read = () => (window as unknown as { __dashboardShown?: Shown }).__dashboardShown;
  await page.waitForFunction(() => (window as unknown as { __dashboardShown?: Shown }).__dashboardShown?.figureMs !== undefined, undefined, { timeout: 120_000 });
  const { drawnMs = NaN, figureMs: shownMs = NaN } = (await page.evaluate(read)) ?? {};
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  page.off('request', countApi);
  page.off('requestfinished', onFinished);
  const scripts = timed.filter((r) => r.url.endsWith('.js'));
  const api = timed.find((r) => r.url === '/api/v1/report/dashboard');
  if (!api) throw new Error(`the dashboard sent no /api/v1/report/dashboard request: ${timed.map((r) => r.url).join(' ')}`);
  // The chunks loaded before the dashboard drew: the chain its data waits on.
  const chain = scripts.filter((s) => s.startMs <= shownMs);
  const chainEndMs = Math.max(...chain.map((s) => s.endMs));
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((done) => {
        new PerformanceObserver((list) => done(list.getEntries().at(-1)?.startTime ?? NaN)).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => done(NaN), 1000);
      }),
  );
  const reportPage = scripts.find((s) => /\/ReportPage-[^/]*\.js$/.test(s.url));
  return {
    apiRequestStartMs: round(api.startMs),
    /** The report page's code in hand: the earliest its data request can be sent. */
    reportPageLoadedMs: round(reportPage?.endMs ?? NaN),
    apiRequestEndMs: round(api.endMs),
    apiRequests,
    chunkChainEndMs: round(chainEndMs),
    /** Every chunk of the load, those asked for after the figures (Blueprint's icon paths) too. */
    allChunksEndMs: round(Math.max(...scripts.map((s) => s.endMs))),
    chunks: chain.length,
    startsBeforeChainEnds: api.startMs < chainEndMs,
    cardsDrawnMs: round(drawnMs),
    figuresShownMs: round(shownMs),
    lcpMs: round(lcp),
    scripts: scripts.map((s) => ({ ...s, startMs: round(s.startMs), endMs: round(s.endMs) })),
  };
}

/** The JavaScript heap of the page (Chrome DevTools Protocol), in MB. */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return Math.round((metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 1024 / 1024);
}

/** Rows of the downloaded workbook's first sheet, its header and totals included, read as it unzips (`<row ` counted). */
async function sheetRows(file: string): Promise<number> {
  const tag = Buffer.from('<row ');
  let rows = 0;
  let tail = Buffer.alloc(0);
  const unzip = new Unzip((entry) => {
    if (entry.name !== 'xl/worksheets/sheet1.xml') return;
    entry.ondata = (error, chunk) => {
      if (error) throw error;
      // The last bytes of the chunk before, so that a tag cut in two is counted once.
      const text = Buffer.concat([tail, chunk]);
      for (let at = text.indexOf(tag); at !== -1; at = text.indexOf(tag, at + tag.length)) rows += 1;
      tail = text.subarray(Math.max(0, text.length - tag.length + 1));
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  for await (const chunk of createReadStream(file)) unzip.push(chunk as Buffer);
  unzip.push(new Uint8Array(0), true);
  return rows;
}

/**
 * Seguimiento over `period` with "Todas": the answer's first bytes, its first rows shown (the table turns virtual once
 * it holds more than the 200 rows of the page before), every row shown (the table no longer busy, counting the
 * answer's rows), the page's memory; then its Excel.
 */
async function followUp(page: Page, base: string) {
  await page.goto(`${base}/general/seguimiento?period=${period}`);
  await page.waitForFunction(() => document.querySelector('main table[aria-busy="false"] tbody tr td:not([colspan])') !== null, undefined, {
    timeout: 300_000,
  });
  // The count of a page is the server's count of every row: what the table counts once it holds them all.
  const everyRow = await page.locator('main .mirador-table-count').innerText();
  // Every row: -1 since "Todas" asks for the streamed answer, a page of a million before.
  const isAll = (url: string) => url.includes('/api/v1/report/booking') && /itemsPerPage=(-1|1000000)\b/.test(url);
  const start = performance.now();
  const answered = page.waitForResponse((r) => isAll(r.url()), { timeout: 600_000 });
  await page.getByLabel('Filas por página').selectOption({ label: 'Todas' });
  const response = await answered;
  const firstBytesMs = performance.now() - start;
  await page.waitForFunction(() => document.querySelector('main tbody tr[aria-hidden]') !== null, undefined, { timeout: 600_000, polling: 50 });
  const firstRowsMs = performance.now() - start;
  await page.waitForFunction(
    (count) =>
      document.querySelector('main table[aria-busy="false"]') !== null && document.querySelector('main .mirador-table-count')?.textContent === count,
    everyRow,
    { timeout: 600_000, polling: 100 },
  );
  const allShownMs = performance.now() - start;
  // The page's own record of the answer (Playwright's `finished()` of a body read as it arrives does not always settle).
  const bodyBytes = await page.evaluate(
    (url) => (performance.getEntriesByName(url, 'resource').at(-1) as PerformanceResourceTiming | undefined)?.encodedBodySize ?? NaN,
    response.url(),
  );
  const bodyKb = kB(bodyBytes);
  const rows = await page.getByText(/^[\d,]+ filas?$/).innerText();
  const memoryMb = await heapMb(page);
  const exportStart = performance.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 900_000 }),
    page.getByRole('button', { name: 'Excel', exact: true }).click(),
  ]);
  const file = await download.path();
  const excelMs = performance.now() - exportStart;
  // The file is whole: a row per booking the screen counts, the header and the totals.
  const fileRows = await sheetRows(file);
  const shownRows = Number(rows.replace(/\D/g, ''));
  if (fileRows !== shownRows + 2) throw new Error(`The Excel file holds ${fileRows} rows; the screen shows ${shownRows} (+ header and totals)`);
  return {
    period,
    rows,
    answerStatus: response.status(),
    answerKb: bodyKb,
    firstBytesMs: round(firstBytesMs),
    firstRowsShownMs: round(firstRowsMs),
    allRowsShownMs: round(allShownMs),
    pageHeapMb: memoryMb,
    excel: { file: download.suggestedFilename(), ms: round(excelMs), sheetRows: fileRows, pageHeapMbAfter: await heapMb(page) },
  };
}

const server = positionals[0] ? { url: positionals[0].replace(/\/$/, ''), stop: () => undefined } : await startServer(values.scale);
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  console.log(`Measuring ${server.url}…`);
  const signInPage = await signInBundle(page, server.url);
  console.log(`Sign-in JavaScript: ${signInPage.gzipKb} kB gzip (budget ${signInBudgetKb} kB) in ${signInPage.files.length} files`);
  await signIn(page, server.url);
  // Each run is a cold load, then a warm one.
  const runs = Math.max(1, Number(values['dashboard-runs']) || 1);
  const dashboard: { cold: Array<Awaited<ReturnType<typeof dashboardLoad>>>; warm: Array<Awaited<ReturnType<typeof dashboardLoad>>> } = { cold: [], warm: [] };
  for (let run = 0; run < runs; run++) {
    dashboard.cold.push(await dashboardLoad(page, server.url, true));
    dashboard.warm.push(await dashboardLoad(page, server.url, false));
  }
  for (const [cache, loads] of Object.entries(dashboard)) {
    for (const d of loads) {
      console.log(
        `Dashboard, ${cache} cache: report page loaded at ${d.reportPageLoadedMs} ms, API request at ${d.apiRequestStartMs} ms (${d.apiRequests} sent), chunk chain (${d.chunks} scripts) ends at ${d.chunkChainEndMs} ms` +
          ` (${d.startsBeforeChainEnds ? 'before' : 'after'} it), every chunk by ${d.allChunksEndMs} ms; cards drawn at ${d.cardsDrawnMs} ms, figures shown at ${d.figuresShownMs} ms, LCP ${d.lcpMs} ms`,
      );
    }
  }
  const follow = values['dashboard-only'] ? undefined : await followUp(page, server.url);
  if (follow) console.log(
    `Seguimiento ${follow.period}, Todas: ${follow.rows}, ${follow.answerKb} kB; first bytes ${follow.firstBytesMs} ms, first rows shown ${follow.firstRowsShownMs} ms, all rows shown ${follow.allRowsShownMs} ms, ` +
      `JS heap ${follow.pageHeapMb} MB; Excel ${follow.excel.file} (${follow.excel.sheetRows.toLocaleString('en-US')} rows with the header and totals) in ${follow.excel.ms} ms (heap after ${follow.excel.pageHeapMbAfter} MB)`,
  );
  const out = resolve(values.out);
  writeFileSync(
    out,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), url: server.url, scale: positionals[0] ? undefined : values.scale, signInPage, dashboard, followUp: follow }, null, 2)}\n`,
  );
  console.log(`Results written to ${out}`);
} finally {
  await browser.close();
  server.stop();
}
