import { dayAfterSql, dayStartSql } from '../../sql/dayRange.ts';

/** Collects the values of a parameterised statement and hands back their `$n` placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `column` falls on a calendar day of `zone` in the inclusive range (kept sargable for the column's index). */
export function dayRangeSql(column: string, range: { from: string; to: string }, params: SqlParams, zone: string): string {
  const zoneRef = params.add(zone);
  return `${column} >= ${dayStartSql(params.add(range.from), zoneRef)}
      AND ${column} < ${dayAfterSql(params.add(range.to), zoneRef)}`;
}
