import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import type { FormatName } from '../../schema/registries.ts';

const widths: Partial<Record<FormatName, number>> = {
  date: 105,
  dateTime: 145,
  time: 70,
  money: 125,
  balance: 125,
  number: 100,
  decimal: 100,
  integer: 90,
  percent: 90,
  bookingStatus: 140,
  orderStatus: 130,
  taskStatus: 130,
  yesNo: 70,
  contactName: 130,
  placeName: 130,
  clientName: 160,
  fullName: 180,
};

/** A column's width in a fixed-layout (virtual) table: its own, else one that fits its format. */
export function columnWidth(column: Pick<ColumnDefinition, 'width' | 'format'>): number {
  return column.width ?? widths[column.format ?? 'text'] ?? 140;
}
