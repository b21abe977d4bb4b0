import { describe, expect, it } from 'vitest';
import { defaultFilterValues } from './defaults.ts';
import { testDefinition } from './testDefinition.ts';

const today = '2026-11-18';

describe('filter defaults against a fixed today', () => {
  it('resolves date presets: single-day presets give a day, periods a range', () => {
    const definition = testDefinition({
      filters: [
        { id: 'day', kind: 'date', default: 'today' },
        { id: 'yesterday', kind: 'date', default: 'yesterday', maxToday: true },
        { id: 'week', kind: 'date', default: 'currentWeek' },
        { id: 'month', kind: 'date', default: 'currentMonth' },
        { id: 'previous', kind: 'date', default: 'previousMonth' },
        { id: 'year', kind: 'date', default: 'currentYear' },
        { id: 'todayRange', kind: 'date', default: 'today', range: 'always' },
        { id: 'monthStart', kind: 'date', default: 'currentMonth', range: 'never' },
        { id: 'monthEnd', kind: 'date', default: 'currentMonth', range: 'never', defaultDay: 'last' },
      ],
    });
    expect(defaultFilterValues(definition, { today })).toEqual({
      day: { range: false, from: '2026-11-18', to: null },
      yesterday: { range: false, from: '2026-11-17', to: null },
      week: { range: true, from: '2026-11-16', to: '2026-11-22' },
      month: { range: true, from: '2026-11-01', to: '2026-11-30' },
      previous: { range: true, from: '2026-10-01', to: '2026-10-31' },
      year: { range: true, from: '2026-01-01', to: '2026-12-31' },
      todayRange: { range: true, from: '2026-11-18', to: '2026-11-18' },
      monthStart: { range: false, from: '2026-11-01', to: null },
      monthEnd: { range: false, from: '2026-11-30', to: null },
    });
  });

  it('keeps fixed days and ranges, and leaves a date without default empty', () => {
    const definition = testDefinition({
      filters: [
        { id: 'dateStart', kind: 'date', default: '2023-12-01' },
        { id: 'span', kind: 'date', default: { from: '2023-12-01', to: '2023-12-31' } },
        { id: 'createdAt', kind: 'date' },
        { id: 'always', kind: 'date', range: 'always' },
      ],
    });
    expect(defaultFilterValues(definition, { today })).toEqual({
      dateStart: { range: false, from: '2023-12-01', to: null },
      span: { range: true, from: '2023-12-01', to: '2023-12-31' },
      createdAt: { range: false, from: null, to: null },
      always: { range: true, from: null, to: null },
    });
  });

  it('defaults month, year, virtual type, yes/no and the rest', () => {
    const definition = testDefinition({
      filters: [
        { id: 'month', kind: 'month', default: 'currentMonth', param: { from: 'dateStart', to: 'dateEnd' } },
        { id: 'noMonth', kind: 'month', param: { from: 'a', to: 'b' } },
        { id: 'year', kind: 'year' },
        { id: 'fixedYear', kind: 'year', default: 2023 },
        { id: 'isVirtual', kind: 'virtualType' },
        { id: 'real', kind: 'virtualType', default: 'real' },
        { id: 'gift', kind: 'yesNo' },
        { id: 'event', kind: 'yesNo', default: false },
        { id: 'status', kind: 'multiSelect', options: 'bookingStatus', default: ['checked_in', 'confirmed'] },
        { id: 'category', kind: 'select', options: 'clientCategory' },
        { id: 'user', kind: 'lookup', lookup: 'users' },
        { id: 'place', kind: 'typologyOrRoom' },
        { id: 'search', kind: 'search' },
      ],
    });
    expect(defaultFilterValues(definition, { today })).toEqual({
      month: '2026-11',
      noMonth: null,
      year: 2026,
      fixedYear: 2023,
      isVirtual: 'all',
      real: 'real',
      gift: null,
      event: false,
      status: ['checked_in', 'confirmed'],
      category: null,
      user: [],
      place: { mode: 'typology', items: [] },
      search: '',
    });
  });
});
