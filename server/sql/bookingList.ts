import { z } from 'zod';
import { maxListLength } from '../http/params.ts';
import { bookingOrdersJson, bookingPaysJson, ratesJson } from './json.ts';

const firstWord = (text: string) => `(regexp_split_to_array(btrim(${text}), '\\s+'))[1]`;

/**
 * A client's name as the screens show it (engine/core/format.ts clientName): the first name, then the first last
 * name, or the whole last name when its first word is under 4 letters.
 */
export const clientShownName = (u = 'u') =>
  `concat_ws(' ', NULLIF(${firstWord(`${u}.name`)}, ''), NULLIF(CASE WHEN length(${firstWord(`${u}.last_name`)}) < 4 THEN btrim(${u}.last_name) ELSE ${firstWord(`${u}.last_name`)} END, ''))`;

/** Sortable fields of a booking list (places p, typologies t, clients u joined) and the columns behind them. */
export const bookingListSortColumns = {
  ref: 'b.ref',
  status: 'b.status',
  dateStart: 'b.date_start',
  dateEnd: 'b.date_end',
  createdAt: 'b.created_at',
  total: 'b.total',
  wayContactName: 'b.way_contact_name',
  // The Cliente column sorts by the name it shows, not by the first name alone.
  'user.name': clientShownName(),
  'place.name': 'p.name',
  'typology.name': 't.name',
} as const;
export type BookingListSortField = keyof typeof bookingListSortColumns;
export const bookingListSortFields = Object.keys(bookingListSortColumns) as [BookingListSortField, ...BookingListSortField[]];

/** Left joins on unique keys, so that the planner drops those a statement does not read. */
export const bookingListJoins = (b = 'b') => `LEFT JOIN places p ON p.id = ${b}.place_id
  LEFT JOIN typologies t ON t.id = p.typology_id
  LEFT JOIN clients u ON u.id = ${b}.user_id`;

/** A list of words given as repeated keys, `key[]`, commas or spaces ("populate=orders pays"). */
export const wordList = <const T extends readonly [string, ...string[]]>(words: T) =>
  z.preprocess(
    (value) =>
      value === undefined
        ? undefined
        : (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(/[\s,]+/)).filter(Boolean),
    z.array(z.enum(words)).max(maxListLength).optional(),
  );

/** `select=rates` and `populate=orders,pays`, as the booking reports take them. */
export const bookingExpandShape = {
  select: wordList(['rates']),
  populate: wordList(['orders', 'pays']),
};

/** The `'key', expr` pairs of bookingJson's extras that `select`/`populate` ask for on booking `b`. */
export function bookingExpandJson(
  q: { select?: readonly 'rates'[] | undefined; populate?: readonly ('orders' | 'pays')[] | undefined },
  b = 'b',
): string {
  return [
    ...(q.select?.includes('rates') ? [`'rates', ${ratesJson(b)}`] : []),
    ...(q.populate?.includes('orders') ? [`'orders', ${bookingOrdersJson(b)}`] : []),
    ...(q.populate?.includes('pays') ? [`'pays', ${bookingPaysJson(b)}`] : []),
  ].join(', ');
}
