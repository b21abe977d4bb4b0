import { matchRoutes } from 'react-router-dom';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { WidgetId } from '../../schema/registries.ts';
import { queryClient } from '../api/queryClient.ts';
import { reportById, reportRoutes, routeParamsAllowed } from '../../core/definitions.ts';
import { screenRequests } from '../data/screenRequests.ts';
import { sourceQueryOptions } from '../data/useSource.ts';
import { walkBlocks } from '../../core/data/walkBlocks.ts';
import { operatorToday } from '../../core/filters/dates.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { readFilterValues } from '../../core/report/urlState.ts';
import { aboutPath } from '../shell/paths.ts';
import { loadWidget, type WidgetModule } from '../widgets/registry.ts';

/** The folders (small modules, not their components) of the widgets whose blocks have a source; one that fails to load is left out. */
async function sourceWidgets(definition: ReportDefinition): Promise<Map<WidgetId, WidgetModule>> {
  const ids = new Set<WidgetId>();
  walkBlocks(definition.blocks, (block) => void (block.kind === 'widget' && block.source !== undefined && ids.add(block.widget)));
  const loaded = await Promise.all([...ids].map((id) => loadWidget(id).catch(() => undefined)));
  return new Map(loaded.flatMap((module) => (module ? [[module.id, module] as const] : [])));
}

/**
 * Starts the data requests of the report screen at `location` now, in parallel with the chunks of its page, and
 * leaves them in the query cache under the keys the page's blocks read (useSource), so the page sends none again.
 * Loaded by the entry only on a signed-in start, where `configured` is the start-up's read of the service base URLs,
 * and by the menu as the user is about to open a screen (shell/prefetchOnIntent.ts).
 */
export async function prefetchScreen(location: Pick<Location, 'pathname' | 'search'>, configured: Promise<unknown> = Promise.resolve()): Promise<void> {
  // The shell's own page takes part in the matching, so a report never claims a path the router gives to it.
  const routes: Array<{ path: string; id?: string }> = [{ path: aboutPath }, ...reportRoutes().map(({ path, definition }) => ({ path, id: definition.id }))];
  const match = matchRoutes(routes, location.pathname)?.at(-1);
  const definition = match?.route.id === undefined ? undefined : reportById(match.route.id);
  if (!match || !definition || !routeParamsAllowed(definition, match.params)) return;
  const searchParams = new URLSearchParams(location.search);
  // A calendar knows the days it will show from the URL: its folder says so, loaded while the configuration is read.
  const [widgets] = await Promise.all([sourceWidgets(definition), configured]);
  // Today is the operator's, whose zone the configuration brings.
  const today = operatorToday();
  const filters = readFilterValues(definition, searchParams, defaultFilterValues(definition, { today }), { today });
  const requests = screenRequests(definition, {
    filters,
    routeParams: match.params,
    searchParams,
    widgetFilters: (block) => widgets.get(block.widget)?.firstRequestFilters?.({ options: block.options, searchParams, today }),
  });
  // No failure notice of its own: the page's block takes the query over with its notice, or asks again on a failure.
  for (const { sourceId, request } of requests) {
    void queryClient.prefetchQuery(sourceQueryOptions(definition, sourceId, request));
  }
}
