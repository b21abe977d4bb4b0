import { describe, expect, it } from 'vitest';
import { monthHeader, monthKey, monthsOfRange, monthSummer, shownMonths } from './monthTotals.ts';

describe('month totals', () => {
  it('reads the UTC month of days and instants', () => {
    expect(monthKey('2023-12-31')).toBe('2023-12');
    expect(monthKey('2023-12-31T23:30:00.000Z')).toBe('2023-12');
    expect(monthKey('2023-12-31T23:30:00-05:00')).toBe('2024-01');
    expect(monthKey('')).toBeUndefined();
    expect(monthKey('nope')).toBeUndefined();
  });

  it('lists the months of a period across a year end', () => {
    expect(monthsOfRange('2023-11-15', '2024-02-01')).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(monthsOfRange('2024-02-01', '2023-11-15')).toEqual([]);
  });

  it('titles a month in Spanish', () => {
    expect(monthHeader('2023-12')).toBe('Diciembre 2023');
  });

  it('sums a row’s nested values per month, ignoring what is not a number or a date', () => {
    const sums = monthSummer({ rows: 'rates', date: 'date', value: 'amount.cop', format: 'money' });
    const row = {
      rates: [
        { date: '2023-12-01', amount: { cop: 10 } },
        { date: '2023-12-02', amount: { cop: '5.5' } },
        { date: '2024-01-01', amount: { cop: 'x' } },
        { date: null, amount: { cop: 3 } },
      ],
    };
    expect([...sums(row)]).toEqual([['2023-12', 15.5]]);
    expect(sums(row)).toBe(sums(row));
    expect(shownMonths([row, { rates: [{ date: '2023-10-09', amount: { cop: 1 } }] }], sums, undefined)).toEqual(['2023-10', '2023-12']);
  });
});
