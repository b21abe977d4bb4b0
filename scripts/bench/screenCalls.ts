import { firstRouteParams, planRequest } from '../../core/data/planRequest.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { walkBlocks } from '../../core/data/walkBlocks.ts';
import { definitionFiles, loadDefinitionFile } from '../../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import type { BenchCall } from './heavyRoutes.ts';

/**
 * Every call the report screens make when they open: each source of each definition, planned by the engine with the
 * definition's default filters on `today` (and its first route parameter), as tests/reportsApi.test.ts checks them; a
 * source an opened row asks (`expand.source`) is left out.
 * A URL several screens share is one call, named after the first. The heavy routes come first (the screens' other
 * calls that add nothing new are left out), so that the bench times every report route the screens reach.
 */
export async function screenCalls(today: string, first: readonly BenchCall[] = []): Promise<BenchCall[]> {
  const calls = [...first];
  const urls = new Set(calls.map((c) => c.url));
  for (const file of definitionFiles()) {
    const definition = reportDefinitionSchema.parse(await loadDefinitionFile(file));
    const filters = defaultFilterValues(definition, { today });
    const routeParams = firstRouteParams(definition);
    // A source of opened rows' nested rows (`expand.source`) is asked per row, not as the screen opens.
    const expandOnly = new Set<string>();
    walkBlocks(definition.blocks, (block) => {
      if (block.kind === 'table' && block.expand?.source !== undefined) expandOnly.add(block.expand.source);
    });
    walkBlocks(definition.blocks, (block) => {
      if (block.kind !== 'tabs' && block.source !== undefined) expandOnly.delete(block.source);
      if (block.kind === 'tabs' && block.fromData) expandOnly.delete(block.fromData.source);
    });
    for (const sourceId of Object.keys(definition.sources)) {
      if (expandOnly.has(sourceId)) continue;
      const request = planRequest(definition, sourceId, { filters, routeParams });
      const query = new URLSearchParams(request.query as Array<[string, string]>).toString();
      const url = `${request.path}${query ? `?${query}` : ''}`;
      if (urls.has(url)) continue;
      urls.add(url);
      calls.push({ name: `${definition.id}/${sourceId}`, url });
    }
  }
  return calls;
}
