import { describe, expect, it } from 'vitest';
import { parseQuery } from './parseQuery.ts';

describe('parseQuery', () => {
  it('gives a string for a key given once', () => {
    expect(parseQuery('page=2&search=Ana%20Mar%C3%ADa')).toEqual({ page: '2', search: 'Ana María' });
  });

  it('gives a list for a repeated key or a key written with []', () => {
    expect(parseQuery('status=confirmed&status=canceled&user[]=4')).toEqual({
      status: ['confirmed', 'canceled'],
      user: ['4'],
    });
  });

  it('merges `key` and `key[]` into one list', () => {
    expect(parseQuery('business=1&business[]=2&business=3')).toEqual({ business: ['1', '2', '3'] });
  });

  it('keeps prototype-looking keys as plain data', () => {
    const parsed = parseQuery('__proto__=x&constructor=y');
    expect(parsed.__proto__).toBe('x');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
