import { describe, expect, it } from 'vitest';
import { definitionFiles } from '../../schema/loadDefinitionFiles.ts';
import { heavyRoutes } from './heavyRoutes.ts';
import { screenCalls } from './screenCalls.ts';

describe('screenCalls', () => {
  it('times the heavy routes first, then each other URL a screen asks for as it opens on that day, once', async () => {
    const today = '2026-11-23';
    const heavy = heavyRoutes(today);
    const calls = await screenCalls(today, heavy);
    expect(calls.slice(0, heavy.length)).toEqual(heavy);
    const urls = calls.map((c) => c.url);
    expect(new Set(urls).size).toBe(urls.length);
    // More calls than screens (several have more than one source), each an API route.
    expect(calls.length).toBeGreaterThan(definitionFiles().length);
    for (const url of urls) expect(url).toMatch(/^\/api\/v1\//);
    // Planned with each screen's own default filters on that day.
    expect(calls).toContainEqual({ name: 'general-occupancy/months', url: '/api/v1/report/booking/ocupacion?year=2026' });
    expect(calls).toContainEqual({
      name: 'pos-sales/ordersWithItems',
      url: '/api/v1/report/closed-order-with-items?initDate=2026-11-23&endDate=2026-11-23&page=1&per_page=-1',
    });
    // Comercial opens on its rooms' totals, the heavy route's URL; a room's bookings are asked when it is opened.
    expect(calls.filter((c) => c.url.startsWith('/api/v1/report/booking/comercial?'))).toEqual([
      { name: 'commercial', url: '/api/v1/report/booking/comercial?bookings=none&dateStart=2026-11-01&dateEnd=2026-11-30' },
      { name: 'commercial file', url: '/api/v1/report/booking/comercial?dateStart=2026-11-01&dateEnd=2026-11-30' },
    ]);
    // A URL a heavy route already times is not timed again under a screen's name.
    expect(calls.filter((c) => c.url === '/api/v1/report/dashboard').map((c) => c.name)).toEqual(['dashboard']);
  });
});
