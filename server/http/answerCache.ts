import type { FastifyInstance } from 'fastify';

/** How long a lookup's or the TRM's answer is reused before the database is asked again (LOOKUP_CACHE_SECONDS). */
export const defaultLookupCacheSeconds = 60;

/** The most answers kept; past it the oldest is dropped (each distinct search is an entry). */
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
  const entries = new Map<string, { until: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (seconds <= 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.until > at) return hit.value as Promise<T>;
      entries.delete(key);
      while (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      const value = load();
      entries.set(key, { until: at + seconds * 1000, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    get size() {
      return entries.size;
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
