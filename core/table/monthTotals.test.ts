import { describe, expect, it } from 'vitest';
import { setOperatorTimeZone } from '../timeZone.ts';
import { monthHeader, monthKey, monthsOfRange, monthSummer, monthTotalsField, shownMonths, withMonthSums, withMonthTotals } from './monthTotals.ts';

describe('month totals', () => {
  it('reads the UTC month of days and instants', () => {
    expect(monthKey('2023-12-31')).toBe('2023-12');
    expect(monthKey('2023-12-31T23:30:00.000Z')).toBe('2023-12');
    expect(monthKey('2023-12-31T23:30:00-05:00')).toBe('2024-01');
    expect(monthKey('')).toBeUndefined();
    expect(monthKey('nope')).toBeUndefined();
  });

  it("reads an instant's month on the operator's clock, a day's as it is", () => {
    setOperatorTimeZone('America/Bogota');
    try {
      expect(monthKey('2024-01-01T02:00:00.000Z')).toBe('2023-12');
      expect(monthKey('2024-01-01')).toBe('2024-01');
    } finally {
      setOperatorTimeZone(undefined);
    }
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

  it('puts each row’s sums of the shown months under one field, every shown month present, the rows left as they were', () => {
    const spec = { rows: 'rates', date: 'date', value: 'amount', format: 'money' } as const;
    const rows = [
      { ref: 'A', rates: [{ date: '2024-01-31', amount: 7 }, { date: '2023-12-01', amount: 10 }, { date: '2023-12-02', amount: 5 }] },
      // A month outside the shown ones is left out; a row without rates gets zeros.
      { ref: 'B', rates: [{ date: '2023-10-01', amount: 99 }] },
      { ref: 'C' },
    ];
    const months = ['2023-12', '2024-01', '2024-02'];
    const result = withMonthTotals(rows, months, monthSummer(spec));
    expect(result).toEqual([
      { ...rows[0], [monthTotalsField]: { m2023_12: 15, m2024_01: 7, m2024_02: 0 } },
      { ...rows[1], [monthTotalsField]: { m2023_12: 0, m2024_01: 0, m2024_02: 0 } },
      { ...rows[2], [monthTotalsField]: { m2023_12: 0, m2024_01: 0, m2024_02: 0 } },
    ]);
    // In the months' order, whatever the order of the nights; each row its own object.
    expect(Object.keys((result[0] as Record<string, object>)[monthTotalsField]!)).toEqual(['m2023_12', 'm2024_01', 'm2024_02']);
    (result[1] as Record<string, Record<string, number>>)[monthTotalsField]!.m2023_12 = 1;
    expect((result[2] as Record<string, Record<string, number>>)[monthTotalsField]!.m2023_12).toBe(0);
    expect(rows[0]).not.toHaveProperty(monthTotalsField);
    const request = { rows, monthSums: { spec, months } };
    expect(withMonthSums(request as never)).toMatchObject({ rows: withMonthTotals(rows, months, monthSummer(spec)), monthSums: undefined });
  });
});
