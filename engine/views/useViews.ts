import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api/client.ts';
import { useCollectionChanges } from '../api/useCollectionChanges.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { notifyServerError } from '../notify.ts';
import type { ViewState } from '../../core/report/urlState.ts';

/** A saved view as the API answers it (own and shared ones; `mine` when the employee owns it). */
export interface SavedView {
  id: number;
  reportId: string;
  path: string;
  name: string;
  shared: boolean;
  state: ViewState;
  owner: { id: number; name: string; lastName: string };
  mine: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface NewView {
  reportId: string;
  path: string;
  name: string;
  shared: boolean;
  state: ViewState;
}

export type ViewChange = Partial<Pick<SavedView, 'name' | 'shared' | 'state'>>;

const viewsPath = '/api/v1/views';

/** Every view the employee may open (one request for the whole app: the menu and the sidebar share it). */
export function useViews() {
  return useQuery({
    queryKey: queryKeys.views(),
    queryFn: ({ signal }) => apiGet<{ data: SavedView[] }>({ service: 'api', path: viewsPath }, signal).then((answer) => answer.data),
    staleTime: 30_000,
  });
}

/** Create, change and delete; each refreshes the list. A 409 (name taken) is left to the form that sent it. */
export function useViewChanges() {
  const { create, update, remove } = useCollectionChanges<SavedView, NewView, ViewChange>(viewsPath, queryKeys.views(), notifyServerError);
  return { create, update, remove };
}
