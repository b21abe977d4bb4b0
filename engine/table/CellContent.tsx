import type { CSSProperties } from 'react';
import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import { formatValue, toNumber } from '../core/format.ts';
import { statusKindOf } from '../core/statuses.ts';
import { StatusTag } from '../ui/StatusTag.tsx';
import { columnAlign, fullText } from './cellValues.ts';
import type { TableBlock } from './types.ts';

type Column = Pick<ColumnDefinition, 'format' | 'align'>;

/** What a cell shows: a status tag for statuses, else the formatted text. */
export function CellContent({ column, value }: { column: Column; value: unknown }) {
  const kind = statusKindOf(column.format);
  if (kind) return <StatusTag kind={kind} status={value} />;
  return <>{formatValue(column.format, value)}</>;
}

/** The cell's alignment, its full text when the formatter cut it, and a balance's colour by its sign. */
export function cellAttributes(column: Column, value: unknown, balanceColors: TableBlock['balanceColors']): { style: CSSProperties; title?: string } {
  const style: CSSProperties = { textAlign: columnAlign(column) };
  if (balanceColors && column.format === 'balance') {
    const n = toNumber(value);
    if (n < 0) style.color = balanceColors.negative;
    else if (n > 0) style.color = balanceColors.positive;
  }
  const title = fullText(column.format, value);
  return title === undefined ? { style } : { style, title };
}
