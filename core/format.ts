import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { FormatName } from '../schema/registries.ts';
import { texts } from './texts.ts';
import { ownValue } from './paths.ts';
import { defaultTimeZone, operatorTimeZone, wallClockText, zoneOffsetMinutes } from './timeZone.ts';

dayjs.extend(utc);

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const decimalFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const empty = texts.values.empty;

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

/** A number from a number or a numeric string; NaN otherwise. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '') return Number(value);
  return Number.NaN;
}

const calendarValue = /^\d{4}-\d{2}(-\d{2})?$/;

/**
 * A day or an instant as a UTC dayjs whose fields read the operator's wall clock (OPERATOR_TIME_ZONE, see
 * core/timeZone.ts): an instant is moved to that clock; a bare YYYY-MM-DD (or YYYY-MM) is that calendar day.
 */
export function toOperatorDay(value: unknown) {
  if (isBlank(value)) return undefined;
  const d = dayjs.utc(value as string | number | Date);
  // valueOf() rather than isValid(): the same answer, and much cheaper on 100,000-row exports.
  const ms = d.valueOf();
  if (Number.isNaN(ms)) return undefined;
  const zone = operatorTimeZone();
  if (zone === defaultTimeZone || (typeof value === 'string' && calendarValue.test(value))) return d;
  return d.add(zoneOffsetMinutes(zone, ms), 'minute');
}

const numeric = (fn: (n: number) => string) => (value: unknown) => {
  const n = toNumber(value);
  return Number.isFinite(n) ? fn(n) : empty;
};
const dated = (pattern: string) => (value: unknown) => toOperatorDay(value)?.format(pattern) ?? empty;
/** A value's label (only the labels' own keys count: see ownValue), or its own text. */
const labelled = (labels: Record<string, string>) => (value: unknown) => {
  if (isBlank(value)) return empty;
  const text = String(value);
  return ownValue(labels, text) ?? text;
};
const flag = (yes: string, no: string) => (value: unknown) => (isBlank(value) ? empty : value === true || value === 'true' ? yes : no);

const firstWord = (s: string) => s.trim().split(/\s+/)[0] ?? '';

/** Cuts text of `limit` or more characters to `keep` characters and an ellipsis. */
export function truncate(text: string, limit: number, keep: number): string {
  return text.length >= limit ? `${text.slice(0, keep)}…` : text;
}

/** First name, and the first last name, or the whole last name when its first word is under 4 letters. */
export function clientName(person: unknown): string {
  if (person === null || typeof person !== 'object') return isBlank(person) ? empty : String(person);
  const { name = '', lastName = '' } = person as { name?: string | null; lastName?: string | null };
  const last = (lastName ?? '').trim();
  const lastShown = firstWord(last).length < 4 ? last : firstWord(last);
  return [firstWord(name ?? ''), lastShown].filter(Boolean).join(' ') || empty;
}

