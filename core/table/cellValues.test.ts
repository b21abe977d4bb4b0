import { describe, expect, it } from 'vitest';
import { columnAlign, columnValue, compareKeys, fullText, normalizeSearch, sortKey } from './cellValues.ts';

describe('cell values', () => {
  it('reads fields by dot path or computes a Vega expression, an unreadable row giving nothing', () => {
    expect(columnValue({ field: 'user.name' }, { user: { name: 'Ana' } })).toBe('Ana');
    expect(columnValue({ value: 'datum.a + datum.b' }, { a: 1, b: 2 })).toBe(3);
    expect(columnValue({ value: 'datum.user.name' }, {})).toBeUndefined();
  });

  it('aligns numbers right unless the column says otherwise', () => {
    expect(columnAlign({ format: 'money' })).toBe('right');
    expect(columnAlign({ format: 'date' })).toBe('left');
    expect(columnAlign({ format: 'money', align: 'center' })).toBe('center');
  });

  it('keeps the full text of cut names for the tooltip only', () => {
    expect(fullText('contactName', 'Juan Sebastián Pérez')).toBe('Juan Sebastián Pérez');
    expect(fullText('contactName', 'Ana')).toBeUndefined();
    expect(fullText('text', 'Juan Sebastián Pérez')).toBeUndefined();
    expect(fullText('placeName', 'Apto 1 alcoba doble')).toBe('Apto 1 alcoba doble');
    // A client's shown name drops middle names: the tooltip names every one.
    expect(fullText('clientName', { name: 'Ana María', lastName: 'Gil Pardo' })).toBe('Ana María Gil Pardo');
    expect(fullText('clientName', { name: 'Ana', lastName: 'Gil' })).toBeUndefined();
  });

  it('searches without case or accents', () => {
    expect(normalizeSearch('Ñúñez ÁNGEL')).toBe('nunez angel');
  });

  it('orders numbers, dates and Spanish text', () => {
    const sorted = (format: Parameters<typeof sortKey>[0], values: unknown[]) =>
      [...values].sort((a, b) => compareKeys(sortKey(format, a), sortKey(format, b)));
    expect(sorted('money', ['100', 9, '10.5'])).toEqual([9, '10.5', '100']);
    expect(sorted('date', ['2024-01-02', '2023-12-31T10:00:00Z', '2023-02-01'])).toEqual(['2023-02-01', '2023-12-31T10:00:00Z', '2024-01-02']);
    expect(sorted('text', ['zeta', 'Ñandú', 'nube', 'Ángel'])).toEqual(['Ángel', 'nube', 'Ñandú', 'zeta']);
    expect(sorted('bookingStatus', ['no_show', 'canceled', 'checked_in'])).toEqual(['canceled', 'checked_in', 'no_show']);
  });
});
