import { describe, expect, it } from 'vitest';
import { definitionFiles, loadDefinitionFile } from '../schema/loadDefinitionFiles.ts';
import { walkBlocks } from '../core/data/walkBlocks.ts';
import { reportDefinitionSchema, type ReportDefinitionInput } from '../schema/reportDefinition.ts';
import { validateDefinition } from '../schema/validateDefinition.ts';
import { transformedFields } from '../schema/vegaLiteTransform.ts';
import { runTransform } from '../core/data/sourceTransform.ts';

/** The cards that compute a `value` but do not say how (`help`), as "report › card". */
function formulasWithoutHelp(definition: unknown): string[] {
  const parsed = reportDefinitionSchema.parse(definition);
  const missing: string[] = [];
  walkBlocks(parsed.blocks, (block) => {
    if (block.kind !== 'cards') return;
    for (const card of block.cards) if (card.value !== undefined && !card.help) missing.push(`${parsed.id} › ${card.label}`);
  });
  return missing;
}

/**
 * The fields that blocks over a grouped source (one whose transforms aggregate: its rows have only the fields the
 * transforms name) read and its rows do not have, as "report › field". A card reads `<rows>.<n>.<field>`.
 */
function fieldsNotGrouped(definition: unknown): string[] {
  const parsed = reportDefinitionSchema.parse(definition);
  const missing: string[] = [];
  walkBlocks(parsed.blocks, (block) => {
    if (block.kind === 'tabs' || block.kind === 'widget') return;
    const source = parsed.sources[block.source];
    if (!source?.transform?.some((step) => 'aggregate' in step)) return;
    const fields = new Set(transformedFields(source.transform, []));
    const rowsKey = source.rows ?? 'data';
    const read =
      block.kind === 'table'
        ? block.columns.flatMap((column) => (column.field ? [column.field] : []))
        : block.kind === 'chart'
          ? [block.category, block.value, block.series].filter((field): field is string => field !== undefined)
          : block.cards.flatMap((card) => (card.field?.startsWith(`${rowsKey}.`) ? [card.field.slice(rowsKey.length + 1).replace(/^\d+\./, '')] : []));
    for (const field of read) if (!fields.has(field.split('.')[0]!)) missing.push(`${parsed.id} › ${field}`);
  });
  return missing;
}

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
    const routes = definitions.flatMap(([, d]) => {
      const { route, alsoAt = [] } = d as { route: string; alsoAt?: Array<{ route: string }> };
      return [route, ...alsoAt.map((place) => place.route)];
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('names the report and the card of a formula card without help', () => {
    const cards = (help?: string) => ({ kind: 'cards' as const, source: 's', cards: [{ label: 'Ingreso real', value: 'datum.a - datum.b', ...(help ? { help } : {}) }] });
    const report = (help?: string): ReportDefinitionInput => ({
      id: 'pos-sales',
      route: '/pos/sales',
      title: 'Ventas',
      sources: { s: { path: '/api/v1/x' } },
      blocks: [{ kind: 'tabs', tabs: [{ title: 'Resumen', blocks: [cards(help)] }] }],
    });
    expect(formulasWithoutHelp(report())).toEqual(['pos-sales › Ingreso real']);
    expect(formulasWithoutHelp(report('Ingreso real = a − b'))).toEqual([]);
  });

  it('names a field that blocks over a grouped source read and its grouped rows do not have', () => {
    const report = (category: string): ReportDefinitionInput => ({
      id: 'general-example',
      route: '/general/example',
      title: 'Ejemplo',
      sources: { s: { path: '/api/v1/x', transform: [{ aggregate: [{ op: 'sum', field: 'total', as: 'income' }], groupby: ['channel'] }] } },
      blocks: [
        { kind: 'chart', source: 's', chart: 'bar', category, value: 'income' },
        { kind: 'cards', source: 's', cards: [{ label: 'Ingresos', field: 'data.0.incom' }] },
      ],
    });
    expect(fieldsNotGrouped(report('wayContactName'))).toEqual(['general-example › wayContactName', 'general-example › incom']);
    expect(fieldsNotGrouped(report('channel'))).toEqual(['general-example › incom']);
  });

  describe.each(definitions)('%s', (file, definition) => {
    it('reads, over a grouped source, only the fields its transforms hand on', () => {
      expect(fieldsNotGrouped(definition)).toEqual([]);
    });

    it('has transforms that Vega-Lite compiles and Vega runs (every function they call exists)', async () => {
      const { sources } = reportDefinitionSchema.parse(definition);
      for (const source of Object.values(sources)) if (source.transform) await runTransform([], source.transform);
    });

    it('states the formula (help) of every card with a value expression', () => {
      expect(formulasWithoutHelp(definition)).toEqual([]);
    });

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
