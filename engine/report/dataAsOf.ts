import type { Query, QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/queryKeys.ts';

const reportKey = [...queryKeys.all, 'report'] as const;
const widgetKey = [...queryKeys.all, 'widget'] as const;

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => key[i] === part);

/**
 * A query of the screen: a source of this report (or of any report when no id is given) or of an open detail panel,
 * read by something on screen now. Prefetched hidden tabs and lookups of the filter lists are not.
 */
export function isScreenQuery(query: Query, reportId?: string): boolean {
  const key = query.queryKey;
  const own = startsWith(key, reportKey) && (reportId === undefined || key[reportKey.length] === reportId);
  return (own || startsWith(key, widgetKey)) && query.isActive();
}

/** When the screen's data was read: the oldest answer of its sources on screen (ms since the epoch), none before the first. */
export function screenReadAt(queryClient: QueryClient, reportId?: string): number | undefined {
  let oldest: number | undefined;
  for (const query of queryClient.getQueryCache().getAll()) {
    const readAt = query.state.dataUpdatedAt;
    if (readAt > 0 && isScreenQuery(query, reportId) && (oldest === undefined || readAt < oldest)) oldest = readAt;
  }
  return oldest;
}

/** Reads every source of the screen again, with the same parameters; the view (all in the URL) stays as it is. */
export function refreshScreen(queryClient: QueryClient, reportId: string): Promise<void> {
  const predicate = (query: Query) => {
    const key = query.queryKey;
    return (startsWith(key, reportKey) && key[reportKey.length] === reportId) || startsWith(key, widgetKey);
  };
  // Sources on screen are read now; the others of the report (hidden tabs) when they are shown.
  return queryClient.invalidateQueries({ predicate, refetchType: 'active' });
}
