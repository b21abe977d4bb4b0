import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { definitionFiles, loadDefinitionFile } from '../../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import { integer, signedInSession, waitForRowCount } from './support/browser.ts';
import { screenRoutes } from './support/screens.ts';

// A signed-in start on a screen asks for its data at once (engine/app/prefetchScreen.ts), beside the chunks of its
// page, and the page then reads those answers: each data request goes out once, with the page's own parameters.

let page: Page;
signedInSession((session) => ({ page } = session));

interface Dashboard {
  data: { incomings: unknown[]; inHouse: unknown[]; leaves: unknown[]; freeRooms: number; occupiedRooms: number };
}

/** Every request the page sends to one of `paths` (pathname matched exactly or by pattern), as path and query. */
function recordRequests(target: Page, paths: Array<string | RegExp>): { urls: string[]; stop(): void } {
  const urls: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (paths.some((p) => (typeof p === 'string' ? url.pathname === p : p.test(url.pathname)))) urls.push(`${url.pathname}${url.search}`);
  };
  target.on('request', onRequest);
  return { urls, stop: () => target.off('request', onRequest) };
}

/** Runs `action`, then waits until no request (but those ignored) has been in flight for a while: the screen has asked for all it shows. */
async function settled(target: Page, action: () => Promise<unknown>, ignore: (request: Request) => boolean = () => false): Promise<void> {
  const quietMs = 800;
  const inFlight = new Set<Request>();
  let last = Date.now();
  const up = (request: Request) => void (ignore(request) || (inFlight.add(request), (last = Date.now())));
  const down = (request: Request) => (inFlight.delete(request), (last = Date.now()));
  target.on('request', up);
  target.on('requestfinished', down);
  target.on('requestfailed', down);
  try {
    await action();
    await expect.poll(() => inFlight.size === 0 && Date.now() - last >= quietMs, { interval: 100 }).toBe(true);
  } finally {
    target.off('request', up);
    target.off('requestfinished', down);
    target.off('requestfailed', down);
  }
}

const reportPageChunk = /\/assets\/ReportPage-[^/]*\.js$/;
const isReportPageChunk = (request: Request) => reportPageChunk.test(new URL(request.url()).pathname);

/** Holds the report page's code on its way until released: what is asked for meanwhile, only the entry asked for. */
async function holdReportPage(target: Page): Promise<{ release(): Promise<void> }> {
  let open!: () => void;
  const opened = new Promise<void>((done) => (open = done));
  const hold = async (route: Route) => {
    await opened;
    // The page may have gone elsewhere meanwhile.
    await route.continue().catch(() => undefined);
  };
  await target.route(reportPageChunk, hold);
  return {
    async release() {
      open();
      await target.unroute(reportPageChunk, hold);
    },
  };
}

describe('the dashboard on a signed-in start', () => {
  it("asks for its data while its page's code is still on the way, once, and shows that answer", async () => {
    const dashboardPath = '/api/v1/report/dashboard';
    const requests = recordRequests(page, [dashboardPath, '/api/v1/report/kpis']);
    // The report page's code is held until the dashboard's data has been asked for: only the entry can have asked.
    const held = await holdReportPage(page);
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === dashboardPath);
    try {
      let dashboard!: Dashboard;
      await settled(page, async () => {
        await page.goto('/');
        dashboard = (await (await answer).json()) as Dashboard;
        await held.release();
        await page.getByRole('group', { name: 'Habitaciones libres' }).waitFor();
      });
      const card = (label: string) => page.getByRole('group', { name: label }).locator('.report-card-value');
      await expect.poll(() => card('Habitaciones libres').innerText()).toBe(integer(dashboard.data.freeRooms));
      await expect.poll(() => card('Habitaciones ocupadas').innerText()).toBe(integer(dashboard.data.occupiedRooms));
      await expect.poll(() => card('Llegadas').innerText()).toBe(integer(dashboard.data.incomings.length));
      await expect.poll(() => card('En casa').innerText()).toBe(integer(dashboard.data.inHouse.length));
      // En Casa is the tab shown first: its rows are the answer's in-house bookings.
      await waitForRowCount(page.getByRole('tabpanel'), dashboard.data.inHouse.length);
      expect(requests.urls.sort()).toEqual([dashboardPath, '/api/v1/report/kpis?period=monthToDate']);
    } finally {
      await held.release();
      requests.stop();
    }
  });
});

describe('every screen on a signed-in start', () => {
  it('sends each data request once, and the same requests as when reached from another screen', async () => {
    const definitions = await Promise.all(definitionFiles().map(async (file) => reportDefinitionSchema.parse(await loadDefinitionFile(file))));
    // Every source's path, its `{name}` segments matching any one segment.
    const sourcePaths = definitions.flatMap((d) =>
      Object.values(d.sources).map((s) => new RegExp(`^${s.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`)),
    );
    // Every screen fetches at its first draw, a calendar (a widget block with a source) for the days it will show: the
    // entry must have asked for it.
    const routePatterns = definitions.flatMap((d) =>
      [d.route, ...(d.alsoAt ?? []).map((place) => place.route)].map((r) => [new RegExp(`^${r.replace(/:\w+/g, '[^/]+')}$`), d] as const),
    );
    const drawsData = (route: string) =>
      routePatterns.find(([pattern]) => pattern.test(route))![1].blocks.some((b) => b.kind !== 'widget' || b.source !== undefined);
    const mismatches: string[] = [];
    for (const route of await screenRoutes()) {
      // Reached from another screen: a fresh start on the about page, then the router's own navigation.
      await settled(page, () => page.goto('/about'));
      const navigated = recordRequests(page, sourcePaths);
      await settled(page, () =>
        page.evaluate((to) => {
          window.history.pushState(null, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, route),
      );
      navigated.stop();
      // Started on the screen itself: what goes out while the page's code is held, the entry asked for.
      const started = recordRequests(page, sourcePaths);
      const held = await holdReportPage(page);
      await settled(page, () => page.goto(route), isReportPageChunk);
      const prefetched = [...started.urls];
      await held.release();
      await settled(page, () => page.locator('.report-page').waitFor());
      started.stop();
      if (prefetched.length === 0 && drawsData(route)) mismatches.push(`${route}: nothing asked for before the page's code arrived`);
      const once = new Set(started.urls);
      if (once.size !== started.urls.length || [...once].sort().join(' ') !== [...new Set(navigated.urls)].sort().join(' ')) {
        mismatches.push(`${route}: started ${started.urls.join(' ')} | navigated ${navigated.urls.join(' ')}`);
      }
      expect(navigated.urls.length + started.urls.length, `${route} asked for no data either way`).toBeGreaterThan(0);
    }
    expect(mismatches).toEqual([]);
  }, 900_000);
});

describe('a menu link', () => {
  it("asks for its screen's data while the pointer rests on it, and the click shows that answer without asking again", async () => {
    const leadsPath = '/api/v1/lead/table';
    await settled(page, () => page.goto('/about'));
    const requests = recordRequests(page, [leadsPath]);
    try {
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === leadsPath, { timeout: 30_000 });
      const link = page.getByRole('navigation').getByRole('link', { name: 'Leads', exact: true });
      await link.hover();
      // Asked for with no click: the page is still Acerca de.
      const leads = (await (await answer).json()) as { total: number };
      expect(new URL(page.url()).pathname).toBe('/about');
      await settled(page, () => link.click());
      await waitForRowCount(page.getByRole('main'), leads.total);
      expect(requests.urls).toHaveLength(1);
    } finally {
      requests.stop();
    }
  });
});
