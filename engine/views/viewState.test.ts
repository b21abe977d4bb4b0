import { describe, expect, it } from 'vitest';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import {
  captureView,
  openWidgetParams,
  readFilterValues,
  readSelectedTab,
  readTableState,
  writeFilterValues,
  writeSelectedTab,
  writeTableState,
} from '../../core/report/urlState.ts';
import { restoreView } from './restoreView.ts';

const context = { today: '2026-11-18' };
const definition = testDefinition({
  filters: [
    { id: 'dateStart', kind: 'date', label: 'Check-in', range: 'always' },
    { id: 'status', kind: 'multiSelect', options: 'bookingStatus', label: 'Estado' },
    { id: 'user', kind: 'lookup', lookup: 'users', label: 'Cliente' },
    { id: 'place', kind: 'typologyOrRoom' },
    { id: 'isVirtual', kind: 'virtualType', default: 'real' },
    { id: 'q', kind: 'search', label: 'Texto' },
    { id: 'fixed', kind: 'virtualType', default: 'virtual', hidden: true },
  ],
});
const defaults = defaultFilterValues(definition, context);
const tableDefaults = { page: 1, pageSize: 50, sort: [], search: '' };

/** A screen's URL after a user applied filters, sorted, changed the page size, searched, paged, picked a tab and opened a panel. */
function usedScreen(): URLSearchParams {
  let params = writeFilterValues(
    definition,
    {
      ...defaults,
      dateStart: { range: true, from: '2026-10-01', to: '2026-10-31' },
      status: ['confirmed', 'canceled'],
      user: [{ id: '17', label: 'Ana Gómez' }],
      place: { mode: 'room', items: [{ id: '4', label: '101' }] },
      isVirtual: 'all',
      q: 'playa',
    },
    new URLSearchParams(),
  );
  params = writeTableState(params, [0], { page: 3, pageSize: 100, sort: [{ field: 'total', desc: true }], search: 'gómez' }, tableDefaults);
  params = writeSelectedTab(params, [1], 2);
  return openWidgetParams(params, 'booking-detail', 'MR000123');
}

describe('a saved view is the URL state of its screen', () => {
  it('keeps every filter, the sort, page size, search and tab, but not the page or the open panels', () => {
    const view = captureView(definition, usedScreen());
    expect(view.filters).toEqual([
      ['dateStart', '2026-10-01..2026-10-31'],
      ['status', 'confirmed'],
      ['status', 'canceled'],
      ['user', '17:Ana Gómez'],
      ['place.mode', 'room'],
      ['place', '4:101'],
      ['isVirtual', 'all'],
      ['q', 'playa'],
    ]);
    expect(view.params).toEqual([
      ['t0.size', '100'],
      ['t0.sort', '-total'],
      ['t0.q', 'gómez'],
      ['t1.tab', '2'],
    ]);
  });

  it('restores exactly what it kept: the same filters, table state and tab, on page 1 with no panel open', () => {
    const used = usedScreen();
    const { params, dropped } = restoreView(definition, captureView(definition, used), context);
    expect(dropped).toEqual([]);
    expect(readFilterValues(definition, params, defaults, context)).toEqual(readFilterValues(definition, used, defaults, context));
    expect(readTableState(params, [0], tableDefaults, [50, 100])).toEqual({ page: 1, pageSize: 100, sort: [{ field: 'total', desc: true }], search: 'gómez' });
    expect(readSelectedTab(params, [1], 3)).toBe(2);
    expect(params.has('open')).toBe(false);
  });

  it('restores a view of defaults as defaults, whatever the screen showed before', () => {
    const { params, dropped } = restoreView(definition, captureView(definition, new URLSearchParams()), context);
    expect(dropped).toEqual([]);
    expect(params.toString()).toBe('');
    expect(readFilterValues(definition, params, defaults, context)).toEqual(defaults);
  });
});

describe('a view whose filters no longer validate', () => {
  it('applies the valid part and names each filter it had to leave at its default', () => {
    const { params, dropped } = restoreView(
      definition,
      {
        filters: [
          ['dateStart', '2026-13-45..2026-10-31'],
          ['status', 'confirmed'],
          ['status', 'no-such-status'],
          ['isVirtual', 'sometimes'],
          ['q', 'x'.repeat(101)],
          ['removedFilter', 'abc'],
          ['user', '17:Ana Gómez'],
        ],
        params: [['t0.sort', '-total']],
      },
      context,
    );
    expect(dropped).toEqual(['Check-in', 'Estado', 'Tipo', 'Texto', 'removedFilter']);
    const values = readFilterValues(definition, params, defaults, context);
    expect(values).toEqual({ ...defaults, user: readFilterValues(definition, new URLSearchParams([['user', '17:Ana Gómez']]), defaults, context).user });
    expect(params.get('t0.sort')).toBe('-total');
    expect([...params.keys()].sort()).toEqual(['t0.sort', 'user']);
  });

  it('never applies a hidden filter from a view, and says so', () => {
    const { params, dropped } = restoreView(definition, { filters: [['fixed', 'all']], params: [] }, context);
    expect(params.toString()).toBe('');
    expect(dropped).toEqual(['fixed']);
  });
});
