/**
 * A reader of one dot path, split once: what reads the same path from many rows (a column of 100,000 rows, the
 * follow-up's millions of nights) uses, as getPath does for one read.
 */
export function pathReader(path: string | undefined): (value: unknown) => unknown {
  if (path === undefined || path === '') return (value) => value;
  const keys = path.split('.');
  if (keys.length === 1) {
    return (value) =>
      value !== null && typeof value === 'object' && Object.hasOwn(value, path) ? (value as Record<string, unknown>)[path] : undefined;
  }
  return (value) => {
    let current = value;
    for (const key of keys) {
      if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
      current = (current as Record<string, unknown>)[key];
    }
    return current;
  };
}

/** Reads a dot path (`user.name`, `data.incomings`) from a JSON value; undefined when absent. */
export function getPath(value: unknown, path: string | undefined): unknown {
  if (path === undefined || path === '') return value;
  let current: unknown = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** `record[key]` when `key` is the record's own: a status "valueOf" or "constructor" is not a method every object has. */
export const ownValue = <T>(record: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;
