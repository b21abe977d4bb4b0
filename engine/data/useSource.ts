import { keepPreviousData, useQuery, type QueryFunction } from '@tanstack/react-query';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { apiGet, apiGetStream } from '../api/client.ts';
import type { RequestSpec } from '../../core/data/requestSpec.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { QueryErrorNotice } from '../api/queryClient.ts';
import { arrivingAnswers, bodyChunks } from './arrivingRows.ts';
import { asksEveryRow, planRequest, type PlanContext } from '../../core/data/planRequest.ts';

export interface SourceOptions extends PlanContext {
  /** False while the block showing the source is not visible (a lazy source in a hidden tab). */
  enabled?: boolean;
  /** Keep the previous answer on screen while another page loads. */
  keepPrevious?: boolean;
}

export interface SourceResult {
  answer: unknown;
  /** No answer yet (first load). */
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  retry(): void;
  request: RequestSpec;
  /** When the answer shown arrived (ms since the epoch); 0 before the first. */
  dataUpdatedAt: number;
}

/** The cache key of a request: the query, and the path when route parameters or a row key filled it. */
export function sourceQueryKey(definition: Pick<ReportDefinition, 'id' | 'sources'>, sourceId: string, request: RequestSpec) {
  const query = request.query ?? [];
  const filled = request.path !== definition.sources[sourceId]?.path;
  return queryKeys.report(definition.id, sourceId, filled ? [[':path', request.path], ...query] : query);
}

/**
 * Every row of a server-paged list, read as it arrives: until the whole answer is in, the cache holds partial answers
 * (the rows so far, no total), so the table shows the first rows at once. A refetch keeps the answer shown until the
 * new one is whole.
 */
function arrivingRowsQuery(request: RequestSpec, rowsKey: string): QueryFunction {
  return async ({ signal, client, queryKey }) => {
    const showPartial = client.getQueryData(queryKey) === undefined;
    const response = await apiGetStream(request, signal);
    for await (const { answer, whole } of arrivingAnswers(bodyChunks(response.body!), rowsKey)) {
      if (whole) return answer;
      if (!showPartial) continue;
      client.setQueryData(queryKey, answer);
      // Lets the browser draw the rows before reading on: a body already received would otherwise be read through.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    throw new Error('An answer read as it arrived ended without its whole value');
  };
}

/**
 * How a source's request is fetched and cached: its key, and every row read as it arrives or the answer at once. One
 * place for the page (useSource) and the start-up's prefetch (app/prefetchScreen.ts), so both fill the same entry alike.
 */
export function sourceQueryOptions(definition: ReportDefinition, sourceId: string, request: RequestSpec) {
  const source = definition.sources[sourceId];
  const rowsKey = source?.rows ?? 'data';
  const transformed = source?.transform !== undefined;
  // A transformed source's blocks read its rows once they are all in and transformed, never part of them.
  const arriving = !transformed && asksEveryRow(definition, sourceId, request) && !rowsKey.includes('.');
  const fetchWhole: QueryFunction = ({ signal }) => apiGet<unknown>(request, signal);
  // Vega and Vega-Lite load with the first transformed source, as they do with the first chart.
  const fetchTransformed: QueryFunction = async (context) => {
    const [answer, { transformAnswer }] = await Promise.all([fetchWhole(context), import('../../core/data/sourceTransform.ts')]);
    return transformAnswer(answer, source!);
  };
  return {
    queryKey: sourceQueryKey(definition, sourceId, request),
    queryFn: transformed ? fetchTransformed : arriving ? arrivingRowsQuery(request, rowsKey) : fetchWhole,
    // Comparing each partial answer with the previous one would walk every row again.
    ...(arriving ? { structuralSharing: false } : {}),
  };
}

/** How a failed request of the report's sources is notified (the query client's notice, in the report's texts). */
export function sourceNoticeMeta(definition: Pick<ReportDefinition, 'errorTexts'>): { notify: QueryErrorNotice } {
  return { notify: definition.errorTexts === 'accented' ? 'serverAccented' : 'server' };
}

/** Fetches a source for the applied filters; a failure is notified once (the query client's notice). */
export function useSource(definition: ReportDefinition, sourceId: string, options: SourceOptions): SourceResult {
  const { enabled = true, keepPrevious = false, ...context } = options;
  const request = planRequest(definition, sourceId, context);
  const query = useQuery({
    ...sourceQueryOptions(definition, sourceId, request),
    enabled,
    meta: sourceNoticeMeta(definition),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  return {
    answer: query.data,
    isPending: enabled && query.isPending,
    isFetching: query.isFetching,
    error: query.error,
    retry: () => void query.refetch(),
    request,
    dataUpdatedAt: query.dataUpdatedAt,
  };
}
