import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRouteParams, planExpandRequest, planRequest } from '../core/data/planRequest.ts';
import { transformAnswer } from '../core/data/sourceTransform.ts';
import { readRows, rowsPath } from '../core/data/sourceRows.ts';
import { evaluateNumber } from '../core/expressions.ts';
import { getPath } from '../core/paths.ts';
import { sourceRoute } from '../schema/contract/routes.ts';
import { answerDrift } from './support/answerDrift.ts';
import { defaultFilterValues } from '../core/filters/defaults.ts';
import { definitionFiles, displayPath, loadDefinitionFile } from '../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema, type Block, type ReportDefinition, type TableBlock } from '../schema/reportDefinition.ts';
import { startTestServer, testToday, type TestServer } from './support/testServer.ts';

// The report corpus against the real API: each source, planned with the definition's default
// filters as the engine plans it, answers 200, and every column and card finds its value.
// Each definition is tested on its own: a wrong one fails its own test, not the whole file.
interface Loaded {
  file: string;
  definition?: ReportDefinition;
  error?: unknown;
}
const loaded: Loaded[] = await Promise.all(
  definitionFiles().map(async (file): Promise<Loaded> => {
    try {
      return { file, definition: reportDefinitionSchema.parse(await loadDefinitionFile(file)) };
    } catch (error) {
      return { file, error };
    }
  }),
);
const definitions = loaded.flatMap((entry) => (entry.definition ? [entry.definition] : []));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function answerOf(definition: ReportDefinition, sourceId: string, request = planRequest(definition, sourceId, planContext(definition))): Promise<unknown> {
  const query = new URLSearchParams(request.query as Array<[string, string]>).toString();
  const url = `${request.path}${query ? `?${query}` : ''}`;
  const res = await server.get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  const source = definition.sources[sourceId]!;
  // The route answers as its contract says; the blocks read a transformed source's rows as the screen does: after its
  // Vega-Lite transforms.
  expect(answerDrift(sourceRoute(source.path), res.json()), `${source.path} against schema/contract`).toEqual([]);
  return transformAnswer(res.json(), source);
}

/** The screen's filters and route parameters: the definition's defaults. */
const planContext = (definition: ReportDefinition) => ({ filters: defaultFilterValues(definition, { today: testToday }), routeParams: firstRouteParams(definition) });

/** Each block of a source with what it reads: the answer, or each element of a data tab over it. */
function blocksWithData(blocks: readonly Block[], sourceId: string, answer: unknown): Array<{ block: Block; datum: unknown; scoped: boolean }> {
  const found: Array<{ block: Block; datum: unknown; scoped: boolean }> = [];
  const visit = (list: readonly Block[], datum: unknown, scoped: boolean) => {
    for (const block of list) {
      if (block.kind !== 'tabs') {
        if (block.source === sourceId) found.push({ block, datum, scoped });
        continue;
      }
      block.tabs?.forEach((tab) => visit(tab.blocks, datum, scoped));
      if (block.fromData?.source === sourceId) {
        for (const element of readRows(answer, block.fromData.rows)) visit(block.fromData.blocks, element, true);
      }
    }
  };
  visit(blocks, answer, false);
  return found;
}

function expectFields(rows: readonly unknown[], columns: TableBlock['columns'], where: string) {
  for (const column of columns.filter((c) => c.field)) {
    const missing = rows.filter((row) => getPath(row, column.field) === undefined);
    expect(missing.length, `${column.field} in ${where}`).toBe(0);
  }
}

describe.each(loaded.map((entry) => [entry.definition?.id ?? displayPath(entry.file), entry] as const))('%s', (_name, entry) => {
  it(`${displayPath(entry.file)} is a valid definition (npm run validate names each mistake)`, () => {
    expect(entry.error === undefined ? '' : String(entry.error)).toBe('');
  });
  const definition = entry.definition;
  if (!definition) return;
  it.each(Object.keys(definition.sources))('source %s answers rows with every column the blocks show', async (sourceId) => {
    const answer = await answerOf(definition, sourceId);
    const source = definition.sources[sourceId]!;
    for (const { block, datum, scoped } of blocksWithData(definition.blocks, sourceId, answer)) {
      if (block.kind === 'table') {
        const path = scoped ? block.rows : rowsPath(block, source);
        const rows = readRows(datum, path);
        expectFields(rows, block.columns, String(path));
        const { expand } = block;
        if (expand?.source === undefined) {
          if (expand) expectFields(rows.flatMap((row) => readRows(row, expand.rows)), expand.columns, `${path}.${expand.rows}`);
        } else {
          // Nested rows of a source of their own: asked for each row as the screen asks when it is opened.
          const nested: unknown[] = [];
          for (const row of rows) nested.push(...readRows(await answerOf(definition, expand.source, planExpandRequest(definition, expand, row, planContext(definition))), expand.rows));
          expectFields(nested, expand.columns, `${expand.source} ${expand.rows}`);
        }
      }
      if (block.kind === 'cards') {
        for (const card of block.cards) {
          const value = card.field ? getPath(datum, card.field) : evaluateNumber(card.value!, datum);
          expect(value, card.label).not.toBeUndefined();
          if (card.value) expect(Number.isFinite(value), card.label).toBe(true);
        }
      }
    }
  });
});

it('finds rows for the lodging and booking screens with their default filters on the test data', async () => {
  const counts: Record<string, number> = {};
  for (const definition of definitions) {
    for (const sourceId of Object.keys(definition.sources)) {
      const answer = await answerOf(definition, sourceId);
      const table = definition.blocks.find((b): b is TableBlock => b.kind === 'table' && b.source === sourceId);
      counts[`${definition.id}/${sourceId}`] = readRows(answer, rowsPath(table ?? {}, definition.sources[sourceId])).length;
    }
  }
  expect(counts['general-booking/bookings']).toBeGreaterThan(0);
  expect(counts['general-follow-up/bookings']).toBeGreaterThan(0);
  expect(counts['general-occupancy/months']).toBe(12);
  for (const key of ['gerencia-recaudo/bookings', 'gerencia-recaudo/potential', 'gerencia-recaudo/nationalities', 'general-comercial/comercial', 'general-balance/balances', 'general-sales/sales']) {
    expect(counts[key], key).toBeGreaterThan(0);
  }
  // One forecast row per night of the current month.
  const [year, month] = testToday.split('-').map(Number) as [number, number];
  expect(counts['general-forecast/forecast']).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
});

it('finds rows for the POS screens with their default filters (today, this month, the previous month)', async () => {
  const sources: Array<[string, string]> = [
    ['pos-sales', 'orders'], ['pos-sales-group', 'clients'], ['pos-details', 'lines'], ['pos-payment', 'methods'],
    ['pos-popularity', 'products'], ['pos-gift', 'products'], ['pos-status', 'times'],
    ['gerencia-pos', 'clients'], ['gerencia-pos', 'payments'], ['gerencia-performance', 'products'], ['gerencia-performance', 'sold'],
  ];
  for (const [id, sourceId] of sources) {
    const definition = definitions.find((d) => d.id === id)!;
    const answer = await answerOf(definition, sourceId);
    expect(readRows(answer, rowsPath({}, definition.sources[sourceId])).length, `${id}/${sourceId}`).toBeGreaterThan(0);
  }
  const hours = await answerOf(definitions.find((d) => d.id === 'app-sale')!, 'hours');
  expect(readRows(hours, 'data').reduce((n: number, h: any) => n + h.count, 0)).toBeGreaterThan(0);
});
