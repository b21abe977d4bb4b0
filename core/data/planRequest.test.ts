import { describe, expect, it } from 'vitest';
import type { ReportDefinitionInput } from '../../schema/reportDefinition.ts';
import { defaultFilterValues } from '../filters/defaults.ts';
import type { FilterValues } from '../filters/filterValues.ts';
import { testDefinition } from '../filters/testDefinition.ts';
import { planExpandRequest, planRequest } from './planRequest.ts';

const today = '2026-11-18';
const routeParams = {};

/** The query a single filter sends for a value. */
function queryOf(filter: NonNullable<ReportDefinitionInput['filters']>[number], value?: FilterValues[string]) {
  const definition = testDefinition({ filters: [filter] });
  const filters = { ...defaultFilterValues(definition, { today }), ...(value === undefined ? {} : { [filter.id]: value }) };
  return planRequest(definition, 'rows', { filters, routeParams }).query;
}

describe('planRequest: filters', () => {
  it('sends a single day as one YYYY-MM-DD value', () => {
    expect(queryOf({ id: 'createdAt', kind: 'date' }, { range: false, from: '2024-01-05', to: null })).toEqual([['createdAt', '2024-01-05']]);
  });

  it('sends a range as a repeated parameter when param is a string', () => {
    expect(queryOf({ id: 'createdAt', kind: 'date', param: 'created' }, { range: true, from: '2024-01-01', to: '2024-01-31' })).toEqual([
      ['created', '2024-01-01'],
      ['created', '2024-01-31'],
    ]);
  });

  it('sends a range as two parameters when param is {from, to}', () => {
    const filter = { id: 'period', kind: 'date', param: { from: 'initDate', to: 'endDate' } } as const;
    expect(queryOf(filter, { range: true, from: '2024-01-01', to: '2024-01-31' })).toEqual([
      ['initDate', '2024-01-01'],
      ['endDate', '2024-01-31'],
    ]);
    expect(queryOf(filter, { range: false, from: '2024-01-05', to: null })).toEqual([
      ['initDate', '2024-01-05'],
      ['endDate', '2024-01-05'],
    ]);
  });

  it('treats a range with one date as start = end, and sends nothing for a cleared range', () => {
    expect(queryOf({ id: 'd', kind: 'date' }, { range: true, from: '2024-01-05', to: null })).toEqual([['d', '2024-01-05'], ['d', '2024-01-05']]);
    expect(queryOf({ id: 'd', kind: 'date' }, { range: true, from: null, to: '2024-01-09' })).toEqual([['d', '2024-01-09'], ['d', '2024-01-09']]);
    expect(queryOf({ id: 'd', kind: 'date' }, { range: true, from: null, to: null })).toEqual([]);
    expect(queryOf({ id: 'd', kind: 'date' }, { range: false, from: null, to: null })).toEqual([]);
  });

  it('sends a default preset resolved against today', () => {
    expect(queryOf({ id: 'd', kind: 'date', default: 'currentMonth', param: { from: 'dateStart', to: 'dateEnd' } })).toEqual([
      ['dateStart', '2026-11-01'],
      ['dateEnd', '2026-11-30'],
    ]);
  });

  it('sends a month as its first and last day', () => {
    const filter = { id: 'month', kind: 'month', param: { from: 'dateStart', to: 'dateEnd' } } as const;
    expect(queryOf(filter, '2024-02')).toEqual([['dateStart', '2024-02-01'], ['dateEnd', '2024-02-29']]);
    expect(queryOf(filter, null)).toEqual([]);
  });

  it('sends the year', () => {
    expect(queryOf({ id: 'year', kind: 'year' })).toEqual([['year', '2026']]);
    expect(queryOf({ id: 'y', kind: 'year', param: 'year' }, 2021)).toEqual([['year', '2021']]);
  });

  it('sends nothing for Todas, false for Reales, true for Virtuales', () => {
    const filter = { id: 'isVirtual', kind: 'virtualType' } as const;
    expect(queryOf(filter, 'all')).toEqual([]);
    expect(queryOf(filter, 'real')).toEqual([['isVirtual', 'false']]);
    expect(queryOf(filter, 'virtual')).toEqual([['isVirtual', 'true']]);
  });

  it('sends yes/no as true, false or nothing', () => {
    const filter = { id: 'gift', kind: 'yesNo' } as const;
    expect(queryOf(filter, true)).toEqual([['gift', 'true']]);
    expect(queryOf(filter, false)).toEqual([['gift', 'false']]);
    expect(queryOf(filter, null)).toEqual([]);
  });

  it('sends either the typology ids or the place ids', () => {
    const filter = { id: 'place', kind: 'typologyOrRoom' } as const;
    const items = [{ id: '3', label: 'Suite' }, { id: '7', label: 'Loft' }];
    expect(queryOf(filter, { mode: 'typology', items })).toEqual([['typology', '3'], ['typology', '7']]);
    expect(queryOf(filter, { mode: 'room', items })).toEqual([['place', '3'], ['place', '7']]);
    expect(queryOf(filter, { mode: 'room', items: [] })).toEqual([]);
  });

  it('sends select, multi-select and lookup values, lists as repeated keys', () => {
    expect(queryOf({ id: 'category', kind: 'select', options: 'clientCategory' }, 'socio')).toEqual([['category', 'socio']]);
    expect(queryOf({ id: 'category', kind: 'select', options: 'clientCategory' }, null)).toEqual([]);
    expect(queryOf({ id: 'status', kind: 'multiSelect', options: 'bookingStatus', param: 'status[]' }, ['confirmed', 'checked_in'])).toEqual([
      ['status[]', 'confirmed'],
      ['status[]', 'checked_in'],
    ]);
    expect(queryOf({ id: 'user', kind: 'lookup', lookup: 'users' }, [{ id: '12', label: 'Ana' }, { id: '15', label: 'Luis' }])).toEqual([
      ['user', '12'],
      ['user', '15'],
    ]);
  });

  it('sends search text trimmed, and nothing when empty', () => {
    expect(queryOf({ id: 'q', kind: 'search' }, '  ana  ')).toEqual([['search', 'ana']]);
    expect(queryOf({ id: 'q', kind: 'search', param: 'keyword' }, '')).toEqual([]);
  });

  it('sends the source fixed params first and only the filters the source lists', () => {
    const definition = testDefinition({
      sources: {
        rows: { path: '/api/v1/report/booking', params: { status: 'checked_in', populate: ['orders', 'pays'], skip: null, withPet: true }, filters: ['isVirtual'] },
      },
      filters: [
        { id: 'isVirtual', kind: 'virtualType', default: 'real' },
        { id: 'gift', kind: 'yesNo', default: true },
      ],
    });
    const filters = defaultFilterValues(definition, { today });
    expect(planRequest(definition, 'rows', { filters, routeParams }).query).toEqual([
      ['status', 'checked_in'],
      ['populate', 'orders'],
      ['populate', 'pays'],
      ['withPet', 'true'],
      ['isVirtual', 'false'],
    ]);
  });
});

