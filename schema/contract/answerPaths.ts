import type { z } from 'zod';

/** A zod schema as its definition reads: `type` plus the parts that lead inside it. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  valueType?: z.ZodType;
}

const defOf = (shape: z.ZodType) => shape._zod.def as unknown as Def;

/** The object or array shapes a value of `shape` may be: wrappers (optional, nullable, default) and unions opened. */
function alternatives(shape: z.ZodType): z.ZodType[] {
  const def = defOf(shape);
  if (def.innerType) return alternatives(def.innerType);
  if (def.type === 'pipe' && def.in) return alternatives(def.in);
  if (def.type === 'union' && def.options) return def.options.flatMap(alternatives);
  return [shape];
}

/** What one key of `shape` leads to; keys of an array's rows are read through it, as the engine reads rows. */
function child(shape: z.ZodType, key: string): z.ZodType[] {
  return alternatives(shape).flatMap((alt) => {
    const def = defOf(alt);
    if (def.type === 'object') return def.shape && Object.hasOwn(def.shape, key) ? [def.shape[key]!] : [];
    if (def.type === 'array' && def.element) return /^\d+$/.test(key) ? [def.element] : child(def.element, key);
    return def.type === 'record' && def.valueType ? [def.valueType] : [];
  });
}

/** The keys a value of `shape` (or each of its rows) has. */
export function keysOf(shape: z.ZodType): string[] {
  return [...new Set(alternatives(shape).flatMap((alt) => {
    const def = defOf(alt);
    if (def.type === 'object') return Object.keys(def.shape ?? {});
    return def.type === 'array' && def.element ? keysOf(def.element) : [];
  }))];
}

/** The rows of a list, or the value itself when it is one object (a fold over one object, a card's datum). */
export function rowsOf(shape: z.ZodType): z.ZodType[] {
  return alternatives(shape).flatMap((alt) => {
    const def = defOf(alt);
    return def.type === 'array' && def.element ? rowsOf(def.element) : [alt];
  });
}

/** Whether some value of `shape` has a list at `path` (an object is not rows). */
export const isList = (shape: z.ZodType) => alternatives(shape).some((alt) => defOf(alt).type === 'array');

export type PathResult =
  | { found: true; shapes: z.ZodType[] }
  /** `at` is the longest prefix that exists, `keys` the keys found there. */
  | { found: false; at: string; keys: string[] };

/** Follows a dot path through the shapes, as core/paths.ts reads values. */
export function followPath(shapes: readonly z.ZodType[], path: string): PathResult {
  let current = [...shapes];
  const done: string[] = [];
  for (const key of path.split('.')) {
    const next = current.flatMap((shape) => child(shape, key));
    if (next.length === 0) return { found: false, at: done.join('.'), keys: [...new Set(current.flatMap(keysOf))] };
    current = next;
    done.push(key);
  }
  return { found: true, shapes: current };
}

/** Edit distance of two names (insertions, deletions, substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/** The name of `names` closest to `wrong`, when it is close enough to be what was meant. */
export function closest(wrong: string, names: readonly string[]): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const name of names) {
    const d = distance(wrong, name);
    if (!best || d < best.d) best = { name, d };
  }
  return best && best.d <= Math.max(2, Math.floor(wrong.length / 3)) ? best.name : undefined;
}
