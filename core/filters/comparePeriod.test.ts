import { describe, expect, it } from 'vitest';
import { planRequest } from '../data/planRequest.ts';
import { comparedFilters, comparedSources, describeComparison, readCompareMode, shiftRange, writeCompareMode } from './comparePeriod.ts';
import { testDefinition } from './testDefinition.ts';

describe('shiftRange', () => {
  it('a whole month: the previous month, and that month a year earlier', () => {
    expect(shiftRange({ from: '2026-11-01', to: '2026-11-30' }, 'previous')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(shiftRange({ from: '2026-03-01', to: '2026-03-31' }, 'previous')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(shiftRange({ from: '2026-11-01', to: '2026-11-30' }, 'lastYear')).toEqual({ from: '2025-11-01', to: '2025-11-30' });
    // Two whole months: the two before.
    expect(shiftRange({ from: '2026-05-01', to: '2026-06-30' }, 'previous')).toEqual({ from: '2026-03-01', to: '2026-04-30' });
  });

  it('an arbitrary range: as many days immediately before, the same dates a year earlier', () => {
    expect(shiftRange({ from: '2026-11-10', to: '2026-11-16' }, 'previous')).toEqual({ from: '2026-11-03', to: '2026-11-09' });
    expect(shiftRange({ from: '2026-11-10', to: '2026-11-16' }, 'lastYear')).toEqual({ from: '2025-11-10', to: '2025-11-16' });
    // A month to date (1–27 November): the 27 days before, not October.
    expect(shiftRange({ from: '2026-11-01', to: '2026-11-27' }, 'previous')).toEqual({ from: '2026-10-05', to: '2026-10-31' });
    // One day: the day before.
    expect(shiftRange({ from: '2026-11-27', to: '2026-11-27' }, 'previous')).toEqual({ from: '2026-11-26', to: '2026-11-26' });
  });

  it('a leap day: 29 February a year earlier is 28 February; a whole February keeps its month', () => {
    expect(shiftRange({ from: '2024-02-29', to: '2024-02-29' }, 'lastYear')).toEqual({ from: '2023-02-28', to: '2023-02-28' });
    expect(shiftRange({ from: '2024-02-10', to: '2024-02-29' }, 'lastYear')).toEqual({ from: '2023-02-10', to: '2023-02-28' });
    expect(shiftRange({ from: '2025-02-01', to: '2025-02-28' }, 'lastYear')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(shiftRange({ from: '2024-03-01', to: '2024-03-10' }, 'previous')).toEqual({ from: '2024-02-20', to: '2024-02-29' });
  });

  it('across a year boundary', () => {
    expect(shiftRange({ from: '2026-01-01', to: '2026-01-15' }, 'previous')).toEqual({ from: '2025-12-17', to: '2025-12-31' });
    expect(shiftRange({ from: '2026-01-01', to: '2026-01-31' }, 'previous')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(shiftRange({ from: '2025-12-20', to: '2026-01-10' }, 'lastYear')).toEqual({ from: '2024-12-20', to: '2025-01-10' });
    expect(shiftRange({ from: '2026-01-01', to: '2026-12-31' }, 'previous')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
});

describe('the URL param', () => {
  it('reads and writes `compare`, absent for none, ignoring unknown values', () => {
    expect(readCompareMode(new URLSearchParams('compare=previous'))).toBe('previous');
    expect(readCompareMode(new URLSearchParams('compare=lastYear'))).toBe('lastYear');
    expect(readCompareMode(new URLSearchParams('compare=nope'))).toBeUndefined();
    expect(writeCompareMode(new URLSearchParams('a=1'), 'lastYear').toString()).toBe('a=1&compare=lastYear');
    expect(writeCompareMode(new URLSearchParams('a=1&compare=previous'), undefined).toString()).toBe('a=1');
  });
});

describe('comparedFilters', () => {
  const cards = { kind: 'cards', source: 'totals', cards: [{ label: 'Total', field: 'data.total', format: 'money' }] };
  const definition = testDefinition({
    filters: [
      { id: 'period', kind: 'date', range: 'always', param: { from: 'start', to: 'end' } },
      { id: 'month', kind: 'month', param: { from: 'monthStart', to: 'monthEnd' } },
      { id: 'year', kind: 'year' },
    ],
    sources: {
      totals: { path: '/api/v1/totals', filters: ['period'] },
      byMonth: { path: '/api/v1/months', filters: ['month'] },
      byYear: { path: '/api/v1/years', filters: ['year'] },
      none: { path: '/api/v1/none', filters: [] },
    },
    blocks: [cards, { ...cards, source: 'byMonth' }, { ...cards, source: 'byYear' }, { ...cards, source: 'none' }],
  } as never);
  const values = { period: { range: true, from: '2026-11-01', to: '2026-11-27' }, month: '2026-11', year: 2026 };

  it('moves the period through the filter kind, so the request sends the shifted days under its own parameters', () => {
    const compared = comparedFilters(definition, 'totals', values, 'previous')!;
    expect(compared.period).toEqual({ from: '2026-11-01', to: '2026-11-27' });
    expect(compared.shifted).toEqual({ from: '2026-10-05', to: '2026-10-31' });
    expect(planRequest(definition, 'totals', { filters: compared.filters, routeParams: {} }).query).toEqual([['start', '2026-10-05'], ['end', '2026-10-31']]);
    const month = comparedFilters(definition, 'byMonth', values, 'previous')!;
    expect(month.filters.month).toBe('2026-10');
    expect(planRequest(definition, 'byMonth', { filters: month.filters, routeParams: {} }).query).toEqual([['monthStart', '2026-10-01'], ['monthEnd', '2026-10-31']]);
    expect(comparedFilters(definition, 'byYear', values, 'lastYear')!.filters.year).toBe(2025);
    expect(comparedFilters(definition, 'none', values, 'lastYear')).toBeUndefined();
    expect(comparedSources(definition)).toEqual(['totals', 'byMonth', 'byYear']);
  });

  it('states the comparison for files and prints', () => {
    expect(describeComparison(definition, values, new URLSearchParams('compare=previous'), 'byMonth')).toBe('Periodo anterior (01/10/2026 – 31/10/2026)');
    expect(describeComparison(definition, values, new URLSearchParams('compare=lastYear'))).toBe('Año anterior (01/11/2025 – 27/11/2025)');
    expect(describeComparison(definition, values, new URLSearchParams())).toBeUndefined();
  });
});
