import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod';
import { messages } from '../messages.ts';

dayjs.extend(customParseFormat);
dayjs.extend(utc);

/** The longest id or value list a filter accepts. */
export const maxListLength = 500;
/** The largest page size a paged call accepts (the follow-up screen offers 1,000,000). */
export const maxPageSize = 1_000_000;

/** A calendar day as YYYY-MM-DD that exists (2024-02-30 does not). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.dateFormat)
  .refine((s) => dayjs.utc(s, 'YYYY-MM-DD', true).isValid(), messages.dateMissing);

const asList = (value: unknown) =>
  value === undefined ? undefined : (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(','));

/** A list given as repeated keys, `key[]` or comma-separated values. */
export const list = <T extends z.ZodType>(item: T) => z.preprocess(asList, z.array(item).max(maxListLength).optional());

export const id = z.coerce.number().int().positive().max(2_147_483_647);
export const idList = list(id);

/** A single day or an inclusive from/to pair; answered as a range. */
export const dateOrRange = z
  .preprocess(asList, z.array(isoDate).min(1).max(2).optional())
  .transform((days) => (days ? { from: days[0]!, to: days[1] ?? days[0]! } : undefined))
  .refine((range) => !range || range.from <= range.to, messages.periodReversed);

export const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const search = z
  .string()
  .trim()
  .max(100)
  .transform((s) => (s === '' ? undefined : s))
  .optional();

export const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
export const itemsPerPage = z.coerce
  .number()
  .int()
  .refine((n) => n === -1 || (n >= 1 && n <= maxPageSize), messages.pageSize(maxPageSize));

/** Vuetify-style paging: `page` (1-based), `itemsPerPage` (-1 = all). */
export const paging = (defaultPerPage: number) => ({
  page,
  itemsPerPage: itemsPerPage.default(defaultPerPage),
});

/** `sortBy` names fields of `fields`; `sortDesc` says the direction of each. */
export const sorting = <F extends readonly [string, ...string[]]>(fields: F) => ({
  sortBy: list(z.enum(fields)),
  sortDesc: list(bool),
});

/** LIMIT/OFFSET for a page; `null` limit is every row. */
export function pageWindow(p: { page: number; itemsPerPage: number }) {
  return p.itemsPerPage === -1
    ? { limit: null, offset: 0 }
    : { limit: p.itemsPerPage, offset: (p.page - 1) * p.itemsPerPage };
}

/** An ORDER BY built only from the whitelisted expressions of `columns`, then `tieBreak`. */
export function orderBy<F extends string>(
  columns: Record<F, string>,
  sort: { sortBy?: F[] | undefined; sortDesc?: boolean[] | undefined },
  fallback: string,
  tieBreak: string,
): string {
  const terms = (sort.sortBy ?? []).map((field, i) => `${columns[field]} ${sort.sortDesc?.[i] ? 'DESC' : 'ASC'}`);
  return `ORDER BY ${[...(terms.length ? terms : [fallback]), tieBreak].join(', ')}`;
}
