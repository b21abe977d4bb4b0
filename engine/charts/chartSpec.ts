import type { TopLevelSpec } from 'vega-lite';
import type { FormatName } from '../../schema/registries.ts';
import { texts } from '../texts.ts';
import { formatValue } from '../../core/format.ts';
import type { Theme } from '../theme/themePreference.ts';
import { chartTableRows, drawnRows, isEmptyWhole, type ChartBlock, type ChartRow } from './chartRows.ts';
import { chartThemeConfig } from './chartTheme.ts';

/** The theme colour first, then colours that sit well beside it. */
export const chartPalette = ['#A88E68', '#4C6A92', '#7A9E7E', '#C97B63', '#8E6C8A', '#D4B483', '#5B8E9E', '#9E9E6B', '#6B6B6B', '#B5655D'];

/** Axis number formats (d3-format) close to the block's formatter; the tooltips use the formatter itself. */
const axisFormats: Partial<Record<FormatName, string>> = {
  number: ',.2~f',
  decimal: ',.2f',
  integer: ',d',
  money: '$,.0f',
  balance: '$,.0f',
  percent: '.2f',
};

const baseConfig = {
  range: { category: chartPalette },
  view: { stroke: null },
  axis: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal' as const, grid: true },
  legend: { orient: 'bottom' as const, labelFontSize: 11, title: null },
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
};

/** The shared config with the theme's colours. */
function themedConfig(theme: Theme) {
  const colors = chartThemeConfig(theme);
  return { ...baseConfig, ...colors, axis: { ...baseConfig.axis, ...colors.axis }, legend: { ...baseConfig.legend, ...colors.legend } };
}

const chartHeight = 260;
/** Room per horizontal bar, so each keeps its label legible. */
const barStep = 22;
/** Height of one legend row under a pie. */
const legendRowHeight = 18;
/** Short legend labels go two to a row; longer ones one to a row, so a third-width chart keeps every one in view. */
const legendColumnsOf = (rows: readonly ChartRow[]) => (rows.every((row) => row.category.length <= 12) ? 2 : 1);

/** Past this many slanted category labels, every other one gives way rather than overlap its neighbour. */
const crowded = (rows: readonly ChartRow[]) => new Set(rows.map((row) => row.category)).size > 12;

/** Counts tick whole numbers only, never "0 0 1 1". */
const valueAxis = (format: FormatName) => {
  const axisFormat = axisFormats[format];
  return format === 'integer' ? { format: axisFormat, tickMinStep: 1 } : axisFormat ? { format: axisFormat } : undefined;
};

/**
 * A Vega-Lite spec of a chart block over its rows: bar, horizontal bar, pie, doughnut or line, in the page's theme.
 * Pies and horizontal bars draw at most `chartMarkLimits` marks (the rest as "Otros (N)", a slice, or a note under the
 * bars); a pie of zeros says "Sin datos".
 */
export function chartSpec(block: ChartBlock, allRows: readonly ChartRow[], theme: Theme = 'light'): TopLevelSpec {
  const rows = drawnRows(block, allRows);
  const valuesOf = (row: ChartRow) => (block.drill ? { ...row, drillIndex: allRows.indexOf(row) } : { ...row });
  const categoryTitle = block.categoryLabel ?? texts.report.category;
  const valueTitle = block.valueLabel ?? texts.report.value;
  const hasSeries = block.series !== undefined || block.seriesFields !== undefined;
  const tooltip = [
    { field: 'category', type: 'nominal' as const, title: categoryTitle },
    ...(hasSeries ? [{ field: 'series', type: 'nominal' as const, title: texts.report.series }] : []),
    { field: 'label', type: 'nominal' as const, title: valueTitle },
  ];
  const axis = valueAxis(block.format);
  const category = { field: 'category', type: 'nominal' as const, sort: null, title: block.categoryLabel ?? null };
  const value = { field: 'value', type: 'quantitative' as const, title: block.valueLabel ?? null, ...(axis ? { axis } : {}) };
  const color = hasSeries ? { field: 'series', type: 'nominal' as const, sort: null } : { value: chartPalette[0]! };
  const base = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 'container' as const,
    height: chartHeight,
    autosize: { type: 'fit' as const, contains: 'padding' as const },
    data: { values: rows.map(valuesOf) },
    config: themedConfig(theme),
  };
  // A drillable chart's marks say which chart row they draw ("Otros (N)" none) and show a pointer.
  const cursor = block.drill ? { cursor: 'pointer' as const } : {};

  switch (block.chart) {
    case 'bar':
      return {
        ...base,
        mark: { type: 'bar', cornerRadiusEnd: 2, ...cursor },
        encoding: { x: { ...category, axis: { labelAngle: -30, labelLimit: 120, labelOverlap: crowded(rows) } }, y: value, color, tooltip, ...(hasSeries ? { xOffset: { field: 'series', sort: null } } : {}) },
      };
    case 'barHorizontal': {
      const bars = hasSeries ? rows.length : new Set(rows.map((row) => row.category)).size;
      // "Otros (N)" is said under the bars, not drawn: its sum would dwarf the bars it follows.
      const others = rows.length < allRows.length ? rows.at(-1) : undefined;
      return {
        ...base,
        height: Math.max(chartHeight, bars * barStep),
        ...(others
          ? {
              data: { values: rows.slice(0, -1).map(valuesOf) },
              title: { text: `${others.category}: ${others.label}`, orient: 'bottom' as const, anchor: 'start' as const, fontSize: 11, fontWeight: 'normal' as const },
            }
          : {}),
        mark: { type: 'bar', cornerRadiusEnd: 2, ...cursor },
        encoding: { y: { ...category, axis: { labelLimit: 160 } }, x: value, color, tooltip, ...(hasSeries ? { yOffset: { field: 'series', sort: null } } : {}) },
      };
    }
    case 'line':
      return {
        ...base,
        mark: { type: 'line', point: true, ...cursor },
        encoding: { x: { ...category, type: 'ordinal', axis: { labelAngle: -45, labelOverlap: true } }, y: value, color, tooltip },
      };
    case 'pie':
    case 'doughnut': {
      if (isEmptyWhole(block, rows)) {
        return {
          ...base,
          data: { values: [{ text: texts.report.chartEmpty }] },
          mark: { type: 'text', fontSize: 14, color: chartThemeConfig(theme).axis.labelColor },
          encoding: { text: { field: 'text', type: 'nominal' } },
        };
      }
      // A slice's tooltip also gives its share of the whole, two decimals, as the data table does.
      const shares = chartTableRows(block, rows);
      const legendColumns = legendColumnsOf(rows);
      const legendRows = Math.ceil(rows.length / legendColumns);
      return {
        ...base,
        height: chartHeight + legendRows * legendRowHeight,
        data: { values: rows.map((row, i) => ({ ...valuesOf(row), share: formatValue('percent', shares[i]!.share) })) },
        mark: { type: 'arc', ...(block.chart === 'doughnut' ? { innerRadius: 60 } : {}), ...cursor },
        encoding: {
          theta: { field: 'value', type: 'quantitative', stack: true },
          color: {
            field: 'category', type: 'nominal', sort: null, title: null,
            legend: { orient: 'bottom', direction: 'horizontal', columns: legendColumns, symbolLimit: 0, labelLimit: 0, columnPadding: 12 },
          },
          tooltip: [...tooltip, { field: 'share', type: 'nominal', title: texts.report.share }],
        },
      };
    }
  }
}
