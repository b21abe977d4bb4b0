import { describe, expect, it } from 'vitest';
import dashboard from '../../reports/dashboard.ts';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import { testDefinition } from '../filters/testDefinition.ts';
import { screenRequests } from './screenRequests.ts';

const state = (search = '', filters = {}) => ({ filters, routeParams: {}, searchParams: new URLSearchParams(search) });
const described = (requests: ReturnType<typeof screenRequests>) =>
  requests.map(({ sourceId, request }) => [sourceId, request.path, new URLSearchParams(request.query as Array<[string, string]>).toString()]);

describe('screenRequests', () => {
  it("asks for the dashboard's two sources once each, though cards and four tabs read the first", () => {
    expect(described(screenRequests(reportDefinitionSchema.parse(dashboard), state()))).toEqual([
      ['dashboard', '/api/v1/report/dashboard', ''],
      ['kpis', '/api/v1/report/kpis', 'period=monthToDate'],
    ]);
  });

  const paged = testDefinition({
    sources: {
      rows: { path: '/api/v1/rows', paging: { mode: 'server' } },
      detail: { path: '/api/v1/detail', lazy: true },
      totals: { path: '/api/v1/totals' },
      owner: { path: '/api/v1/owner' },
    },
    blocks: [
      { kind: 'table', source: 'rows', pageSizes: [10, 50], columns: [{ field: 'name', header: 'Nombre', sortable: true }] },
      { kind: 'widget', widget: 'booking-detail', source: 'owner' },
      {
        kind: 'tabs',
        tabs: [
          { title: 'Totales', blocks: [{ kind: 'cards', source: 'totals', cards: [{ label: 'Total', field: 'total' }] }] },
          { title: 'Detalle', blocks: [{ kind: 'table', source: 'detail', columns: [{ field: 'name', header: 'Nombre' }] }] },
        ],
      },
    ],
  });

  it("reads a server-paged table's page, size and sort from the URL, as the table does", () => {
    const [rows] = described(screenRequests(paged, state('t0.page=3&t0.size=50&t0.sort=-name')));
    expect(rows).toEqual(['rows', '/api/v1/rows', 'page=3&itemsPerPage=50&sortBy=name&sortDesc=true']);
  });

  it('leaves out widgets and the lazy sources of hidden tabs; a lazy source is asked for when its tab is shown', () => {
    expect(described(screenRequests(paged, state())).map(([sourceId]) => sourceId)).toEqual(['rows', 'totals']);
    expect(described(screenRequests(paged, state('t2.tab=1'))).map(([sourceId]) => sourceId)).toEqual(['rows', 'totals', 'detail']);
  });
});
