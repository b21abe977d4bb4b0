import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../db/Db.ts';
import { inReadScope } from '../db/readScope.ts';

/** Megabytes of answer text the versioned cache keeps at most (VERSIONED_CACHE_MB; 0: off). */
export const defaultVersionedCacheMb = 32;

/**
 * The versions of `tables` as the database has them: one indexed read of `data_versions` (migration
 * 013_data_versions.sql), whose rows every statement that writes one of those tables moves when it commits.
 * Tables never written since the migration have no rows: their version is the empty one until they are.
 */
export const dataVersionsSql = `SELECT coalesce(string_agg(table_name || ':' || version, ',' ORDER BY table_name), '') AS versions
  FROM (SELECT table_name, sum(version) AS version FROM data_versions WHERE table_name = ANY($1::text[]) GROUP BY 1) v`;

export interface VersionedCache {
  /**
   * The answer to `request`, the text `compute` gave for it while the data of `tables` was as it is now: the
   * versions of those tables are read first (one statement), and when they are the ones the remembered answer was
   * computed under, that answer's text is sent; else `compute` runs (its reads after the versions' read, on the same
   * server, shared with no other request: readScope.ts) and its answer is remembered under them. The key is the
   * request's URL as sent, the operator's time zone and today (an answer that defaults to today's period, or counts
   * from today, changes with them), so `compute` must depend on nothing else (not on who asks).
   * Concurrent misses of one key and versions share one computation; a failed one is not remembered.
   */
  answer(request: FastifyRequest, reply: FastifyReply, tables: readonly string[], compute: () => Promise<unknown>): Promise<string>;
  /** Answers remembered now. */
  readonly size: number;
}

interface Remembered {
  versions: string;
  text: string;
}

/** An answer as it is sent: the text a route wrote (jsonText.ts) as it is, anything else as JSON. */
const answerText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null'));

/**
 * Answers kept under the versions of the data they read, on `db` (the app's, whose reads may go to replicas), at
 * most `maxChars` characters of text (keys included), the least recently used dropped first; 0 turns it off (every
 * answer computed, no versions read). Each instance keeps its own and asks its database for the versions on every
 * request, so several instances, and replicas that lag, answer what their database has.
 */
export function versionedCache(db: Db, maxChars: number, key: (request: FastifyRequest) => string): VersionedCache {
  const remembered =
    maxChars > 0 ? new LRUCache<string, Remembered>({ maxSize: maxChars, sizeCalculation: (entry, k) => entry.text.length + k.length || 1 }) : undefined;
  const running = new Map<string, { versions: string; text: Promise<string> }>();
  return {
    async answer(request, reply, tables, compute) {
      reply.type('application/json; charset=utf-8');
      if (!remembered) return answerText(await compute());
      const k = `${[...tables].sort().join(',')} ${key(request)}`;
      return inReadScope(async () => {
        const [row] = await db.query<{ versions: string }>(dataVersionsSql, [tables]);
        const versions = row?.versions ?? '';
        const known = remembered.get(k);
        if (known?.versions === versions) return known.text;
        const shared = running.get(k);
        if (shared?.versions === versions) return shared.text;
        const run = { versions, text: compute().then(answerText) };
        running.set(k, run);
        try {
          const text = await run.text;
          // Kept unless a computation under other versions has started since (its answer is the one to keep).
          if (running.get(k) === run) remembered.set(k, { versions, text });
          return text;
        } finally {
          if (running.get(k) === run) running.delete(k);
        }
      });
    },
    get size() {
      return remembered?.size ?? 0;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers of the year reports kept under the versions of the data they read (VERSIONED_CACHE_MB). */
    versionedCache: VersionedCache;
  }
}

/** Decorates `app.versionedCache` over `app.db`, keyed by the request's URL, the operator's zone and today. */
export function registerVersionedCache(app: FastifyInstance, megabytes = defaultVersionedCacheMb) {
  app.decorate('versionedCache', versionedCache(app.db, Math.round(megabytes * 1024 * 1024), (request) => `${app.timeZone} ${app.today()} ${request.url}`));
}

/** The tables the hotel's nights are read from: occupancy, KPIs and pace. */
export const lodgingTables = ['places', 'bookings', 'booking_rates'] as const;

/** The tables the housekeeping calendar reads. */
export const taskTables = ['tasks', 'task_transactions', 'areas', 'task_options', 'places', 'employees'] as const;
