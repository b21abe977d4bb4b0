const isPrimitive = (value: unknown) => value === null || (typeof value !== 'object' && typeof value !== 'function');

/**
 * Remembers a conversion of primitive values: a long table repeats the same dates, labels and
 * amounts, and each formatted once is much cheaper than 100,000 times. Objects are not cached.
 */
export function memoizeByValue<T>(convert: (value: unknown) => T, limit = 20_000): (value: unknown) => T {
  const cache = new Map<unknown, T>();
  return (value) => {
    if (!isPrimitive(value)) return convert(value);
    let result = cache.get(value);
    if (result === undefined && !cache.has(value)) {
      result = convert(value);
      if (cache.size < limit) cache.set(value, result);
    }
    return result as T;
  };
}
