import { describe, expect, it } from 'vitest';
import { columnSchema } from '../../schema/reportDefinition.ts';
import { columnTotals } from '../export/columnTotals.ts';
import { columnValue } from './cellValues.ts';
import { withLines, type ExportLines } from './exportLines.ts';

const columns = [columnSchema.parse({ field: 'invoice', header: 'Factura' }), columnSchema.parse({ field: 'total', header: 'Total', total: 'sum' })];
const lines: ExportLines = {
  rows: 'items',
  parentFigures: 'first',
  columns: [
    columnSchema.parse({ field: 'item.name', header: 'Ítem' }),
    columnSchema.parse({ value: 'datum.qty * datum.unitPrice', header: 'Bruto', format: 'money', total: 'sum' }),
  ],
};
const rows = [
  { invoice: 'A', total: 13, items: [{ item: { name: 'Café' }, qty: 2, unitPrice: 5 }, { item: { name: 'Pan' }, qty: 1, unitPrice: 3 }] },
  { invoice: 'B', total: 4, items: [] },
];

describe('export lines', () => {
  it('writes a row\'s amounts on its first line only, so the file\'s total is the rows\' total, not once per line', () => {
    const out = withLines(columns, rows, lines);
    expect(out.columns.map((c) => [c.header, c.total])).toEqual([['Factura', undefined], ['Total', 'sum'], ['Ítem', undefined], ['Bruto', 'sum']]);
    const table = out.rows.map((row) => out.columns.map((c) => columnValue(c, row) ?? null));
    expect(table).toEqual([
      ['A', 13, 'Café', 10],
      ['A', null, 'Pan', 3],
      ['B', 4, null, null],
    ]);
    expect(columnTotals(out.columns, out.rows)).toEqual([undefined, 17, undefined, 13]);
  });

  it('repeats the amounts on every line without their total when the definition asks (parentFigures: every)', () => {
    const out = withLines(columns, rows, { ...lines, parentFigures: 'every' });
    expect(out.columns.map((c) => [c.header, c.total])).toEqual([['Factura', undefined], ['Total', undefined], ['Ítem', undefined], ['Bruto', 'sum']]);
    expect(out.rows.map((row) => out.columns.map((c) => columnValue(c, row) ?? null))[1]).toEqual(['A', 13, 'Pan', 3]);
  });

  it('reads a computed amount once too', () => {
    const computed = [columnSchema.parse({ value: 'datum.total * 2', header: 'Doble', format: 'money', total: 'sum' })];
    const out = withLines(computed, rows, lines);
    expect(out.rows.map((row) => columnValue(out.columns[0]!, row) ?? null)).toEqual([26, null, 8]);
  });
});
