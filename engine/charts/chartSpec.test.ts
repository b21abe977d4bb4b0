import { describe, expect, it } from 'vitest';
import { blockSchema } from '../../schema/reportDefinition.ts';
import { chartRows, type ChartBlock } from './chartRows.ts';
import { chartSpec } from './chartSpec.ts';
import { chartThemeConfig } from './chartTheme.ts';
import { drawChart } from './testing/chartView.ts';

const chart = (input: Record<string, unknown>) => blockSchema.parse({ kind: 'chart', source: 's', category: 'name', value: 'total', ...input }) as ChartBlock;

describe('chart rows', () => {
  it('reads category, value and series from the rows, formatting the value for the tooltip', () => {
    const block = chart({ chart: 'bar', rows: 'data.byBusiness', format: 'money', series: 'kind' });
    const answer = { data: { byBusiness: [{ name: 'Bar', total: '1500.5', kind: 'app' }, { name: 'Spa', total: null, kind: 'desktop' }] } };
    expect(chartRows(block, answer, { service: 'api', path: '/x', paging: { mode: 'none' } })).toEqual([
      { category: 'Bar', value: 1500.5, series: 'app', label: '$1,500.50' },
      { category: 'Spa', value: 0, series: 'desktop', label: '$0.00' },
    ]);
  });

  it('formats the categories when the block says so (days as DD/MM/YYYY)', () => {
    const block = chart({ chart: 'bar', category: '_id', value: 'average', categoryFormat: 'date', format: 'decimal' });
    expect(chartRows(block, { data: [{ _id: '2026-11-16', average: 0.5 }] }, undefined)).toEqual([{ category: '16/11/2026', value: 0.5, label: '0.50' }]);
  });

  it('folds fields of one object into rows', () => {
    const block = chart({ chart: 'pie', fold: [{ field: 'roomService', label: 'Sí' }, { field: 'noRoomService', label: 'No' }], format: 'integer' });
    expect(chartRows(block, { data: { roomService: 12, noRoomService: 30 } }, undefined)).toEqual([
      { category: 'Sí', value: 12, label: '12' },
      { category: 'No', value: 30, label: '30' },
    ]);
  });

  it('draws several fields of each row as series, labelled, in the order given', () => {
    const block = chart({
      chart: 'bar',
      value: undefined,
      seriesFields: [{ field: 'potential', label: 'Potencial' }, { field: 'real', label: 'Real' }],
      format: 'integer',
    });
    const answer = { data: [{ name: 'Suite', potential: 30, real: '12' }, { name: 'Loft', potential: 20 }] };
    expect(chartRows(block, answer, undefined)).toEqual([
      { category: 'Suite', value: 30, series: 'Potencial', label: '30' },
      { category: 'Suite', value: 12, series: 'Real', label: '12' },
      { category: 'Loft', value: 20, series: 'Potencial', label: '20' },
      { category: 'Loft', value: 0, series: 'Real', label: '0' },
    ]);
    const spec = chartSpec(block, chartRows(block, answer, undefined)) as Record<string, any>;
    expect(spec.encoding.color).toMatchObject({ field: 'series' });
    expect(spec.encoding.xOffset).toMatchObject({ field: 'series' });
  });

  it('refuses a chart without value, seriesFields or fold', () => {
    expect(() => chart({ chart: 'bar', value: undefined })).toThrow(/seriesFields/);
  });

  it('reads rows relative to a data tab element', () => {
    const block = chart({ chart: 'bar', rows: 'rooms' });
    expect(chartRows(block, { rooms: [{ name: '101', total: 5 }] }, undefined, true)).toEqual([{ category: '101', value: 5, label: '5' }]);
  });
});

describe('chart specs', () => {
  const rows = [{ category: 'Bar', value: 10, label: '10' }];

  it('draws bars in the theme colour with Spanish axis titles and formatted tooltips', () => {
    const spec = chartSpec(chart({ chart: 'bar', categoryLabel: 'Negocio', valueLabel: 'Ventas', format: 'money' }), rows) as Record<string, any>;
    expect(spec.mark.type).toBe('bar');
    expect(spec.config.range.category[0]).toBe('#A88E68');
    expect(spec.encoding.color).toEqual({ value: '#A88E68' });
    expect(spec.encoding.x).toMatchObject({ field: 'category', title: 'Negocio', sort: null });
    expect(spec.encoding.y).toMatchObject({ field: 'value', title: 'Ventas', axis: { format: '$,.0f' } });
    expect(spec.encoding.tooltip).toEqual([
      { field: 'category', type: 'nominal', title: 'Negocio' },
      { field: 'label', type: 'nominal', title: 'Ventas' },
    ]);
    expect(spec.data.values).toEqual(rows);
  });

  it('lays horizontal bars on the y axis', () => {
    const spec = chartSpec(chart({ chart: 'barHorizontal' }), rows) as Record<string, any>;
    expect(spec.encoding.y.field).toBe('category');
    expect(spec.encoding.x.field).toBe('value');
  });

  it('draws pies as arcs coloured by category, doughnuts with a hole', () => {
    const pie = chartSpec(chart({ chart: 'pie' }), rows) as Record<string, any>;
    const doughnut = chartSpec(chart({ chart: 'doughnut' }), rows) as Record<string, any>;
    expect(pie.mark).toEqual({ type: 'arc' });
    expect(pie.encoding.theta.field).toBe('value');
    expect(pie.encoding.color.field).toBe('category');
    expect(doughnut.mark.innerRadius).toBeGreaterThan(0);
  });

  it('gives each slice its share of the whole, two decimals, in the tooltip', () => {
    const pie = chartSpec(chart({ chart: 'pie' }), rows) as Record<string, any>;
    const total = rows.reduce((sum, row) => sum + row.value, 0);
    expect(pie.data.values.map((v: { share: string }) => v.share)).toEqual(rows.map((row) => `${((row.value / total) * 100).toFixed(2)}%`));
    expect(pie.encoding.tooltip.at(-1)).toMatchObject({ field: 'share', title: '% del total' });
  });

  it('draws lines over ordered categories, one per series', () => {
    const spec = chartSpec(chart({ chart: 'line', series: 'kind' }), rows) as Record<string, any>;
    expect(spec.mark.type).toBe('line');
    expect(spec.encoding.x.type).toBe('ordinal');
    expect(spec.encoding.color.field).toBe('series');
  });
});

