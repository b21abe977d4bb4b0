import type { FastifyInstance } from 'fastify';
import { databaseRetryAfterSeconds } from '../db/dbErrors.ts';
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

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { public: true } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { config: { public: true } }, async (_request, reply) => {
    try {
      // The primary: sign-in and every session check read it, so without it no signed-in request can succeed.
      await withinTime(app.db.primary.query('SELECT 1'), readyTimeoutMs);
      return { status: 'ready' };
    } catch {
      reply.header('Retry-After', databaseRetryAfterSeconds);
      return reply.status(503).send({ message: messages.databaseUnavailable });
    }
  });
}