describe('planRequest: path', () => {
  const definition = testDefinition({ sources: { rows: { path: '/api/v1/review/paginate/{type}' }, detail: { path: '/api/v1/booking/ref/{ref}' } } });

  it('fills {name} from the route parameters, URL-encoded', () => {
    expect(planRequest(definition, 'rows', { filters: {}, routeParams: { type: 'community' } }).path).toBe('/api/v1/review/paginate/community');
  });

  it("fills {name} from the opened row's key", () => {
    expect(planRequest(definition, 'detail', { filters: {}, routeParams: {}, widgetKey: 'MR 1/2' }).path).toBe('/api/v1/booking/ref/MR%201%2F2');
  });

  it('keeps the service of the source', () => {
    const master = testDefinition({ sources: { rows: { service: 'master', path: '/api/v1/lead/table' } } });
    expect(planRequest(master, 'rows', { filters: {}, routeParams }).service).toBe('master');
  });
});

describe('planRequest: paging', () => {
  const columns = [
    { field: 'ref', header: 'REF' },
    { field: 'employee', header: 'Empleado', sortField: 'employee.name' },
    { field: 'note', header: 'Nota', sortable: false },
  ];
  const vuetify = testDefinition({
    sources: { rows: { path: '/api/v1/report/booking', paging: { mode: 'server' } } },
    blocks: [{ kind: 'table', source: 'rows', pageSizes: [50, 100, 200], search: 'server', columns }],
  });
  const laravel = testDefinition({
    sources: { rows: { path: '/api/v1/report/closed-order', paging: { mode: 'server', style: 'laravel' } } },
    blocks: [{ kind: 'table', source: 'rows', pageSizes: [10, 20, 50], columns }],
  });
  const table = {
    page: 3,
    pageSize: 100,
    sort: [{ field: 'employee', desc: true }, { field: 'ref', desc: false }, { field: 'note', desc: false }],
    search: ' ana ',
  };

  it('vuetify: page, itemsPerPage, sortBy/sortDesc with sort fields, and search in server mode', () => {
    expect(planRequest(vuetify, 'rows', { filters: {}, routeParams, table }).query).toEqual([
      ['page', '3'],
      ['itemsPerPage', '100'],
      ['sortBy', 'employee.name'],
      ['sortBy', 'ref'],
      ['sortDesc', 'true'],
      ['sortDesc', 'false'],
      ['search', 'ana'],
    ]);
  });

  it('vuetify: the first page of the first page size when no state is given', () => {
    expect(planRequest(vuetify, 'rows', { filters: {}, routeParams }).query).toEqual([['page', '1'], ['itemsPerPage', '50']]);
  });

  it('laravel: page, per_page, sort=field|dir; no search when the table searches on the client', () => {
    expect(planRequest(laravel, 'rows', { filters: {}, routeParams, table }).query).toEqual([
      ['page', '3'],
      ['per_page', '100'],
      ['sort', 'employee.name|desc'],
      ['sort', 'ref|asc'],
    ]);
  });

  it('asks for every row for an export: -1 per page', () => {
    expect(planRequest(vuetify, 'rows', { filters: {}, routeParams, table, allRows: true }).query?.slice(0, 2)).toEqual([['page', '1'], ['itemsPerPage', '-1']]);
    expect(planRequest(laravel, 'rows', { filters: {}, routeParams, table, allRows: true }).query?.slice(0, 2)).toEqual([['page', '1'], ['per_page', '-1']]);
  });

  it('asks for every row (-1, page 1) when the page size is "Todas" (a million and up)', () => {
    const todas = { ...table, pageSize: 1_000_000 };
    expect(planRequest(vuetify, 'rows', { filters: {}, routeParams, table: todas }).query?.slice(0, 2)).toEqual([['page', '1'], ['itemsPerPage', '-1']]);
    expect(planRequest(laravel, 'rows', { filters: {}, routeParams, table: todas }).query?.slice(0, 2)).toEqual([['page', '1'], ['per_page', '-1']]);
    expect(planRequest(vuetify, 'rows', { filters: {}, routeParams, table: { ...table, pageSize: 999_999 } }).query?.slice(0, 2)).toEqual([['page', '3'], ['itemsPerPage', '999999']]);
  });

  it('sends no paging parameters for client paging and none', () => {
    const client = testDefinition({
      sources: { rows: { path: '/api/v1/x', paging: { mode: 'client' } } },
      blocks: [{ kind: 'table', source: 'rows', pageSizes: [10], columns }],
    });
    expect(planRequest(client, 'rows', { filters: {}, routeParams, table }).query).toEqual([]);
    expect(planRequest(testDefinition({}), 'rows', { filters: {}, routeParams, table }).query).toEqual([]);
  });
});

