import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LookupName } from '../../schema/registries.ts';
import { apiGet } from '../api/client.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { lookupEntries, planLookupRequest } from './lookups.ts';

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The first page of a remote list matching what the user types (asked 250 ms after the last key). */
export function useLookup(lookup: LookupName, search: string, enabled: boolean) {
  const settled = useDebounced(search.trim(), 250);
  const query = useQuery({
    queryKey: queryKeys.lookup(lookup, settled),
    queryFn: ({ signal }) => apiGet<unknown>(planLookupRequest(lookup, settled), signal),
    select: (answer) => lookupEntries(lookup, answer),
    enabled,
    staleTime: 5 * 60_000,
    meta: { notify: 'server' },
  });
  return { entries: query.data ?? [], isLoading: enabled && (query.isPending || settled !== search.trim()) };
}
