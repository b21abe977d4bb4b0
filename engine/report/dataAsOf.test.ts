import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { refreshScreen, screenReadAt } from './dataAsOf.ts';

const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
const unsubscribes: Array<() => void> = [];
afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  client.clear();
});

let reads = 0;
/** A cached answer read at `updatedAt`; `shown` puts an observer on it, as a block on screen does. */
function answer(key: readonly unknown[], updatedAt: number, shown = true) {
  client.setQueryData(key, { rows: [] }, { updatedAt });
  if (!shown) return;
  const observer = new QueryObserver(client, { queryKey: key, queryFn: async () => ({ rows: [reads++] }) });
  unsubscribes.push(observer.subscribe(() => undefined));
}

describe('screenReadAt', () => {
  it('is the oldest answer among the sources on screen', () => {
    answer(queryKeys.report('general-booking', 'bookings', [['page', '1']]), Date.UTC(2026, 10, 22, 14, 5));
    answer(queryKeys.report('general-booking', 'totals', []), Date.UTC(2026, 10, 22, 14, 9));
    expect(screenReadAt(client, 'general-booking')).toBe(Date.UTC(2026, 10, 22, 14, 5));
  });

  it('leaves out what is not on screen: another report, a prefetched tab, a filter list', () => {
    answer(queryKeys.report('general-booking', 'bookings', []), Date.UTC(2026, 10, 22, 14, 5));
    answer(queryKeys.report('general-booking', 'hiddenTab', []), Date.UTC(2026, 10, 22, 9, 0), false);
    answer(queryKeys.report('general-sales', 'sales', []), Date.UTC(2026, 10, 22, 8, 0));
    answer(queryKeys.lookup('users', ''), Date.UTC(2026, 10, 22, 7, 0));
    expect(screenReadAt(client, 'general-booking')).toBe(Date.UTC(2026, 10, 22, 14, 5));
  });

  it("counts an open detail panel's answers and has no time before the first answer", () => {
    expect(screenReadAt(client, 'general-booking')).toBeUndefined();
    answer(queryKeys.report('general-booking', 'bookings', []), Date.UTC(2026, 10, 22, 14, 5));
    answer(queryKeys.widget('booking-detail', 'B-1', 'booking'), Date.UTC(2026, 10, 22, 13, 0));
    expect(screenReadAt(client, 'general-booking')).toBe(Date.UTC(2026, 10, 22, 13, 0));
  });
});

describe('refreshScreen', () => {
  it("reads the screen's sources again, and only the screen's", async () => {
    const old = Date.UTC(2026, 10, 22, 14, 5);
    const bookings = queryKeys.report('general-booking', 'bookings', [['page', '2']]);
    const other = queryKeys.report('general-sales', 'sales', []);
    answer(bookings, old);
    answer(other, old);
    await refreshScreen(client, 'general-booking');
    expect(client.getQueryState(bookings)!.dataUpdatedAt).toBeGreaterThan(old);
    expect(client.getQueryData(bookings)).toEqual({ rows: [0] });
    expect(client.getQueryState(other)!.dataUpdatedAt).toBe(old);
    expect(screenReadAt(client, 'general-booking')).toBe(client.getQueryState(bookings)!.dataUpdatedAt);
  });
});
