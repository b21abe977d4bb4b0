import type { FastifyInstance } from 'fastify';
import { statfs } from 'node:fs/promises';
import { databaseRetryAfterSeconds } from '../db/dbErrors.ts';
import type { PgliteDb } from '../db/openPglite.ts';
import { messages } from '../messages.ts';

/** A balancer's probe gives up after a few seconds: readiness answers before that whatever the database does. */
export const readyTimeoutMs = 2_500;

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('ready probe timed out')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Below this much free space PGlite cannot start a new WAL segment, so its next writes fail: not ready. */
export const minFreeDiskBytes = 16 * 1024 * 1024;

/** Whether the embedded database's disk is (nearly) full; a PostgreSQL server's disk is its own to watch. */
async function diskFull(app: FastifyInstance): Promise<boolean> {
  // The primary: the embedded database itself, under any wrapper of its reads.
  const dataDir = app.db.kind === 'pglite' ? (app.db.primary as PgliteDb).dataDir : undefined;
  if (!dataDir) return false;
  const { bavail, bsize } = await statfs(dataDir);
  return bavail * bsize < minFreeDiskBytes;
}

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { public: true } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { config: { public: true } }, async (_request, reply) => {
    let full: boolean;
    try {
      // The primary: sign-in and every session check read it, so without it no signed-in request can succeed.
      await withinTime(app.db.primary.query('SELECT 1'), readyTimeoutMs);
      full = await diskFull(app);
    } catch {
      reply.header('Retry-After', databaseRetryAfterSeconds);
      return reply.status(503).send({ message: messages.databaseUnavailable });
    }
    if (!full) return { status: 'ready' };
    reply.header('Retry-After', databaseRetryAfterSeconds);
    return reply.status(503).send({ message: messages.diskFull });
  });
}
