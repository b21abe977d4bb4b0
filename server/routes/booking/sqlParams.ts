/** Collects the values of a parameterised statement and hands back their `$n` placeholders. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** `column` falls on a UTC calendar day of the inclusive range (kept sargable for the column's index). */
export function utcDayRange(column: string, range: { from: string; to: string }, params: SqlParams): string {
  return `${column} >= (${params.add(range.from)}::date)::timestamp AT TIME ZONE 'UTC'
      AND ${column} < ((${params.add(range.to)}::date + 1)::timestamp AT TIME ZONE 'UTC')`;
}
