import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { z } from 'zod';
import { reportDefinitionSchema } from './reportDefinition.ts';
import { vegaLiteDefsPrefix, vegaLiteTransformKinds } from './vegaLiteTransform.ts';

export const jsonSchemaFile = 'schema/report-definition.schema.json';

type JsonDefs = Record<string, unknown>;

/**
 * The definitions of Vega-Lite's own JSON Schema that its allowed transforms use (and only those), their references
 * renamed into this schema's `$defs`: a transform is checked exactly as Vega-Lite checks it.
 */
function vegaLiteTransformDefs(): JsonDefs {
  const file = createRequire(import.meta.url).resolve('vega-lite/vega-lite-schema.json');
  const all = (JSON.parse(readFileSync(file, 'utf8')) as { definitions: JsonDefs }).definitions;
  const ref = /"#\/definitions\/([^"]+)"/g;
  const found = new Set<string>();
  const queue: string[] = Object.values(vegaLiteTransformKinds);
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (found.has(name)) continue;
    found.add(name);
    for (const [, used] of JSON.stringify(all[name]).matchAll(ref)) queue.push(decodeURIComponent(used!));
  }
  return Object.fromEntries(
    [...found].sort().map((name) => [
      `${vegaLiteDefsPrefix}${name}`,
      JSON.parse(JSON.stringify(all[name]).replace(ref, (_match, used: string) => `"#/$defs/${vegaLiteDefsPrefix}${used}"`)),
    ]),
  );
}

/** The JSON Schema of a definition as written (input mode: defaults may be omitted). */
export function reportJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(reportDefinitionSchema, { io: 'input', target: 'draft-2020-12' });
  return {
    ...generated,
    $defs: { ...(generated.$defs ?? {}), ...vegaLiteTransformDefs() },
    $id: 'https://mirador.local/schema/report-definition.schema.json',
    title: 'Mirador report definition',
  };
}

export const serializeJsonSchema = () => `${JSON.stringify(reportJsonSchema(), null, 2)}\n`;
