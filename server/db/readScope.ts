import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './Db.ts';

/**
 * Reads that must all see one server, each at least as new as the one before: an answer cached under the versions of
 * the data it read (server/http/versionedCache.ts) reads the versions first and its figures after, and must never read
 * figures older than those versions. Inside a scope, reads share nothing with other requests (coalescedReads.ts: a
 * statement started or ended before the versions were read is older than them), and a replicated database reads on
 * the one server its first read went to (replicas.ts), or on the primary once that one fails: the primary is never
 * behind a replica.
 */
export interface ReadScope {
  /** The server each replicated database has pinned this scope's reads to. */
  readonly pins: WeakMap<object, Db>;
}

const scopes = new AsyncLocalStorage<ReadScope>();

/** Runs `work` with its reads on one server and shared with no one. */
export const inReadScope = <T>(work: () => Promise<T>): Promise<T> => scopes.run({ pins: new WeakMap() }, work);

/** The read scope of the work under way, if any. */
export const currentReadScope = (): ReadScope | undefined => scopes.getStore();
