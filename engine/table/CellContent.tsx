import type { CSSProperties } from 'react';
import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import { balanceColor } from '../../core/balance.ts';
import { formatValue } from '../../core/format.ts';
import { statusKindOf } from '../ui/statuses.ts';
import { StatusTag } from '../ui/StatusTag.tsx';
import { columnAlign, fullText } from '../../core/table/cellValues.ts';
import type { TableBlock } from '../../core/table/types.ts';
import { WidgetLink } from './WidgetLink.tsx';
import { isWithheld } from '../rights/withheld.ts';
import { Withheld } from '../rights/Withheld.tsx';

type Column = Pick<ColumnDefinition, 'format' | 'align'> & Partial<Pick<ColumnDefinition, 'link' | 'right'>>;

/** What a cell shows: a status tag for statuses, else the formatted text; a link when the column opens a widget; "Sin permiso" when withheld. */
export function CellContent({ column, value, row }: { column: Column; value: unknown; row?: unknown }) {
  if (isWithheld(column, value)) return <Withheld right={column.right} />;
  const kind = statusKindOf(column.format);
  const content = kind ? <StatusTag kind={kind} status={value} /> : <>{formatValue(column.format, value)}</>;
  return column.link ? <WidgetLink link={column.link} row={row}>{content}</WidgetLink> : content;
}

/** The cell's alignment, its full text when the formatter cut it, and a balance's colour by its sign. */
export function cellAttributes(column: Column, value: unknown, balanceColors: TableBlock['balanceColors']): { style: CSSProperties; title?: string } {
  const style: CSSProperties = { textAlign: columnAlign(column) };
  const color = balanceColors && column.format === 'balance' ? balanceColor(value, balanceColors) : undefined;
  if (color) style.color = color;
  const title = fullText(column.format, value);
  return title === undefined ? { style } : { style, title };
}

/** Formats that shorten a name for a narrow column, and what they show in a column a person widened: the name whole. */
const wholeWhenWide: Partial<Record<NonNullable<Column['format']>, NonNullable<Column['format']>>> = {
  contactName: 'text',
  placeName: 'text',
  clientName: 'fullName',
};

/** The column as a widened column shows it: names whole, cut by CSS (an ellipsis) only where they still overflow. */
export function widenedColumn<C extends Column>(column: C): C {
  const whole = column.format && wholeWhenWide[column.format];
  return whole ? { ...column, format: whole } : column;
}
