import { describe, expect, it } from 'vitest';
import dashboard from '../../reports/dashboard.ts';
import eventCalendar from '../../reports/event/calendar.ts';
import hkTask from '../../reports/hk/task.ts';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import eventCalendarWidget from '../../widgets/event-calendar/index.ts';
import taskCalendarWidget from '../../widgets/task-calendar/index.ts';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import type { WidgetModule } from '../widgets/registry.ts';
import { screenRequests, type ScreenState } from './screenRequests.ts';

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

  describe('a calendar screen', () => {
    const today = '2026-11-26';
    const widgets = new Map<string, WidgetModule>([taskCalendarWidget, eventCalendarWidget].map((widget) => [widget.id, widget]));
    const at = (search: string, filters = {}): ScreenState => {
      const searchParams = new URLSearchParams(search);
      return {
        filters,
        routeParams: {},
        searchParams,
        widgetFilters: (block) => widgets.get(block.widget)?.firstRequestFilters?.({ options: block.options, searchParams, today }),
      };
    };

    it('asks for the days the calendar will show at the position in the URL, with the other filters', () => {
      const tasks = reportDefinitionSchema.parse(hkTask);
      expect(described(screenRequests(tasks, at('')))).toEqual([['tasks', '/api/v1/report/task', 'dateStart=2026-10-26&dateEnd=2026-12-06']]);
      expect(described(screenRequests(tasks, at('view=week&date=2026-11-26', { area: [{ id: '2', label: 'Zonas comunes' }] })))).toEqual([
        ['tasks', '/api/v1/report/task', 'area=2&dateStart=2026-11-23&dateEnd=2026-11-29'],
      ]);
      expect(described(screenRequests(reportDefinitionSchema.parse(eventCalendar), at('view=day&date=2027-02-01')))).toEqual([
        ['entries', '/api/v1/placereservation/place/detail', 'dateStart=2027-02-01&dateEnd=2027-02-01'],
      ]);
    });

    it("leaves the calendar to fetch for itself when its widget's filters are not known", () => {
      expect(screenRequests(reportDefinitionSchema.parse(hkTask), state())).toEqual([]);
    });
  });

  it('asks a shown cards block\'s source again for the other period when the URL compares, not where a KPI keeps its own', () => {
    const definition = testDefinition({
      filters: [{ id: 'month', kind: 'month', param: { from: 'from', to: 'to' } }],
      sources: { totals: { path: '/api/v1/totals' }, kpis: { path: '/api/v1/kpis' } },
      blocks: [
        { kind: 'cards', source: 'totals', cards: [{ label: 'Total', field: 'total', format: 'money' }] },
        {
          kind: 'cards',
          source: 'kpis',
          cards: [{ label: 'ADR', field: 'adr', format: 'money', compare: { label: 'Año anterior', field: 'lastYear', delta: 'delta' } }],
        },
      ],
    });
    const filters = { month: '2026-11' };
    const month = 'from=2026-11-01&to=2026-11-30';
    expect(described(screenRequests(definition, state('compare=previous', filters)))).toEqual([
      ['totals', '/api/v1/totals', month],
      ['totals', '/api/v1/totals', 'from=2026-10-01&to=2026-10-31'],
      ['kpis', '/api/v1/kpis', month],
      ['kpis', '/api/v1/kpis', 'from=2026-10-01&to=2026-10-31'],
    ]);
    expect(described(screenRequests(definition, state('compare=lastYear', filters)))).toEqual([
      ['totals', '/api/v1/totals', month],
      ['totals', '/api/v1/totals', 'from=2025-11-01&to=2025-11-30'],
      ['kpis', '/api/v1/kpis', month],
    ]);
    expect(described(screenRequests(definition, state('', filters)))).toHaveLength(2);
  });
});
