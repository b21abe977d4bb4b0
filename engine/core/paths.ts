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
