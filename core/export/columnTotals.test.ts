import { describe, expect, it } from 'vitest';
import { columnTotal, columnTotals } from './columnTotals.ts';
import { column, testRequest } from './testRequest.ts';

describe('column totals', () => {
  const amount = column({ field: 'amount', header: 'Monto', format: 'money' });
  const rows = [{ amount: 10 }, { amount: '2.5' }, { amount: null }, { amount: -4 }, {}];

  it('aggregates the numbers of a column, numeric strings included, blanks left out', () => {
    expect(columnTotal(amount, 'sum', rows)).toBe(8.5);
    expect(columnTotal(amount, 'avg', rows)).toBeCloseTo(8.5 / 3);
    expect(columnTotal(amount, 'min', rows)).toBe(-4);
    expect(columnTotal(amount, 'max', rows)).toBe(10);
    expect(columnTotal(amount, 'count', rows)).toBe(3);
  });

  it('sums nothing to 0 and has no average of nothing', () => {
    expect(columnTotal(amount, 'sum', [])).toBe(0);
    expect(columnTotal(amount, 'avg', [])).toBeUndefined();
  });

  it('leaves blank, not 0, the total of a figure the server withheld in every row (a column naming its right)', () => {
    const tip = column({ field: 'tipAmount', header: 'Propina', format: 'money', total: 'sum', right: 'tips' });
    const withheld = [{ tipAmount: null }, { tipAmount: null }];
    expect(columnTotal(tip, 'sum', withheld)).toBeUndefined();
    expect(columnTotal(amount, 'sum', [{ amount: null }])).toBe(0);
    expect(columnTotal(tip, 'sum', [{ tipAmount: 0 }, { tipAmount: 5 }])).toBe(5);
    expect(columnTotal(tip, 'sum', [])).toBe(0);
  });

  it('compares dates of a date column', () => {
    const day = column({ field: 'day', header: 'Día', format: 'date' });
    expect(columnTotal(day, 'max', [{ day: '2026-01-02' }, { day: '2026-03-01' }])).toBe(Date.UTC(2026, 2, 1));
  });

  it('gives one entry per column, undefined where the column has no total', () => {
    const request = testRequest();
    const totals = columnTotals(request.columns, request.rows);
    expect(totals).toHaveLength(request.columns.length);
    expect(totals[0]).toBeUndefined();
    expect(totals[3]).toBeCloseTo(1334.6);
    expect(totals[4]).toBe(-5);
    expect(totals[5]).toBeCloseTo(1334.6 / 6);
  });
});
