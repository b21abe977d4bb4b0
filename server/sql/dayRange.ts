/**
 * Day filters on instants: a day D means the instants [D 00:00, D+1 00:00) of the operator's time zone
 * (OPERATOR_TIME_ZONE, app.timeZone), so that the column's index serves the range. Values go to `params` as $n;
 * the zone too (`zoneRef`, a $n holding it).
 */

/** The first instant of day `dayRef` (SQL of a YYYY-MM-DD) in the zone `zoneRef` names. */
export const dayStartSql = (dayRef: string, zoneRef: string) => `(${dayRef}::date)::timestamp AT TIME ZONE ${zoneRef}::text`;
/** The first instant after day `dayRef` in the zone `zoneRef` names. */
export const dayAfterSql = (dayRef: string, zoneRef: string) => `(${dayRef}::date + 1)::timestamp AT TIME ZONE ${zoneRef}::text`;
/** The hour of day (0–23) of instant `column` in the zone `zoneRef` names. */
export const hourOfDaySql = (column: string, zoneRef: string) => `extract(hour FROM ${column} AT TIME ZONE ${zoneRef}::text)::int`;

/** `column` falls on a day of `zone` from `from` to `to` (inclusive); either bound may be absent. */
export function instantInDays(column: string, range: { from?: string | undefined; to?: string | undefined }, params: unknown[], zone: string) {
  const terms: string[] = [];
  if (!range.from && !range.to) return terms;
  const zoneRef = `$${params.push(zone)}`;
  if (range.from) terms.push(`${column} >= ${dayStartSql(`$${params.push(range.from)}`, zoneRef)}`);
  if (range.to) terms.push(`${column} < ${dayAfterSql(`$${params.push(range.to)}`, zoneRef)}`);
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
