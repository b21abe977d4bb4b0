import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Block } from '../../schema/reportDefinition.ts';
import { planRequest } from '../../core/data/planRequest.ts';
import { defaultTableState } from '../../core/data/tableState.ts';
import { sourceQueryOptions } from '../data/useSource.ts';
import type { BlockPath } from '../../core/data/walkBlocks.ts';
import { useReport, type ReportState } from './ReportContext.tsx';
import { readTableState } from '../../core/report/urlState.ts';

export interface BlockGroup {
  blocks: readonly Block[];
  /** The position of the group (a tab), under which its blocks are numbered. */
  path: BlockPath;
}

/** The blocks that fetch their own source, with their positions; data tabs' blocks read their element instead. */
function fetchingBlocks(blocks: readonly Block[], path: BlockPath): Array<{ block: Block; path: BlockPath }> {
  return blocks.flatMap((block, index) => {
    const here = [...path, index];
    if (block.kind === 'tabs') return (block.tabs ?? []).flatMap((tab, tabIndex) => fetchingBlocks(tab.blocks, [...here, tabIndex]));
    return block.kind === 'widget' ? [] : [{ block, path: here }];
  });
}

function prefetch(report: ReportState, queryClient: ReturnType<typeof useQueryClient>, block: Block, path: BlockPath) {
  if (block.kind === 'tabs' || !block.source) return;
  const { definition, filters, routeParams, searchParams } = report;
  if (!definition.sources[block.source] || definition.sources[block.source]?.lazy) return;
  const tableContext =
    block.kind === 'table' ? { block, table: readTableState(searchParams, path, defaultTableState(block), block.pageSizes) } : {};
  const request = planRequest(definition, block.source, { filters, routeParams, ...tableContext });
  void queryClient.prefetchQuery(sourceQueryOptions(definition, block.source, request));
}

/** Fetches the sources of blocks in hidden tabs now, unless a source is `lazy` (fetched when its tab shows). */
export function usePrefetchSources(groups: readonly BlockGroup[]): void {
  const queryClient = useQueryClient();
  const report = useReport();

  useEffect(() => {
    for (const group of groups) {
      for (const { block, path } of fetchingBlocks(group.blocks, group.path)) prefetch(report, queryClient, block, path);
    }
  }, [groups, report, queryClient]);
}
