import { z } from 'zod';
import { maxListLength } from '../http/params.ts';
import { bookingOrdersJson, bookingPaysJson, ratesJson } from './json.ts';

/** Sortable fields of a booking list (places p, typologies t, clients u joined) and the columns behind them. */
export const bookingListSortColumns = {
  ref: 'b.ref',
  status: 'b.status',
  dateStart: 'b.date_start',
  dateEnd: 'b.date_end',
  createdAt: 'b.created_at',
  total: 'b.total',
  wayContactName: 'b.way_contact_name',
  'user.name': 'u.name',
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
