import { firstRouteParams, planRequest } from '../../core/data/planRequest.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { definitionFiles, loadDefinitionFile } from '../../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema } from '../../schema/reportDefinition.ts';
import type { BenchCall } from './heavyRoutes.ts';

/**
 * Every call the report screens make when they open: each source of each definition, planned by the engine with the
 * definition's default filters on `today` (and its first route parameter), as tests/reportsApi.test.ts checks them.
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
    for (const sourceId of Object.keys(definition.sources)) {
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
