import { describe, expect, it } from 'vitest';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import { writeFilterValues } from '../../core/report/urlState.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { subscriptionState } from './subscriptionState.ts';

const today = '2026-11-18';
const definition = testDefinition({
  filters: [
    { id: 'period', kind: 'date', label: 'Periodo', range: 'always', default: 'currentMonth' },
    { id: 'day', kind: 'date', label: 'Día', default: 'yesterday' },
    { id: 'status', kind: 'multiSelect', label: 'Status', options: 'bookingStatus' },
    { id: 'created', kind: 'date', label: 'Creación' },
  ],
});
const sorted = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${k}=${v}`).sort();

describe('the state a subscription keeps', () => {
  it('leaves out the periods still at their relative default, which Aplicar wrote out as fixed dates', () => {
    // Aplicar with only the status changed writes every filter, the month and yesterday as today's dates.
    const values = { ...defaultFilterValues(definition, { today }), status: ['confirmed'] };
    const params = writeFilterValues(definition, values, new URLSearchParams('t0.sort=-total&t0.page=3'));
    expect(params.get('period')).toBe('2026-11-01..2026-11-30');
    expect(params.get('day')).toBe('2026-11-17');

    const state = subscriptionState(definition, params, { today });
    expect(sorted(state.filters)).toEqual(['status=confirmed']);
    expect(sorted(state.params)).toEqual(['t0.sort=-total']);
  });

  it('keeps dates a person chose, and a filter emptied on purpose', () => {
    const params = new URLSearchParams('period=2026-10-01..2026-10-31&day=2026-11-17&status=&created=2026-11-02');
    const state = subscriptionState(definition, params, { today });
    // "day" is yesterday's date: it is the default, so it moves; the others were chosen.
    expect(sorted(state.filters)).toEqual(['created=2026-11-02', 'period=2026-10-01..2026-10-31']);
    // The next day, the same address no longer names the default, so nothing is dropped.
    expect(sorted(subscriptionState(definition, params, { today: '2026-11-19' }).filters)).toEqual([
      'created=2026-11-02',
      'day=2026-11-17',
      'period=2026-10-01..2026-10-31',
    ]);
  });

  it('leaves out what a view never keeps: the page, open panels', () => {
    const state = subscriptionState(definition, new URLSearchParams('open=booking-detail:MR1&t0.page=2&t0.q=ana'), { today });
    expect(state).toEqual({ filters: [], params: [['t0.q', 'ana']] });
  });
});
