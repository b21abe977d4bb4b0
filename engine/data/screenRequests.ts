import type { Block, ReportDefinition } from '../../schema/reportDefinition.ts';
import type { RequestSpec } from '../../core/data/requestSpec.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';
import { readSelectedTab, readTableState } from '../../core/report/urlState.ts';
import { planRequest } from '../../core/data/planRequest.ts';
import { comparedFilters, readCompareMode } from '../../core/filters/comparePeriod.ts';
import { usesPeriodComparison } from '../../core/report/cardValue.ts';
import { defaultTableState, tablePaging } from '../../core/data/tableState.ts';
import type { BlockPath } from '../../core/data/walkBlocks.ts';

type WidgetBlock = Extract<Block, { kind: 'widget' }>;

export interface ScreenState {
  /** The applied filter values (URL and defaults, as the report page reads them). */
  filters: FilterValues;
  routeParams: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
  /**
   * The filter values a widget block's first request sets over the report's, when its widget knows them before it
   * draws (WidgetModule.firstRequestFilters); undefined for a widget that fetches for itself once drawn.
   */
  widgetFilters?(block: WidgetBlock): FilterValues | undefined;
}

export interface ScreenRequest {
  sourceId: string;
  request: RequestSpec;
}

/**
 * The requests a report page sends as it first draws, each once: what its shown blocks fetch (a table with its state
 * from the URL, cards and charts the source's default page, a data tab's source) and the sources the hidden tabs
 * prefetch unless `lazy`, a shown cards block's source for the other period when the URL asks `compare`, and a shown
 * widget block's source where `widgetFilters` gives its first request's filters (other widgets fetch for themselves and
 * are left out).
 */
export function screenRequests(definition: ReportDefinition, state: ScreenState): ScreenRequest[] {
  const { filters, routeParams, searchParams, widgetFilters } = state;
  const mode = readCompareMode(searchParams);
  const found = new Map<string, ScreenRequest>();
  const add = (sourceId: string, request: RequestSpec) =>
    found.set(JSON.stringify([sourceId, request.path, request.query ?? []]), { sourceId, request });

  const visit = (blocks: readonly Block[], path: BlockPath, shown: boolean) =>
    blocks.forEach((block, index) => {
      const here = [...path, index];
      if (block.kind === 'widget') {
        const { source } = block;
        const own = shown && source !== undefined && definition.sources[source] ? widgetFilters?.(block) : undefined;
        if (source !== undefined && own) add(source, planRequest(definition, source, { filters: { ...filters, ...own }, routeParams }));
        return;
      }
      if (block.kind === 'tabs') {
        // The blocks of a data tab read its element: only the tab strip's source is fetched, and only when shown.
        if (block.fromData) {
          if (shown && definition.sources[block.fromData.source]) add(block.fromData.source, planRequest(definition, block.fromData.source, { filters, routeParams }));
          return;
        }
        const tabs = block.tabs ?? [];
        const selected = readSelectedTab(searchParams, here, tabs.length);
        tabs.forEach((tab, tabIndex) => visit(tab.blocks, [...here, tabIndex], shown && tabIndex === selected));
        return;
      }
      const source = definition.sources[block.source];
      if (!source || (!shown && source.lazy)) return;
      if (block.kind !== 'table') {
        add(block.source, planRequest(definition, block.source, { filters, routeParams }));
        // "Comparar con:": a shown cards block's source asked again for the other period.
        const compared = block.kind === 'cards' && shown && mode !== undefined && block.cards.some((card) => usesPeriodComparison(card, mode))
          ? comparedFilters(definition, block.source, filters, mode)
          : undefined;
        if (compared) add(block.source, planRequest(definition, block.source, { filters: compared.filters, routeParams }));
        return;
      }
      const table = tablePaging(block, source) === 'server' ? readTableState(searchParams, here, defaultTableState(block), block.pageSizes) : undefined;
      add(block.source, planRequest(definition, block.source, { filters, routeParams, block, table }));
    });

  visit(definition.blocks, [], true);
  return [...found.values()];
}
