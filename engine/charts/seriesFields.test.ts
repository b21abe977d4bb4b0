import { describe, expect, it } from 'vitest';
import { blockSchema } from '../../schema/reportDefinition.ts';
import { buildCsv } from '../../core/export/buildCsv.ts';
import { testRequest } from '../../core/export/testRequest.ts';
import { chartRows, chartTableRows, type ChartBlock } from './chartRows.ts';
import { chartTableBlock } from './chartTable.ts';
import { chartSpec } from './chartSpec.ts';

const block = blockSchema.parse({
  kind: 'chart', source: 's', chart: 'line', category: 'label', value: 'count', format: 'integer',
  seriesFields: [{ field: 'countApp', label: 'App' }, { field: 'countDesktop', label: 'Escritorio' }],
}) as ChartBlock;

describe('chart seriesFields', () => {
  it('turns each row into one mark per field, the field\'s label as its series', () => {
    const answer = { data: [{ label: '00:00', countApp: 1, countDesktop: 3 }, { label: '01:00', countApp: 0, countDesktop: null }] };
    expect(chartRows(block, answer, undefined)).toEqual([
      { category: '00:00', value: 1, series: 'App', label: '1' },
      { category: '00:00', value: 3, series: 'Escritorio', label: '3' },
      { category: '01:00', value: 0, series: 'App', label: '0' },
      { category: '01:00', value: 0, series: 'Escritorio', label: '0' },
    ]);
  });

  it('colours the lines by series and names the series in the tooltip', () => {
    const spec = chartSpec(block, chartRows(block, { data: [{ label: '00:00', countApp: 1, countDesktop: 2 }] }, undefined)) as Record<string, any>;
    expect(spec.encoding.color).toMatchObject({ field: 'series' });
    expect(spec.encoding.tooltip.map((t: { field: string }) => t.field)).toEqual(['category', 'series', 'label']);
  });

  it('its "Ver datos" table and file say which series each figure is (Potencial or Real)', () => {
    const rows = chartRows(block, { data: [{ label: 'Suite', countApp: 4, countDesktop: 7 }] }, undefined);
    const table = chartTableBlock(block, 'Potencial vs real');
    expect(table.columns.map((column) => column.header)).toEqual(['Categoría', 'Serie', 'Valor']);
    const csv = buildCsv(testRequest({ columns: table.columns, rows: chartTableRows(block, rows), totals: false }));
    expect(csv.split('\r\n').slice(1, 3)).toEqual(['Suite;App;4', 'Suite;Escritorio;7']);
  });

  it('needs at least two fields', () => {
    expect(blockSchema.safeParse({ kind: 'chart', source: 's', chart: 'line', category: 'c', value: 'v', seriesFields: [{ field: 'a', label: 'A' }] }).success).toBe(false);
  });
});
