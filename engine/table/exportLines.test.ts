import { describe, expect, it } from 'vitest';
import { columnSchema } from '../../schema/reportDefinition.ts';
import { columnValue } from './cellValues.ts';
import { withLines, type ExportLines } from './exportLines.ts';

const columns = [columnSchema.parse({ field: 'invoice', header: 'Factura' }), columnSchema.parse({ field: 'total', header: 'Total', total: 'sum' })];
const lines: ExportLines = {
  rows: 'items',
  columns: [
    columnSchema.parse({ field: 'item.name', header: 'Ítem' }),
    columnSchema.parse({ value: 'datum.qty * datum.unitPrice', header: 'Bruto', format: 'money', total: 'sum' }),
  ],
};

describe('export lines', () => {
  it('gives one line per nested row with the parent repeated, one line to a row without any, totals only on nested columns', () => {
    const rows = [
      { invoice: 'A', total: 13, items: [{ item: { name: 'Café' }, qty: 2, unitPrice: 5 }, { item: { name: 'Pan' }, qty: 1, unitPrice: 3 }] },
      { invoice: 'B', total: 4, items: [] },
    ];
    const out = withLines(columns, rows, lines);
    expect(out.columns.map((c) => [c.header, c.total])).toEqual([['Factura', undefined], ['Total', undefined], ['Ítem', undefined], ['Bruto', 'sum']]);
    const table = out.rows.map((row) => out.columns.map((c) => columnValue(c, row) ?? null));
    expect(table).toEqual([
      ['A', 13, 'Café', 10],
      ['A', 13, 'Pan', 3],
      ['B', 4, null, null],
    ]);
  });
});
