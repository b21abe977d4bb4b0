import { compareKeys } from '../../core/table/cellValues.ts';

/**
 * Rows in the order a Spanish reader expects, the browser tables' own (Intl.Collator 'es', numbers by value): by each
 * key in turn, so that a test's expected order does not come from the SQL it checks.
 */
export function spanishOrder<T>(rows: readonly T[], ...keys: Array<(row: T) => string | number | null>): T[] {
  return [...rows].sort((a, b) => {
    for (const key of keys) {
      const c = compareKeys(key(a) ?? '', key(b) ?? '');
      if (c !== 0) return c;
    }
    return 0;
  });
}

/** The neighbours that are out of Spanish order (descending when `desc`): none when `values` are in order. */
export function outOfSpanishOrder(values: readonly string[], desc = false): Array<[string, string]> {
  const wrong: Array<[string, string]> = [];
  for (let i = 1; i < values.length; i++) {
    const c = compareKeys(values[i - 1]!, values[i]!);
    if (desc ? c < 0 : c > 0) wrong.push([values[i - 1]!, values[i]!]);
  }
  return wrong;
}
