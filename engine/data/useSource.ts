import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { apiGet, type RequestSpec } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { planRequest, type PlanContext } from './planRequest.ts';

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

/** Fetches a source for the applied filters; a failure is notified once (the query client's notice). */
export function useSource(definition: ReportDefinition, sourceId: string, options: SourceOptions): SourceResult {
  const { enabled = true, keepPrevious = false, ...context } = options;
  const request = planRequest(definition, sourceId, context);
  const query = useQuery({
    queryKey: sourceQueryKey(definition, sourceId, request),
    queryFn: ({ signal }) => apiGet<unknown>(request, signal),
    enabled,
    meta: { notify: 'server' },
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
