import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonSchemaFile, serializeJsonSchema } from './jsonSchema.ts';
import { reportDefinitionSchema, type ReportDefinitionInput } from './reportDefinition.ts';
import { validateDefinition } from './validateDefinition.ts';

const minimal: ReportDefinitionInput = {
  id: 'general-example',
  route: '/general/example',
  title: 'Ejemplo',
  sources: { rows: { path: '/api/v1/report/booking', paging: { mode: 'server' } } },
  filters: [{ id: 'status', kind: 'multiSelect', options: 'bookingStatus' }],
  blocks: [{ kind: 'table', source: 'rows', columns: [{ field: 'ref', header: 'REF' }] }],
};

describe('the JSON Schema', () => {
  it('is committed as generated from the zod schema (run `npx tsx scripts/generateSchema.ts` after a change)', () => {
    expect(readFileSync(jsonSchemaFile, 'utf8')).toBe(serializeJsonSchema());
  });
});

describe('a definition', () => {
  it('validates in zod and in ajv, and zod fills the documented defaults', () => {
    expect(validateDefinition(minimal)).toEqual([]);
    const parsed = reportDefinitionSchema.parse(minimal);
    expect(parsed.sources.rows).toMatchObject({ service: 'api', paging: { mode: 'server', style: 'vuetify' } });
    expect(parsed.print).toBe(true);
  });

  it('fails in both validators on a misspelt formatter, naming the path', () => {
    const typo = { ...minimal, blocks: [{ kind: 'table', source: 'rows', columns: [{ field: 'total', header: 'T', format: 'mony' }] }] };
    expect(reportDefinitionSchema.safeParse(typo).success).toBe(false);
    expect(validateDefinition(typo)).toContainEqual(
      expect.objectContaining({ path: '/blocks/0/columns/0/format', message: expect.stringContaining('money') }),
    );
  });

  it('rejects functions and unknown keys: a definition is data', () => {
    const withFunction = { ...minimal, blocks: [{ kind: 'table', source: 'rows', columns: [{ field: 'ref', header: 'R', render: () => 'x' }] }] };
    expect(reportDefinitionSchema.safeParse(withFunction).success).toBe(false);
    const withUnknownKey = { ...minimal, blocks: [{ kind: 'table', source: 'rows', columns: [{ field: 'ref', header: 'R', render: 'x' }] }] };
    expect(validateDefinition(withUnknownKey)).toContainEqual(expect.objectContaining({ path: '/blocks/0/columns/0' }));
  });

  it('reports references to sources and filters that do not exist', () => {
    const broken = {
      ...minimal,
      sources: { rows: { path: '/api/v1/report/booking', filters: ['nope'] } },
      blocks: [
        { kind: 'cards', source: 'stats', cards: [{ label: 'A', field: 'a' }] },
        { kind: 'table', source: 'rows', columns: [{ field: 'ref', header: 'A' }], export: { fileName: 'A', source: 'file' } },
      ],
    };
    const paths = validateDefinition(broken).map((i) => i.path);
    expect(paths).toEqual(['/sources/rows/filters/0', '/blocks/0/source', '/blocks/1/export/source']);
  });

  it('puts a filter on the page only in a report with one or two shown filters', () => {
    const year = { id: 'year', kind: 'year', inline: true } as const;
    expect(validateDefinition({ ...minimal, filters: [year, ...minimal.filters!] })).toEqual([]);
    const three = { ...minimal, filters: [...minimal.filters!, year, { id: 'q', kind: 'search' }] };
    expect(validateDefinition(three)).toEqual([{ path: '/filters/1/inline', message: 'an inline filter needs a report with at most 2 shown filters' }]);
    expect(reportDefinitionSchema.parse(minimal).filters[0]!.inline).toBeUndefined();
  });

  it('needs exactly one of field or value in a column', () => {
    const both = { ...minimal, blocks: [{ kind: 'table', source: 'rows', columns: [{ field: 'ref', value: 'datum.b', header: 'A' }] }] };
    expect(validateDefinition(both)).toEqual([{ path: '/blocks/0/columns/0', message: 'needs exactly one of "field" or "value"' }]);
  });
});
