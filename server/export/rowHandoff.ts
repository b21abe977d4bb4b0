import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * How a server export reads a list route's rows without a second copy of its SQL: the export asks the list route
 * itself (an in-process request with the caller's token, so its validation, rights and filters apply) and marks the
 * request with a one-time id; the list route's all-rows answer (pagedAnswer) then hands its cursor to the export
 * instead of writing JSON, and waits until the export has read it. Ids are random and single-use, so a client
 * cannot claim another request's rows by sending the header.
 */
export const rowHandoffHeader = 'x-mirador-export-rows';

/**
 * Takes the cursor, whose steps are batches of rows' JSON texts (Db.streamJson; its first step already taken), and
 * resolves with the row count once the export is done with it.
 */
export type RowReceiver = (rows: AsyncIterator<string[]>, first: IteratorResult<string[]>) => Promise<number>;

const receivers = new Map<string, RowReceiver>();

/** Registers a receiver; the id goes in `rowHandoffHeader` of the list request. `close` forgets it if unused. */
export function openRowHandoff(receiver: RowReceiver): { headers: Record<string, string>; close(): void } {
  const id = randomUUID();
  receivers.set(id, receiver);
  return { headers: { [rowHandoffHeader]: id }, close: () => receivers.delete(id) };
}

/** The receiver a request was marked for, once; undefined for every other request. */
export function takeRowHandoff(request: FastifyRequest): RowReceiver | undefined {
  const id = request.headers[rowHandoffHeader];
  if (typeof id !== 'string') return undefined;
  const receiver = receivers.get(id);
  receivers.delete(id);
  return receiver;
}
