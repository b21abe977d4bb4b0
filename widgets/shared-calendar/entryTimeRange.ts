import { formatValue } from '../../engine/core/format.ts';

/** "DD/MM/YYYY HH:mm - HH:mm" within a UTC day, both dates and times when the entry spans days. */
export function entryTimeRange(start: string, end: string | null | undefined): string {
  const from = formatValue('dateTime', start);
  if (!end) return from;
  const sameDay = new Date(start).toISOString().slice(0, 10) === new Date(end).toISOString().slice(0, 10);
  return `${from} - ${formatValue(sameDay ? 'time' : 'dateTime', end)}`;
}
