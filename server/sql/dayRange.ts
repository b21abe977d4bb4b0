/**
 * Day filters on instants: a day D means the UTC instants [D 00:00, D+1 00:00), so that
 * the column's index serves the range. Values go to `params` as $n.
 */

/** `column` falls on a UTC day from `from` to `to` (inclusive); either bound may be absent. */
export function instantInDays(column: string, range: { from?: string | undefined; to?: string | undefined }, params: unknown[]) {
  const terms: string[] = [];
  if (range.from) terms.push(`${column} >= ($${params.push(range.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (range.to) terms.push(`${column} < ($${params.push(range.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return terms;
}

/** A WHERE clause (or '') joining `terms` with AND. */
export const whereSql = (terms: string[]) => (terms.length ? `WHERE ${terms.join('\n  AND ')}` : '');

/** Appends `more` terms to a WHERE clause built elsewhere (or ''). */
export const andWhere = (where: string, more: string[]) =>
  more.length ? (where ? `${where}\n  AND ${more.join('\n  AND ')}` : whereSql(more)) : where;

/** Refines a query with optional `dateStart`/`dateEnd` days so that start does not pass end. */
export const startNotAfterEnd = (q: { dateStart?: string | undefined; dateEnd?: string | undefined }) =>
  !q.dateStart || !q.dateEnd || q.dateStart <= q.dateEnd;
export const startAfterEndIssue = { message: 'la fecha inicial es posterior a la final', path: ['dateStart'] };
