import { z } from 'zod';
import { bool, dateOrRange, idList, isoDate, list, search } from '../http/params.ts';
import { messages } from '../messages.ts';
import { instantInDays } from './dayRange.ts';
import { clientSearchText, keywordPattern, searchText } from './search.ts';

export const bookingStatuses = [
  'in_progress',
  'confirmed',
  'not_confirmed',
  'canceled',
  'checked_in',
  'checked_out',
  'no_show',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Statuses whose nights count as occupied (with is_virtual = false). */
export const occupyingStatuses: readonly BookingStatus[] = ['confirmed', 'checked_in', 'checked_out'];

/** Spellings the clients send for a status; the collection filter says `no_confirmed`. */
const statusAliases: Record<string, BookingStatus> = { no_confirmed: 'not_confirmed' };

export const bookingStatusList = list(z.enum([...bookingStatuses, 'no_confirmed'])).transform(
  (statuses) => statuses && [...new Set(statuses.map((s) => statusAliases[s] ?? (s as BookingStatus)))],
);

/** The query parameters of every booking report's filter drawer. */
export const bookingFilterShape = {
  isVirtual: bool.optional(),
  user: idList,
  status: bookingStatusList,
  typology: idList,
  place: idList,
  dateStart: dateOrRange,
  dateEnd: dateOrRange,
  createdAt: dateOrRange,
  /** First and last night of a period: keeps stays with a night in it (the follow-up screen). */
  stayFrom: isoDate.optional(),
  stayTo: isoDate.optional(),
  search,
};

/** A value exactly as a chart groups it (a nationality, a contact channel). */
const groupName = z.string().trim().min(1).max(200);

/**
 * Filters a figure drills to (issue 40 §2), taken by the bookings list only: the owner's nationality as Recaudo's
 * nationalities chart groups it (trimmed; `Sin nacionalidad` for none), the contact channel as Ingresos por canal
 * groups it (`Sin canal` for none), and the bookings in house on a day as the dashboard counts them.
 */
export const bookingDrillShape = {
  nationality: groupName.optional(),
  wayContact: groupName.optional(),
  inHouseOn: isoDate.optional(),
};
const bookingFilterSchema = z.object({ ...bookingFilterShape, ...bookingDrillShape });

const stayInOrder = (query: object) => {
  const { stayFrom, stayTo } = query as { stayFrom?: string; stayTo?: string };
  return !stayFrom || !stayTo || stayFrom <= stayTo;
};

/**
 * The query schema of a call taking booking filters (`shape` holds some or all of bookingFilterShape):
 * strict, and a reversed stay period (stayFrom after stayTo) is a 400 on `stayTo`.
 */
export const bookingFilterQuery = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject(shape).refine(stayInOrder, { message: messages.periodReversed, path: ['stayTo'] });
export type BookingFilters = z.output<typeof bookingFilterSchema>;

/**
 * Booking `b`'s stay as the range of its nights, [date_start, date_end), exactly as bookings_stay_range_idx (migration
 * 016) indexes it: `&& daterange(from, to, '[]')` keeps the stays with a night in from..to, `@> day` those covering day.
 */
export const stayRangeSql = (b: string) => `daterange(${b}.date_start, ${b}.date_end)`;

/**
 * How a stay period with both ends (stayFrom and stayTo) is said: `bounds`, date_end after its start and date_start up
 * to its end (the b-tree terms a page in stay order walks); `range`, the stays meeting it on the range index: a
 * month's stays rather than every stay ending after its start, for statements that read all the filtered bookings.
 */
export type StayTerms = 'bounds' | 'range';

/**
 * The WHERE clause (or '') selecting the bookings `filters` describe, on bookings aliased `b`, the stay period as
 * `stayAs` says (default `bounds`).
 * Values are pushed onto `params` and referenced as $n; related tables are reached by subqueries
 * so that the clause fits any statement over bookings.
 */
export function bookingFilterSql(filters: BookingFilters, params: unknown[], zone: string, b = 'b', stayAs: StayTerms = 'bounds'): string {
  const terms: string[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filters.isVirtual !== undefined) terms.push(`${b}.is_virtual = ${param(filters.isVirtual)}`);
  if (filters.user?.length) terms.push(`${b}.user_id = ANY(${param(filters.user)}::int[])`);
  if (filters.status?.length) terms.push(`${b}.status = ANY(${param(filters.status)}::text[])`);
  if (filters.place?.length) terms.push(`${b}.place_id = ANY(${param(filters.place)}::int[])`);
  if (filters.typology?.length) {
    const typologies = param(filters.typology);
    terms.push(`${b}.place_id IN (SELECT fp.id FROM places fp WHERE fp.typology_id = ANY(${typologies}::int[]))`);
  }
  if (filters.dateStart) {
    terms.push(`${b}.date_start BETWEEN ${param(filters.dateStart.from)}::date AND ${param(filters.dateStart.to)}::date`);
  }
  if (filters.dateEnd) {
    terms.push(`${b}.date_end BETWEEN ${param(filters.dateEnd.from)}::date AND ${param(filters.dateEnd.to)}::date`);
  }
  if (filters.createdAt) {
    // Bounds as instants (the days of the operator's zone) so that the created_at index serves the range.
    terms.push(...instantInDays(`${b}.created_at`, filters.createdAt, params, zone));
  }
  // A stay's nights run from date_start to the day before date_end.
  if (filters.stayFrom && filters.stayTo && stayAs === 'range') {
    terms.push(`${stayRangeSql(b)} && daterange(${param(filters.stayFrom)}::date, ${param(filters.stayTo)}::date, '[]')`);
  } else {
    if (filters.stayFrom) terms.push(`${b}.date_end > ${param(filters.stayFrom)}::date`);
    if (filters.stayTo) terms.push(`${b}.date_start <= ${param(filters.stayTo)}::date`);
  }
  if (filters.nationality !== undefined) {
    // As recaudoNationalities groups: bookings with an owner, a blank nationality read as messages.noNationality.
    terms.push(`${b}.user_id IN (SELECT fc.id FROM clients fc
      WHERE coalesce(nullif(trim(fc.nationality), ''), ${param(messages.noNationality)}) = ${param(filters.nationality)})`);
  }
  if (filters.wayContact !== undefined) {
    // As Ingresos por canal groups: no channel (null or blank) is messages.noChannel.
    terms.push(`coalesce(nullif(${b}.way_contact_name, ''), ${param(messages.noChannel)}) = ${param(filters.wayContact)}`);
  }
  if (filters.inHouseOn) {
    // The dashboard's "En casa": checked in, the stay covering the day (check-in <= day <= check-out).
    const day = param(filters.inHouseOn);
    terms.push(`${b}.status = 'checked_in' AND ${b}.date_start <= ${day}::date AND ${b}.date_end >= ${day}::date`);
  }
  if (filters.search) {
    const pattern = keywordPattern(filters.search, params);
    terms.push(`(${searchText(`${b}.ref`, `${b}.way_contact_name`)} ~ ${pattern}
      OR ${b}.user_id IN (SELECT fc.id FROM clients fc WHERE ${clientSearchText('fc')} ~ ${pattern})
      OR ${b}.place_id IN (SELECT fp.id FROM places fp WHERE fp.name ~ ${pattern}))`);
  }
  return terms.length ? `WHERE ${terms.join('\n  AND ')}` : '';
}