function hoursAndMinutes(totalMinutes: number): string {
  const sign = totalMinutes < 0 ? '-' : '';
  const m = Math.round(Math.abs(totalMinutes));
  return `${sign}${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** When a screen, print or export read its data: "Datos al 22/11/2026 14:05 UTC" (the operator's clock, and its zone). */
export function formatDataAsOf(readAt: number | Date, zone: string = operatorTimeZone()): string {
  return texts.report.dataAsOf(wallClockText(readAt, zone), zone);
}

/** The formatters a definition names; each turns a raw value into the text a user reads. */
export const formatters: Record<FormatName, (value: unknown) => string> = {
  text: (v) => (isBlank(v) ? empty : String(v)),
  upper: (v) => (isBlank(v) ? empty : String(v).toUpperCase()),
  number: numeric((n) => numberFormat.format(n)),
  decimal: numeric((n) => decimalFormat.format(n)),
  integer: numeric((n) => integerFormat.format(n)),
  money: numeric((n) => moneyFormat.format(n)),
  percent: numeric((n) => `${n.toFixed(2)}%`),
  date: dated('DD/MM/YYYY'),
  dateTime: dated('DD/MM/YYYY HH:mm'),
  time: dated('HH:mm'),
  month: (v) => {
    const n = toNumber(v);
    if (Number.isInteger(n) && n >= 1 && n <= 12) return texts.months[n - 1]!;
    const d = toOperatorDay(v);
    return d ? `${texts.months[d.month()]} ${d.year()}` : empty;
  },
  // Rounded once from the whole seconds, half away from zero (as the server's round()), so the sum of a day's seconds
  // reads the same on every screen that shows it: seconds / 36 is exact at the halves.
  hours: numeric((seconds) => decimalFormat.format((Math.sign(seconds) * Math.round(Math.abs(seconds) / 36)) / 100)),
  minutes: numeric(hoursAndMinutes),
  yesNo: flag(texts.values.yes, texts.values.no),
  bookingStatus: labelled(texts.bookingStatus),
  orderStatus: labelled(texts.orderStatus),
  taskStatus: labelled(texts.taskStatus),
  clientState: flag(texts.values.retired, texts.values.active),
  closedOpen: flag(texts.values.closed, texts.values.open),
  stayLength: flag(texts.values.shortStay, texts.values.longStay),
  lodgingType: flag(texts.values.lodging, texts.values.extra),
  contactName: (v) => (isBlank(v) ? empty : truncate(String(v), 12, 11)),
  placeName: (v) => (isBlank(v) ? empty : truncate(String(v), 15, 11)),
  clientName,
  fullName: (v) => {
    if (v === null || typeof v !== 'object') return isBlank(v) ? empty : String(v);
    const { name, lastName } = v as { name?: string; lastName?: string };
    return [name, lastName].filter(Boolean).join(' ') || empty;
  },
  balance: numeric((n) => moneyFormat.format(Math.abs(n))),
  /** A difference of two percentages, in percentage points. */
  points: numeric((n) => `${n.toFixed(2)} ${texts.compare.points}`),
};

export function formatValue(format: FormatName | undefined, value: unknown): string {
  return formatters[format ?? 'text'](value);
}

/** Formats that cut text for narrow columns; files, paper and tooltips show the value whole. */
export const truncatingFormats: ReadonlySet<FormatName> = new Set<FormatName>(['contactName', 'placeName']);
/** What each shortening format shows when there is room: the whole text, a client's every name. */
const wholeFormats: Partial<Record<FormatName, FormatName>> = { contactName: 'text', placeName: 'text', clientName: 'fullName' };

/** A value as the screen formats it, but never cut or shortened: for paper and tooltips. */
export function formatWhole(format: FormatName | undefined, value: unknown): string {
  // Paper has no colours: a balance keeps its sign (a credit in the customer's favour is negative).
  if (format === 'balance') return formatters.money(value);
  return formatValue((format && wholeFormats[format]) ?? format, value);
}

/** How a formatted value is written to a spreadsheet cell: numbers and dates stay typed. */
export type CellValue =
  | { type: 'number'; value: number; numFmt: string }
  | { type: 'date'; value: Date; numFmt: string }
  | { type: 'text'; value: string };

const numberCellFormats: Partial<Record<FormatName, string>> = {
  number: '#,##0.00',
  decimal: '#,##0.00',
  integer: '#,##0',
  money: '#,##0.00',
  balance: '#,##0.00',
  percent: '0.00',
  points: '0.00',
  hours: '#,##0.00',
  // A duration a spreadsheet sums: whole minutes (a negative one too, which a time format cannot show).
  minutes: '#,##0" min"',
};

export function cellValue(format: FormatName | undefined, value: unknown): CellValue {
  const f = format ?? 'text';
  const numFmt = numberCellFormats[f];
  if (numFmt) {
    const n = toNumber(value);
    if (!Number.isFinite(n)) return { type: 'text', value: '' };
    // A file keeps a balance's sign: the screen's colour (credit or debt) does not travel with it.
    const shown = f === 'hours' ? n / 3600 : n;
    return { type: 'number', value: shown, numFmt };
  }
  if (f === 'date' || f === 'dateTime') {
    const d = toOperatorDay(value);
    if (!d) return { type: 'text', value: '' };
    return { type: 'date', value: d.toDate(), numFmt: f === 'date' ? 'dd/mm/yyyy' : 'dd/mm/yyyy hh:mm' };
  }
  // A file keeps names whole: the screen's cuts (contactName, placeName) are for narrow columns.
  const text = truncatingFormats.has(f) ? (isBlank(value) ? empty : String(value)) : formatValue(f, value);
  return { type: 'text', value: text === empty ? '' : text };
}
