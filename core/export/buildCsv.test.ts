import { describe, expect, it } from 'vitest';
import { buildCsv, csvField, csvNumber } from './buildCsv.ts';
import { column, testRequest } from './testRequest.ts';

const csv = buildCsv(testRequest());
const lines = csv.slice(1).split('\r\n');

describe('buildCsv', () => {
  it('starts with a UTF-8 BOM and ends every line with CRLF', () => {
    expect(csv.startsWith('\uFEFFREF;')).toBe(true);
    expect(new TextEncoder().encode(csv).subarray(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('has a header of the exported columns separated by semicolons', () => {
    expect(lines[0]).toBe('REF;Contacto;Check-in;Total;Saldo;Mitad;Status;Habitación');
  });

  it('writes numbers with a decimal comma and no thousands separator, dates DD/MM/YYYY', () => {
    expect(lines[1]).toBe('B-001;Booking.com;03/11/2026;1234,50;-5,00;617,25;Confirmado;Suite 101');
  });

  it('quotes fields with separators or quotes, doubles the quotes, and escapes formulas', () => {
    expect(lines[2]).toBe('B-002;\'=SUM(A1);31/12/2026;100,00;20,25;50,00;Check In;"Casa; ""Azul"""');
  });

  it('leaves blanks empty', () => {
    expect(lines[3]).toBe('B-003;<img src=x onerror=alert(1)>;;0,10;;0,05;Not Show;');
  });

  it('ends with the totals line', () => {
    expect(lines[4]).toBe('Total;;;1334,60;-5,00;222,43;;');
    expect(lines[5]).toBe('');
    expect(lines).toHaveLength(6);
  });

  it('has no totals line when the table shows none', () => {
    expect(buildCsv(testRequest({ totals: false, rows: [] }))).toBe('\uFEFFREF;Contacto;Check-in;Total;Saldo;Mitad;Status;Habitación\r\n');
  });

  it('quotes line breaks and escapes a header or text that starts like a formula', () => {
    const request = testRequest({ columns: [column({ field: 'note', header: '-Nota' })], rows: [{ note: 'a\r\nb' }, { note: '@x' }], totals: false });
    expect(buildCsv(request)).toBe('\uFEFF\'-Nota\r\n"a\r\nb"\r\n\'@x\r\n');
  });
});

describe('csvNumber', () => {
  it('keeps the decimals of the cell format', () => {
    expect(csvNumber(1234567.891, '#,##0.00')).toBe('1234567,89');
    expect(csvNumber(1234567.891, '#,##0')).toBe('1234568');
    expect(csvNumber(2.5, '#,##0.##')).toBe('2,5');
    expect(csvNumber(2, '#,##0.##')).toBe('2');
    expect(csvNumber(-0.001, '0.00')).toBe('0,00');
    expect(csvNumber(-12.5, '0.00')).toBe('-12,50');
  });
});

describe('csvField', () => {
  it('quotes only when it must', () => {
    expect(csvField('plain text, with comma')).toBe('plain text, with comma');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
  });
});
