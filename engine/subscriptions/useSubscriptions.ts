import { useMutation, useQuery } from '@tanstack/react-query';
import { apiGet, apiWrite } from '../api/client.ts';
import { useCollectionChanges } from '../api/useCollectionChanges.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { ViewState } from '../../core/report/urlState.ts';

/** When a subscription is sent (subs-contract: hour of the operator's time zone; weekdays ISO 1 = lunes … 7 = domingo). */
export interface Schedule {
  frequency: 'daily' | 'weekly' | 'monthly';
  weekdays?: number[] | undefined;
  monthDay?: number | undefined;
  hour: number;
}

export type SubscriptionFormat = 'xlsx' | 'csv';

export interface Person {
  id: number;
  name: string;
  lastName: string;
}

/** A subscription as `GET /api/v1/subscriptions` answers it: one's own (`mine`) then those naming one as a recipient. */
export interface Subscription {
  id: number;
  reportId: string;
  path: string;
  title: string;
  blocks: string[];
  state: ViewState;
  viewId: number | null;
  owner: Person;
  mine: boolean;
  recipients: Person[];
  schedule: Schedule;
  format: SubscriptionFormat;
  skipEmpty: boolean;
  paused: boolean;
  nextSendAt: string;
  lastSentAt: string | null;
  lastError: string | null;
  createdAt: string;
}

export interface NewSubscription {
  reportId: string;
  path: string;
  blocks: string[];
  state: ViewState;
  viewId: number | null;
  recipients?: number[];
  schedule: Schedule;
  format: SubscriptionFormat;
  skipEmpty: boolean;
}

export interface SubscriptionChange {
  paused?: boolean;
  schedule?: Schedule;
  format?: SubscriptionFormat;
  skipEmpty?: boolean;
  recipients?: number[];
}

export const subscriptionsPath = '/api/v1/subscriptions';

/** The employee's subscriptions, own and received. */
export function useSubscriptions() {
  return useQuery({
    queryKey: queryKeys.subscriptions(),
    queryFn: ({ signal }) => apiGet<{ data: Subscription[] }>({ service: 'api', path: subscriptionsPath }, signal).then((answer) => answer.data),
  });
}

/** The active employees who may be named as recipients (asked only when the field shows). */
export function useRecipients(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.subscriptionRecipients(),
    queryFn: ({ signal }) => apiGet<{ data: Person[] }>({ service: 'api', path: `${subscriptionsPath}/recipients` }, signal).then((answer) => answer.data),
    staleTime: 60_000,
    enabled,
  });
}

/** Create, change, delete, leave and send now; each refreshes the list. Failures are left to the caller (a dialog or a notice). */
export function useSubscriptionChanges() {
  const { create, update, remove, onSuccess } = useCollectionChanges<Subscription, NewSubscription, SubscriptionChange>(
    subscriptionsPath,
    queryKeys.subscriptions(),
  );
  const leave = useMutation({
    mutationFn: (id: number) => apiWrite('DELETE', { service: 'api', path: `${subscriptionsPath}/${id}/me` }),
    onSuccess,
  });
  // "Enviar ahora": the server queues a job due now; the list shows its lastSentAt once the poller has sent it.
  const send = useMutation({
    mutationFn: (id: number) =>
      apiWrite<{ data: Subscription }>('POST', { service: 'api', path: `${subscriptionsPath}/${id}/send` }).then((answer) => answer.data),
    onSuccess,
  });
  return { create, update, remove, leave, send };
}
