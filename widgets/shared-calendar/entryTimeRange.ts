import { formatValue } from '../../core/format.ts';

/** "DD/MM/YYYY HH:mm - HH:mm" within a day of the operator's clock, both dates and times when the entry spans days. */
export function entryTimeRange(start: string, end: string | null | undefined): string {
  const from = formatValue('dateTime', start);
  if (!end) return from;
  const sameDay = formatValue('date', start) === formatValue('date', end);
  return `${from} - ${formatValue(sameDay ? 'time' : 'dateTime', end)}`;
}
