import { z } from 'zod';
import { reportDefinitionSchema } from './reportDefinition.ts';

export const jsonSchemaFile = 'schema/report-definition.schema.json';

/** The JSON Schema of a definition as written (input mode: defaults may be omitted). */
export function reportJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(reportDefinitionSchema, { io: 'input', target: 'draft-2020-12' }),
    $id: 'https://mirador.local/schema/report-definition.schema.json',
    title: 'Mirador report definition',
  };
}

export const serializeJsonSchema = () => `${JSON.stringify(reportJsonSchema(), null, 2)}\n`;
