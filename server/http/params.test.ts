import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zodProvider.ts';
import { dateOrRange, idList, isoDate, itemsPerPage, orderBy, pageWindow, search } from './params.ts';

describe('isoDate', () => {
  it('accepts a real calendar day', () => {
    expect(isoDate.parse('2024-02-29')).toBe('2024-02-29');
  });
  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '24-01-01', '2024-1-1', '01/02/2024'])('rejects %s', (day) => {
    expect(isoDate.safeParse(day).success).toBe(false);
  });
});

describe('dateOrRange', () => {
  const schema = z.object({ d: dateOrRange });
  it('reads one day as a range of that day', () => {
    expect(schema.parse({ d: '2024-01-05' }).d).toEqual({ from: '2024-01-05', to: '2024-01-05' });
  });
  it('reads a pair, repeated or comma-separated', () => {
    expect(schema.parse({ d: ['2024-01-01', '2024-01-31'] }).d).toEqual({ from: '2024-01-01', to: '2024-01-31' });
    expect(schema.parse({ d: '2024-01-01,2024-01-31' }).d).toEqual({ from: '2024-01-01', to: '2024-01-31' });
  });
  it('sends nothing when absent', () => {
    expect(schema.parse({}).d).toBeUndefined();
  });
  it('rejects a reversed pair and more than two days', () => {
    expect(schema.safeParse({ d: ['2024-02-01', '2024-01-01'] }).success).toBe(false);
    expect(schema.safeParse({ d: ['2024-01-01', '2024-01-02', '2024-01-03'] }).success).toBe(false);
  });
});

describe('idList', () => {
  const schema = z.object({ ids: idList });
  it('reads repeated and comma-separated ids as numbers', () => {
    expect(schema.parse({ ids: ['1', '2,3'] }).ids).toEqual([1, 2, 3]);
  });
  it('rejects non-integers, injection text and oversized lists with a Spanish reason', () => {
    const bad = schema.safeParse({ ids: '1;DROP TABLE bookings' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/esperaba|número|inválid/i);
    expect(schema.safeParse({ ids: Array.from({ length: 10_000 }, (_, i) => String(i + 1)) }).success).toBe(false);
  });
});

describe('paging', () => {
  it('allows -1 for every row and page sizes up to a million', () => {
    expect(itemsPerPage.parse('-1')).toBe(-1);
    expect(itemsPerPage.parse('1000000')).toBe(1_000_000);
    expect(itemsPerPage.safeParse('0').success).toBe(false);
    expect(itemsPerPage.safeParse('abc').success).toBe(false);
  });
  it('turns a page into LIMIT and OFFSET', () => {
    expect(pageWindow({ page: 3, itemsPerPage: 50 })).toEqual({ limit: 50, offset: 100 });
    expect(pageWindow({ page: 3, itemsPerPage: -1 })).toEqual({ limit: null, offset: 0 });
  });
});

describe('search and sort', () => {
  it('trims search text and treats blank as absent', () => {
    expect(search.parse('  ana ')).toBe('ana');
    expect(search.parse('   ')).toBeUndefined();
  });
  it('orders only by whitelisted expressions, with a tie-break', () => {
    const columns = { total: 'b.total', ref: 'b.ref' };
    expect(orderBy(columns, { sortBy: ['total', 'ref'], sortDesc: [true] }, 'b.date_start DESC', 'b.id')).toBe(
      'ORDER BY b.total DESC, b.ref ASC, b.id',
    );
    expect(orderBy(columns, {}, 'b.date_start DESC', 'b.id')).toBe('ORDER BY b.date_start DESC, b.id');
  });
});

describe('zod reasons', () => {
  const reason = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
  const english = /\b(invalid|expected|received|input|string|number|int|nan|array|object|too|big|small|option|key)\b/i;
  const cases: Array<[string, z.ZodType, unknown, string]> = [
    ['a decimal for an integer', z.number().int(), 1.5, 'se esperaba un número entero'],
    ['text for a number', z.coerce.number(), 'abc', 'se esperaba un número'],
    ['a missing value', z.object({ a: z.string() }), {}, 'es obligatorio'],
    ['a list for a text', z.string(), ['a'], 'se esperaba un texto; se recibió una lista'],
    ['an empty text', z.string().min(1), '', 'no puede estar vacío'],
    ['a long text', z.string().max(100), 'x'.repeat(101), 'no puede tener más de 100 caracteres'],
    ['a short list', z.array(z.string()).min(2), ['a'], 'debe tener al menos 2 elementos'],
    ['a long list', z.array(z.string()).max(500), Array(501).fill('a'), 'no puede tener más de 500 elementos'],
    ['a small number', z.number().min(1), 0, 'debe ser mayor o igual que 1'],
    ['a big number', z.number().max(2_147_483_647), 2 ** 31, 'debe ser menor o igual que 2.147.483.647'],
    ['a bad e-mail', z.email(), 'a@', 'se esperaba una dirección de correo electrónico'],
    ['a bad pattern', z.string().regex(/^\d+$/), 'x', 'no tiene el formato esperado'],
    ['a value outside a list', z.enum(['asc', 'desc']), 'up', 'se esperaba uno de estos valores: asc, desc'],
    ['a literal', z.literal('general'), 'x', 'se esperaba «general»'],
    ['an unknown key', z.strictObject({}), { colour: 'red' }, 'no se reconoce: colour'],
    ['a failed refinement', z.string().refine(() => false), 'x', 'el valor no es válido'],
    ['a bad date', isoDate, '2023-02-30', 'la fecha no existe'],
  ];
  it.each(cases)('words %s in Spanish', (_label, schema, value, expected) => {
    const message = reason(schema, value);
    expect(message).toBe(expected);
    expect(message).not.toMatch(english);
  });
});