describe('charts a user can read (drawn headless by vega)', () => {
  const named = (names: string[], value = (i: number) => (i + 1) * 1000) => names.map((category, i) => ({ category, value: value(i), label: String(value(i)) }));
  const methods = ['Efectivo', 'Tarjeta de crédito', 'Tarjeta débito', 'Transferencia bancaria', 'Cargo a la habitación', 'Nequi', 'Daviplata', 'Sin método de pago'];

  it('keeps every category of a doughnut in its legend, inside a third-width chart', async () => {
    const drawn = await drawChart(chartSpec(chart({ chart: 'doughnut', format: 'money' }), named(methods)), 220);
    expect(drawn.legendLabels).toEqual(methods);
    expect(drawn.legendLabelsOutside).toEqual([]);
  });

  it('groups the smallest slices past ten as "Otros (N)" with their sum, in the legend too', async () => {
    const names = Array.from({ length: 13 }, (_, i) => `Negocio ${i + 1}`);
    const rows = named(names, (i) => 100 - i);
    const drawn = await drawChart(chartSpec(chart({ chart: 'pie', format: 'integer' }), rows), 300);
    expect(drawn.legendLabels).toEqual([...names.slice(0, 9), 'Otros (4)']);
    const others = drawn.marks.find((mark) => mark.category === 'Otros (4)')!;
    expect(others.value).toBe(rows.slice(9).reduce((sum, row) => sum + row.value, 0));
    expect(drawn.legendLabelsOutside).toEqual([]);
  });

  it('draws the fifteen largest of many horizontal bars, each with room for its label, and says what "Otros (N)" holds', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `Producto de la carta ${i + 1}`);
    const rows = named(names, (i) => (i * 7) % 50);
    const spec = chartSpec(chart({ chart: 'barHorizontal', format: 'integer' }), rows);
    const drawn = await drawChart(spec);
    const largest = [...rows].sort((a, b) => b.value - a.value).slice(0, 15);
    const categories = drawn.marks.map((mark) => mark.category);
    expect(categories).toEqual(rows.filter((row) => largest.includes(row)).map((row) => row.category));
    const rest = rows.filter((row) => !largest.includes(row)).reduce((sum, row) => sum + row.value, 0);
    expect(drawn.titles).toEqual([`Otros (35): ${rest}`]);
    const { height, config } = spec as Record<string, any>;
    expect(height / categories.length).toBeGreaterThanOrEqual(config.axis.labelFontSize + 6);
  });

  it('ticks whole numbers on the axis of a count', async () => {
    for (const kind of ['bar', 'barHorizontal'] as const) {
      const drawn = await drawChart(chartSpec(chart({ chart: kind, format: 'integer' }), named(['Café', 'Té'], (i) => i * 2 + 1)));
      const ticks = drawn.axisLabels.filter((label) => /^[\d,.]+$/.test(label));
      expect(ticks.length, kind).toBeGreaterThan(1);
      expect(new Set(ticks).size, `${kind}: ${ticks.join(' ')}`).toBe(ticks.length);
      expect(ticks.every((tick) => Number.isInteger(Number(tick.replaceAll(',', ''))))).toBe(true);
    }
  });

  it('says "Sin datos" where a pie has only zeros to share out, and draws no slice', async () => {
    const drawn = await drawChart(chartSpec(chart({ chart: 'pie', format: 'money' }), named(['Sí', 'No'], () => 0)));
    expect(drawn.texts).toEqual(['Sin datos']);
    expect(drawn.legendLabels).toEqual([]);
    const dark = chartSpec(chart({ chart: 'pie', format: 'money' }), named(['Sí', 'No'], () => 0), 'dark') as Record<string, any>;
    expect(dark.mark.color).toBe(chartThemeConfig('dark').axis.labelColor);
  });
});
