import { describe, expect, it } from 'vitest';
import { defaultFilterValues } from '../filters/defaults.ts';
import type { FilterValues } from '../filters/filterValues.ts';
import { testDefinition } from '../filters/testDefinition.ts';
import {
  clearFilterValues,
  closeWidgetParams,
  openWidgetParams,
  readFilterValues,
  readOpenWidgets,
  readTableState,
  writeFilterValues,
  writeTableState,
} from './urlState.ts';

const context = { today: '2026-11-18' };
const definition = testDefinition({
  filters: [
    { id: 'dateStart', kind: 'date', label: 'Check-in' },
    { id: 'createdAt', kind: 'date', default: 'currentMonth' },
    { id: 'period', kind: 'date', range: 'always', param: { from: 'initDate', to: 'endDate' } },
    { id: 'month', kind: 'month', default: 'currentMonth', param: { from: 'dateStart', to: 'dateEnd' } },
    { id: 'year', kind: 'year' },
    { id: 'status', kind: 'multiSelect', options: 'bookingStatus', default: ['confirmed'] },
    { id: 'category', kind: 'select', options: 'clientCategory' },
    { id: 'gift', kind: 'select', options: 'yesNo' },
    { id: 'user', kind: 'lookup', lookup: 'users' },
    { id: 'place', kind: 'typologyOrRoom' },
    { id: 'isVirtual', kind: 'virtualType', default: 'real' },
    { id: 'event', kind: 'yesNo' },
    { id: 'q', kind: 'search' },
    { id: 'fixed', kind: 'virtualType', default: 'virtual', hidden: true },
  ],
});
const defaults = defaultFilterValues(definition, context);
const read = (params: URLSearchParams) => readFilterValues(definition, params, defaults, context);

describe('filter values in the URL', () => {
  it('uses the defaults when the URL says nothing', () => {
    expect(read(new URLSearchParams())).toEqual(defaults);
  });

  it('round-trips every kind: values → search params → values', () => {
    const values: FilterValues = {
      dateStart: { range: false, from: '2024-01-05', to: null },
      createdAt: { range: true, from: '2024-01-01', to: '2024-01-31' },
      period: { range: true, from: '2024-02-01', to: null },
      month: '2023-12',
      year: 2021,
      status: ['checked_in', 'no_show'],
      category: 'socio',
      gift: false,
      user: [{ id: '12', label: 'Ana María: Gómez' }, { id: '15', label: 'Luis Pérez' }],
      place: { mode: 'room', items: [{ id: '7', label: 'Loft 201' }] },
      isVirtual: 'all',
      event: true,
      q: 'piscina & spa',
      fixed: 'virtual',
    };
    const params = writeFilterValues(definition, values, new URLSearchParams());
    expect(read(new URLSearchParams(params.toString()))).toEqual(values);
  });

  it('keeps an explicitly cleared value cleared instead of falling back to the default', () => {
    const cleared: FilterValues = {
      ...defaults,
      createdAt: { range: true, from: null, to: null },
      month: null,
      status: [],
      isVirtual: 'all',
    };
    const params = writeFilterValues(definition, cleared, new URLSearchParams());
    expect(read(params)).toEqual(cleared);
  });

  it('writes readable params', () => {
    const params = writeFilterValues(definition, { ...defaults, createdAt: { range: true, from: '2024-01-01', to: '2024-01-31' } }, new URLSearchParams());
    expect(params.get('createdAt')).toBe('2024-01-01..2024-01-31');
    expect(params.getAll('status')).toEqual(['confirmed']);
    expect(params.get('place.mode')).toBe('typology');
    expect(params.has('fixed')).toBe(false);
  });

  it('reads a link written by hand, ignoring values that are not valid', () => {
    const values = read(new URLSearchParams('dateStart=2026-11-01&status=confirmed&status=bogus&year=20x1&isVirtual=maybe'));
    expect(values.dateStart).toEqual({ range: false, from: '2026-11-01', to: null });
    expect(values.status).toEqual(['confirmed']);
    expect(values.year).toBe(2026);
    expect(values.isVirtual).toBe('real');
  });

  it('never takes a hidden filter from the URL', () => {
    expect(read(new URLSearchParams('fixed=all')).fixed).toBe('virtual');
  });

  it('Limpiar removes the filters but keeps the rest, and new filters start tables on page 1', () => {
    const params = new URLSearchParams('status=confirmed&year=2021&t0.page=3&t0.size=100&open=booking-detail:MR1');
    expect(clearFilterValues(definition, params).toString()).toBe('t0.size=100&open=booking-detail%3AMR1');
    expect(writeFilterValues(definition, defaults, params).has('t0.page')).toBe(false);
  });
});

describe('table state in the URL', () => {
  const tableDefaults = { page: 1, pageSize: 50, sort: [{ field: 'createdAt', desc: true }], search: '' };

  it('round-trips page, page size, sort and search under the block position', () => {
    const state = { page: 4, pageSize: 200, sort: [{ field: 'user.name', desc: false }, { field: 'total', desc: true }], search: 'ana' };
    const params = writeTableState(new URLSearchParams(), [1, 0, 2], state, tableDefaults);
    expect(params.toString()).toBe('t1-0-2.page=4&t1-0-2.size=200&t1-0-2.sort=user.name%2C-total&t1-0-2.q=ana');
    expect(readTableState(params, [1, 0, 2], tableDefaults)).toEqual(state);
  });

  it('writes only what differs from the defaults, and keeps tables apart', () => {
    let params = writeTableState(new URLSearchParams(), [0], { ...tableDefaults, page: 2 }, tableDefaults);
    params = writeTableState(params, [1], { ...tableDefaults, sort: [] }, tableDefaults);
    expect(params.toString()).toBe('t0.page=2&t1.sort=');
    expect(readTableState(params, [0], tableDefaults)).toEqual({ ...tableDefaults, page: 2 });
    expect(readTableState(params, [1], tableDefaults)).toEqual({ ...tableDefaults, sort: [] });
    params = writeTableState(params, [0], tableDefaults, tableDefaults);
    expect(params.toString()).toBe('t1.sort=');
  });

  it('ignores a page size the table does not offer', () => {
    expect(readTableState(new URLSearchParams('t0.size=7'), [0], tableDefaults, [50, 100]).pageSize).toBe(50);
  });
});

describe('open widgets in the URL', () => {
  it('opens, stacks and closes widgets', () => {
    let params = openWidgetParams(new URLSearchParams('year=2024'), 'booking-detail', 'MR000123');
    expect(params.toString()).toBe('year=2024&open=booking-detail%3AMR000123');
    params = openWidgetParams(params, 'order-detail', '55');
    expect(readOpenWidgets(params)).toEqual([
      { id: 'booking-detail', key: 'MR000123' },
      { id: 'order-detail', key: '55' },
    ]);
    params = closeWidgetParams(params);
    expect(readOpenWidgets(params)).toEqual([{ id: 'booking-detail', key: 'MR000123' }]);
    expect(closeWidgetParams(params).toString()).toBe('year=2024');
  });

  it('ignores entries that name no widget', () => {
    expect(readOpenWidgets(new URLSearchParams('open=nothing:1'))).toEqual([]);
  });
});
