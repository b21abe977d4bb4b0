import { QueryCache, QueryClient } from '@tanstack/react-query';
import { notifyError, notifyServerErrorWorded } from '../notify.ts';
import { subscribeSession } from '../session/session.ts';
import { ApiError } from './client.ts';

/** What a query says about its failure: `server` shows the generic server notice (`serverAccented` as POS screens write it), an object its own. */
export type QueryErrorNotice = 'server' | 'serverAccented' | { title: string; text: string };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { notify?: QueryErrorNotice };
  }
}

const isClientError = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * The longest wait a query takes on its own before its one retry, when the server says how long to wait
 * (`Retry-After`: 5 s when the database is down or slow). A longer one (30 s when every stream connection is taken by
 * downloads) is not waited out behind a spinner, nor ignored by asking again at once: the screen shows the server's
 * message and its Reintentar button.
 */
export const retryAfterMaxSeconds = 5;

const asksLongWait = (error: unknown) => error instanceof ApiError && (error.retryAfterSeconds ?? 0) > retryAfterMaxSeconds;

/** Before the one retry: the server's Retry-After when it gave one, else 1 s (TanStack Query's first delay). */
const retryDelay = (_failureCount: number, error: unknown) =>
  (error instanceof ApiError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds : 1) * 1000;

/** Notices go out once per failed query (after its retry), however many components read it. */
function notifyQueryError(error: unknown, notice: QueryErrorNotice | undefined): void {
  if (!notice) return;
  if (notice === 'server' || notice === 'serverAccented' || (error instanceof ApiError && (error.noPermission || error.signedOut))) {
    notifyServerErrorWorded(error, notice === 'serverAccented' ? 'accented' : 'plain');
    return;
  }
  notifyError(notice.title, notice.text);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notifyQueryError(error, query.meta?.notify) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change on a second try; a network or server failure might, after the wait the server asks.
        retry: (failureCount, error) => failureCount < 1 && !isClientError(error) && !asksLongWait(error),
        retryDelay,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The app's one query client. */
export const queryClient = createQueryClient();

// Another employee may sign in next: nothing cached for the previous one survives a sign-out.
subscribeSession((session) => {
  if (!session) queryClient.clear();
});
