import { blockSchema, type ColumnInput } from '../../schema/reportDefinition.ts';
import type { TableBlock } from '../../core/table/types.ts';
import { widgetIds } from '../../schema/registries.ts';
import { texts } from '../texts.ts';
import { isPartOfWhole, type ChartBlock } from './chartRows.ts';

/**
 * The table block of a chart's data: category (and series), value and share, exported under the chart's title. A
 * drillable chart's rows are clickable as a detail-opening table's rows are, keyed by their index (`rowKey` is the
 * table's own row index): the chart's data table hands the key to the drill, never to a widget.
 */
export function chartTableBlock(block: ChartBlock, title: string, drillable = false): TableBlock {
  const columns: ColumnInput[] = [
    { field: 'category', header: block.categoryLabel ?? texts.report.category },
    // Marks of several series (a `series` field or `seriesFields`) say which series each row is.
    ...(block.series || block.seriesFields ? [{ field: 'series', header: texts.report.series }] : []),
    { field: 'value', header: block.valueLabel ?? texts.report.value, format: block.format, ...(isPartOfWhole(block) ? { total: 'sum' as const } : {}) },
    ...(isPartOfWhole(block) ? [{ field: 'share', header: texts.report.share, format: 'percent' as const }] : []),
  ];
  const rowClick = drillable ? { rowClick: { widget: widgetIds[0], key: 'index' } } : {};
  return blockSchema.parse({ kind: 'table', source: block.source, search: 'none', columns, export: { fileName: title }, ...rowClick }) as TableBlock;
}
