import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { DatePreset } from '../../schema/registries.ts';
import { dayIn, operatorTimeZone } from '../timeZone.ts';

dayjs.extend(utc);

/** A calendar day written YYYY-MM-DD; every date of the filters is one (a day of the operator's time zone). */
export type IsoDay = string;

export interface DayRange {
  from: IsoDay;
  to: IsoDay;
}

const isoDayPattern = /^\d{4}-\d{2}-\d{2}$/;
const isoMonthPattern = /^\d{4}-\d{2}$/;

export function isIsoDay(value: unknown): value is IsoDay {
  return typeof value === 'string' && isoDayPattern.test(value) && dayjs.utc(value).format('YYYY-MM-DD') === value;
}

export function isIsoMonth(value: unknown): value is string {
  return typeof value === 'string' && isoMonthPattern.test(value) && dayjs.utc(`${value}-01`).isValid();
}

/** Today in the operator's time zone (the server's OPERATOR_TIME_ZONE, UTC by default), whatever the browser's own. */
export function operatorToday(now: Date = new Date(), zone: string = operatorTimeZone()): IsoDay {
  return dayIn(zone, now);
}

const day = (value: IsoDay) => dayjs.utc(value);
const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** First and last day of a month given as YYYY-MM. */
export function monthBounds(month: string): DayRange {
  const first = dayjs.utc(`${month}-01`);
  return { from: iso(first), to: iso(first.endOf('month')) };
}

export function monthOf(value: IsoDay): string {
  return value.slice(0, 7);
}

/** A preset resolved against `today`; single-day presets give from = to. */
export function resolveDatePreset(preset: DatePreset, today: IsoDay): DayRange {
  const t = day(today);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const y = iso(t.subtract(1, 'day'));
      return { from: y, to: y };
    }
    case 'currentWeek': {
      // Monday to Sunday; dayjs counts Sunday as 0.
      const monday = t.subtract((t.day() + 6) % 7, 'day');
      return { from: iso(monday), to: iso(monday.add(6, 'day')) };
    }
    case 'currentMonth':
      return monthBounds(monthOf(today));
    case 'previousMonth':
      return monthBounds(t.startOf('month').subtract(1, 'month').format('YYYY-MM'));
    case 'currentYear':
      return { from: iso(t.startOf('year')), to: iso(t.endOf('year')) };
  }
}

/** Whether a preset names one day rather than a period. */
export function isSingleDayPreset(preset: DatePreset): boolean {
  return preset === 'today' || preset === 'yesterday';
}

/** A local-time Date for a calendar day, as the date pickers show days. */
export function dayToLocalDate(value: IsoDay | null): Date | null {
  if (!value) return null;
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/** The calendar day a picker's local-time Date stands for. */
export function localDateToDay(date: Date | null): IsoDay | null {
  if (!date || Number.isNaN(date.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A day as typed and shown in the date fields (DD/MM/YYYY). */
export function dayToText(value: IsoDay | null): string {
  return value ? `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}` : '';
}

/** The day a typed DD/MM/YYYY names, or null when it names none (e.g. 31/02/2026 or "hola"). */
export function textToDay(text: string): IsoDay | null {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return null;
  const value = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isIsoDay(value) ? value : null;
}
