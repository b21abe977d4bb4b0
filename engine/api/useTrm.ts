import { useQuery } from '@tanstack/react-query';
import { texts } from '../texts.ts';
import { apiGet } from './client.ts';
import { queryKeys } from './queryKeys.ts';

interface TrmAnswer {
  data: { date?: string; value_30: number | string };
}

export interface Trm {
  /** Colombian pesos per US dollar today (`value_30`); undefined while loading or after a failure. */
  trm: number | undefined;
  isPending: boolean;
  isError: boolean;
}

/** Today's TRM from the payments service; one request and one failure notice for the whole app. */
export function useTrm(): Trm {
  const query = useQuery({
    queryKey: queryKeys.trm(),
    queryFn: ({ signal }) => apiGet<TrmAnswer>({ service: 'payments', path: '/api/v1/trm' }, signal),
    select: (answer) => Number(answer.data.value_30),
    staleTime: 60 * 60_000,
    meta: { notify: { title: texts.errors.trmTitle, text: texts.errors.trmText } },
  });
  const trm = query.data !== undefined && Number.isFinite(query.data) ? query.data : undefined;
  return { trm, isPending: query.isPending, isError: query.isError };
}
