import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiWrite } from './client.ts';

/**
 * Create, change and delete on an API collection (`path`, `path/:id`) that answers `{ data }`; each success
 * refreshes the list under `listKey`. Failures are left to the caller unless `onRemoveError` is given.
 */
export function useCollectionChanges<Item, New, Change>(path: string, listKey: QueryKey, onRemoveError?: (error: unknown) => void) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: listKey });
  const create = useMutation({
    mutationFn: (item: New) => apiWrite<{ data: Item }>('POST', { service: 'api', path }, item).then((answer) => answer.data),
    onSuccess,
  });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: number; change: Change }) =>
      apiWrite<{ data: Item }>('PATCH', { service: 'api', path: `${path}/${id}` }, change).then((answer) => answer.data),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiWrite('DELETE', { service: 'api', path: `${path}/${id}` }),
    onSuccess,
    ...(onRemoveError ? { onError: onRemoveError } : {}),
  });
  return { create, update, remove, onSuccess };
}
