import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../queryClient.ts';

const clients = new Set<QueryClient>();

/** A query client with the app's settings for one test; `clearTestQueryClients` stops and empties it. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  clients.add(client);
  return client;
}

/** Cancels what the test clients still fetch and drops their queries (and their timers). */
export async function clearTestQueryClients(): Promise<void> {
  for (const client of clients) {
    await client.cancelQueries();
    client.clear();
  }
  clients.clear();
}
