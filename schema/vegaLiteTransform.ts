/**
 * The Vega-Lite transforms a source may run over its rows. The JSON Schema of a definition takes their full shape from
 * Vega-Lite's own JSON Schema (vega-lite/build/vega-lite-schema.json, see vegaLiteTransformDefs in jsonSchema.ts), so
 * `npm run validate` and editors check them as Vega-Lite does; the zod schema (which the browser also loads) checks
 * only which kind each one is, to keep that 1.8 MB file out of the app.
 */
import { z } from 'zod';

/** Vega-Lite transform kinds allowed in a definition, each with its definition's name in Vega-Lite's JSON Schema. */
export const vegaLiteTransformKinds = {
  aggregate: 'AggregateTransform',
  joinaggregate: 'JoinAggregateTransform',
  window: 'WindowTransform',
  calculate: 'CalculateTransform',
  filter: 'FilterTransform',
} as const;

export type VegaLiteTransformKind = keyof typeof vegaLiteTransformKinds;

/** Where Vega-Lite's definitions are put in the generated JSON Schema. */
export const vegaLiteDefsPrefix = 'VegaLite.';

const kinds = Object.keys(vegaLiteTransformKinds) as VegaLiteTransformKind[];

/** `if` the step names the first kind `then` its Vega-Lite definition, `else` the same for the next kinds. */
function kindChain(rest: readonly VegaLiteTransformKind[]): Record<string, unknown> {
  const [kind, ...others] = rest;
  if (kind === undefined) {
    return { properties: Object.fromEntries(kinds.map((name) => [name, true])), additionalProperties: false, minProperties: 1 };
  }
  return {
    if: { required: [kind] },
    then: { $ref: `#/$defs/${vegaLiteDefsPrefix}${vegaLiteTransformKinds[kind]}` },
    else: kindChain(others),
  };
}

/** One Vega-Lite transform, e.g. `{ aggregate: [{ op: 'sum', field: 'total', as: 'income' }], groupby: ['wayContactName'] }`. */
export const vegaLiteTransformSchema = z
  .looseObject({})
  .refine((step) => kinds.filter((kind) => kind in step).length === 1, {
    message: `A transform is one Vega-Lite transform of: ${kinds.join(', ')}.`,
  })
  .meta({
    description: `One Vega-Lite transform: ${kinds.join(', ')} (a window's \`sort\` also orders the rows handed on), as Vega-Lite's JSON Schema defines it.`,
    // Checked against the Vega-Lite definition of the kind it names, so a mistake is reported at its own path; a step
    // of no known kind is told which keys would be.
    ...kindChain(kinds),
  });

export type VegaLiteTransform = z.output<typeof vegaLiteTransformSchema>;

const asNames = (value: unknown): string[] =>
  (Array.isArray(value) ? value : []).flatMap((item) => {
    const as = (item as { as?: unknown } | null)?.as;
    return typeof as === 'string' ? [as] : Array.isArray(as) ? as.filter((name): name is string => typeof name === 'string') : [];
  });

/**
 * The fields of the rows a source's transforms hand its blocks, from the fields of the rows it is answered: an
 * aggregate keeps its `groupby` fields and adds its `as` names; joinaggregate, window and calculate add theirs; a filter
 * keeps them. What a check of field paths reads for a transformed source, without running it.
 */
export function transformedFields(transform: readonly VegaLiteTransform[], fields: readonly string[]): string[] {
  let current = [...fields];
  for (const step of transform) {
    if ('aggregate' in step) {
      const groupby = Array.isArray(step.groupby) ? step.groupby.filter((name): name is string => typeof name === 'string') : [];
      current = [...groupby, ...asNames(step.aggregate)];
    } else if ('joinaggregate' in step) current = [...current, ...asNames(step.joinaggregate)];
    else if ('window' in step) current = [...current, ...asNames(step.window)];
    else if ('calculate' in step && typeof step.as === 'string') current = [...current, step.as];
  }
  return [...new Set(current)];
}

const fieldName = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof (value as { field?: unknown } | null)?.field === 'string' ? (value as { field: string }).field : undefined;

/**
 * The row fields one transform step reads, each with where it is said inside the step (`aggregate/0/field`,
 * `groupby/1`, `sort/0/field`, `filter/field`): what a check of field paths compares with the rows the step is given.
 */
export function transformFieldReads(step: VegaLiteTransform): { at: string; name: string }[] {
  const reads: { at: string; name: string }[] = [];
  const list = (value: unknown, at: string, key?: string) =>
    (Array.isArray(value) ? value : []).forEach((item, i) => {
      const name = key === undefined ? fieldName(item) : fieldName((item as Record<string, unknown> | null)?.[key]);
      if (name !== undefined) reads.push({ at: key === undefined ? `${at}/${i}` : `${at}/${i}/${key}`, name });
    });
  const s = step as Record<string, unknown>;
  for (const kind of ['aggregate', 'joinaggregate', 'window'] as const) list(s[kind], kind, 'field');
  list(s.groupby, 'groupby');
  list(s.sort, 'sort', 'field');
  const filter = s.filter as { field?: unknown } | undefined;
  if (filter && typeof filter === 'object' && typeof filter.field === 'string') reads.push({ at: 'filter/field', name: filter.field });
  return reads;
}