describe('planRequest: screenParams and expand.source', () => {
  const definition = testDefinition({
    filters: [{ id: 'period', kind: 'date', range: 'always', param: { from: 'dateStart', to: 'dateEnd' } }],
    sources: {
      rows: { path: '/api/v1/rooms', params: { shape: 'list' }, screenParams: { bookings: 'none' } },
      roomBookings: { path: '/api/v1/rooms', params: { place: 0 } },
    },
    blocks: [
      {
        kind: 'table',
        source: 'rows',
        columns: [{ field: 'name', header: 'Habitación' }],
        expand: { source: 'roomBookings', params: { place: '_id', kind: 'typology.id' }, rows: 'data', columns: [{ field: 'ref', header: 'REF' }] },
        export: { fileName: 'Ocupacion', lines: { rows: 'bookings', columns: [{ field: 'ref', header: 'REF' }] } },
      },
    ],
  });
  const filters = { period: { range: true, from: '2026-11-01', to: '2026-11-30' } };

  it('the screen sends the source\'s screenParams after its params; a file with lines leaves them out', () => {
    expect(planRequest(definition, 'rows', { filters, routeParams }).query).toEqual([
      ['shape', 'list'],
      ['bookings', 'none'],
      ['dateStart', '2026-11-01'],
      ['dateEnd', '2026-11-30'],
    ]);
    expect(planRequest(definition, 'rows', { filters, routeParams, withLines: true }).query).toEqual([
      ['shape', 'list'],
      ['dateStart', '2026-11-01'],
      ['dateEnd', '2026-11-30'],
    ]);
  });

  it('an opened row\'s nested rows: the source\'s request with the row\'s fields, which take a fixed param\'s place', () => {
    const block = definition.blocks[0] as Extract<(typeof definition.blocks)[number], { kind: 'table' }>;
    const request = planExpandRequest(definition, block.expand!, { _id: 17, typology: { id: 'suite' } }, { filters, routeParams });
    expect(request).toEqual({
      service: 'api',
      path: '/api/v1/rooms',
      query: [['dateStart', '2026-11-01'], ['dateEnd', '2026-11-30'], ['place', '17'], ['kind', 'suite']],
    });
    // A field the row lacks is not sent: a fixed value stays.
    expect(planExpandRequest(definition, block.expand!, { _id: 3 }, { filters, routeParams }).query).toEqual([
      ['dateStart', '2026-11-01'],
      ['dateEnd', '2026-11-30'],
      ['place', '3'],
    ]);
    expect(planExpandRequest(definition, block.expand!, {}, { filters, routeParams }).query).toEqual([
      ['place', '0'],
      ['dateStart', '2026-11-01'],
      ['dateEnd', '2026-11-30'],
    ]);
  });
});
