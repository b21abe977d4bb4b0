/**
 * Query strings as the clients send them: a key repeated or written `key[]` gives a list,
 * a key given once gives a string.
 */
export function parseQuery(raw: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(raw)) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const previous = out[key];
    if (previous === undefined) out[key] = isList ? [value] : value;
    else if (Array.isArray(previous)) previous.push(value);
    else out[key] = [previous, value];
  }
  return out;
}
