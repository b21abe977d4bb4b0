import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';

/** How long a lookup's or the TRM's answer is reused before the database is asked again (LOOKUP_CACHE_SECONDS). */
export const defaultLookupCacheSeconds = 60;

/** The most answers kept; past it the least recently used is dropped (each distinct search is an entry). */
export const lookupCacheMaxEntries = 1000;

export interface AnswerCache {
  /**
   * The answer remembered under `key` if it is younger than the lifetime, else `load()`'s (remembered once it
   * succeeds). Concurrent misses of one key share one load; a failed load is not remembered.
   */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Answers remembered now (expired ones included until they are asked for or pushed out). */
  readonly size: number;
}

/** A bounded cache of answers, `seconds` long on the clock `now` (0: every call loads). */
export function answerCache(seconds: number, now: () => number, maxEntries = lookupCacheMaxEntries): AnswerCache {
  // The least recently used answer goes first; an expired one is never answered (nor kept once asked for).
  const entries =
    seconds > 0
      ? new LRUCache<string, { value: Promise<unknown> }>({ max: maxEntries, ttl: seconds * 1000, ttlResolution: 0, perf: { now } })
      : undefined;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!entries) return load();
      const hit = entries.get(key);
      if (hit) return hit.value as Promise<T>;
      const entry = { value: load() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.peek(key) === entry) entries.delete(key);
      });
      return entry.value as Promise<T>;
    },
    get size() {
      return entries?.size ?? 0;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of the lookups, the TRM and the app-use summaries, reused for LOOKUP_CACHE_SECONDS. */
    answerCache: AnswerCache;
  }
}

/** Decorates `app.answerCache`, timed by the app's clock (`app.now`, which tests move). */
export function registerAnswerCache(app: FastifyInstance, seconds = defaultLookupCacheSeconds) {
  app.decorate('answerCache', answerCache(seconds, () => app.now().getTime()));
}

/** The cache key of a request: today (answers that default to a date depend on it) and the URL as sent. */
export const requestKey = (app: FastifyInstance, url: string) => `${app.today()} ${url}`;
