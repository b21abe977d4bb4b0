import { writeFileSync } from 'node:fs';
import { jsonSchemaFile, serializeJsonSchema } from '../schema/jsonSchema.ts';

writeFileSync(jsonSchemaFile, serializeJsonSchema());
console.log(`wrote ${jsonSchemaFile}`);
