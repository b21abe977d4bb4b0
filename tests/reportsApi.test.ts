import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planRequest } from '../engine/data/planRequest.ts';
import { readRows, rowsPath } from '../engine/data/sourceRows.ts';
import { walkBlocks } from '../engine/data/walkBlocks.ts';
import { evaluateNumber } from '../engine/core/expressions.ts';
import { getPath } from '../engine/core/paths.ts';
import { defaultFilterValues } from '../engine/filters/defaults.ts';
import { definitionFiles, loadDefinitionFile } from '../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema, type Block, type ReportDefinition, type TableBlock } from '../schema/reportDefinition.ts';
import { startTestServer, testToday, type TestServer } from './support/testServer.ts';

// The report corpus against the real API: each source, planned with the definition's default
// filters as the engine plans it, answers 200, and every column and card finds its value.
const definitions: ReportDefinition[] = await Promise.all(
  definitionFiles().map(async (file) => reportDefinitionSchema.parse(await loadDefinitionFile(file))),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function firstRouteParams(definition: ReportDefinition): Record<string, string> {
  return Object.fromEntries(Object.entries(definition.routeParams ?? {}).map(([name, values]) => [name, values[0]!.value]));
}

async function answerOf(definition: ReportDefinition, sourceId: string): Promise<unknown> {
  const filters = defaultFilterValues(definition, { today: testToday });
  const request = planRequest(definition, sourceId, { filters, routeParams: firstRouteParams(definition) });
  const query = new URLSearchParams(request.query as Array<[string, string]>).toString();
  const url = `${request.path}${query ? `?${query}` : ''}`;
  const res = await server.get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json();
}

describe.each(definitions.map((d) => [d.id, d] as const))('%s', (_id, definition) => {
  const blocks: Block[] = [];
  walkBlocks(definition.blocks, (block) => void blocks.push(block));

  it.each(Object.keys(definition.sources))('source %s answers rows with every column the blocks show', async (sourceId) => {
    const answer = await answerOf(definition, sourceId);
    const source = definition.sources[sourceId];
    for (const block of blocks) {
      if (block.kind === 'table' && block.source === sourceId) {
        const rows = readRows(answer, rowsPath(block, source));
        for (const column of block.columns.filter((c) => c.field)) {
          const missing = rows.filter((row) => getPath(row, column.field) === undefined);
          expect(missing.length, `${column.field} in ${rowsPath(block, source)}`).toBe(0);
        }
      }
      if (block.kind === 'cards' && block.source === sourceId) {
        for (const card of block.cards) {
          const value = card.field ? getPath(answer, card.field) : evaluateNumber(card.value!, answer);
          expect(value, card.label).not.toBeUndefined();
          if (card.value) expect(Number.isFinite(value), card.label).toBe(true);
        }
      }
    }
  });
});

it('finds rows for the lodging screens with their default filters on the test data', async () => {
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
});
