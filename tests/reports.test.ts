import { describe, expect, it } from 'vitest';
import { definitionFiles, loadDefinitionFile } from '../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema } from '../schema/reportDefinition.ts';
import { validateDefinition } from '../schema/validateDefinition.ts';

// The reports folder is a test corpus: every definition is checked the same way.
const files = definitionFiles();
const definitions = await Promise.all(files.map(async (file) => [file, await loadDefinitionFile(file)] as const));

describe('the report corpus', () => {
  it('has the lodging screens', () => {
    const routes = definitions.map(([, d]) => (d as { route: string }).route);
    expect(routes).toEqual(expect.arrayContaining(['/', '/general/booking', '/general/ocupacion', '/general/seguimiento']));
  });

  it('has unique ids and routes', () => {
    const ids = definitions.map(([, d]) => (d as { id: string }).id);
    const routes = definitions.map(([, d]) => (d as { route: string }).route);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  describe.each(definitions)('%s', (file, definition) => {
    it('validates against the JSON Schema (ajv) and the zod schema', () => {
      expect(validateDefinition(definition)).toEqual([]);
      expect(reportDefinitionSchema.safeParse(definition).success).toBe(true);
    });

    it('is plain data: it survives a JSON round trip unchanged', () => {
      expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
    });

    it('is named after its id', () => {
      const { id } = definition as { id: string };
      const stem = file.replace(/^reports\//, '').replace(/\.ts$/, '').split('/');
      const expected = stem.map((part) => part.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)).join('-');
      expect(id).toBe(expected);
    });
  });
});
