import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ServiceName, WidgetId } from '../../schema/registries.ts';
import { apiGet } from '../../engine/api/client.ts';
import { queryKeys } from '../../engine/api/queryKeys.ts';

export type Query = ReadonlyArray<readonly [string, string]>;

export interface WidgetQuery {
  widget: WidgetId;
  /** The widget's key (a booking ref, an order id, a client id). */
  key: string;
  /** Which of the widget's calls, e.g. `balance`. */
  part: string;
  /** Whose base URL (runtime configuration). Default: `api`. */
  service?: ServiceName;
  path: string;
  query?: Query;
  /** Keep showing the previous answer while another page or filter loads. */
  keepPrevious?: boolean;
}

/** One API call of a widget under the one key factory; the query client notifies a failure once (meta.notify). */
export function useWidgetQuery<T>({ widget, key, part, service = 'api', path, query = [], keepPrevious = false }: WidgetQuery) {
  return useQuery({
    queryKey: queryKeys.widget(widget, key, part, query),
    queryFn: ({ signal }) => apiGet<T>({ service, path, query }, signal),
    meta: { notify: 'server' },
    ...(keepPrevious && { placeholderData: keepPreviousData }),
  });
}
