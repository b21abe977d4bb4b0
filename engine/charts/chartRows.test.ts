import { describe, expect, it } from 'vitest';
import { blockSchema } from '../../schema/reportDefinition.ts';
import { chartRows, chartTableRows, largestValues, type ChartBlock } from './chartRows.ts';

const chart = (input: Record<string, unknown>) => blockSchema.parse({ kind: 'chart', source: 's', category: 'name', value: 'total', ...input }) as ChartBlock;
const answer = { data: [{ name: 'Efectivo', total: 250 }, { name: 'Tarjeta', total: '500.5' }, { name: 'Transferencia', total: 249.5 }] };

describe('chart data table rows', () => {
  it('has a data table by default, which a definition may turn off', () => {
    expect(chart({ chart: 'bar' }).dataTable).toBe(true);
    expect(chart({ chart: 'bar', dataTable: false }).dataTable).toBe(false);
  });

  it("gives a pie's rows in the chart's order with each one's share of the total", () => {
    const block = chart({ chart: 'pie', format: 'money' });
    const rows = chartRows(block, answer, undefined);
    const table = chartTableRows(block, rows);
    const total = 250 + 500.5 + 249.5;
    expect(table.map((row) => [row.category, row.value])).toEqual(rows.map((row) => [row.category, row.value]));
    expect(table.map((row) => row.share)).toEqual([(250 / total) * 100, (500.5 / total) * 100, (249.5 / total) * 100]);
    expect(table.reduce((sum, row) => sum + row.share!, 0)).toBeCloseTo(100, 10);
  });

  it('gives doughnut shares too, 0 when everything is 0, and no share for bars and lines', () => {
    const zero = chart({ chart: 'doughnut' });
    expect(chartTableRows(zero, chartRows(zero, { data: [{ name: 'A', total: 0 }] }, undefined))).toEqual([{ category: 'A', value: 0, share: 0 }]);
    const bar = chart({ chart: 'bar', series: 'kind' });
    const rows = chartRows(bar, { data: [{ name: 'Suite', total: 7, kind: 'Real' }] }, undefined);
    expect(chartTableRows(bar, rows)).toEqual([{ category: 'Suite', series: 'Real', value: 7 }]);
  });

  it('names the largest values first, as the text alternative reads them', () => {
    const block = chart({ chart: 'bar', format: 'money' });
    expect(largestValues(chartRows(block, answer, undefined), 2)).toBe('Tarjeta: $500.50, Efectivo: $250.00');
  });
});
