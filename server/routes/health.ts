import type { FastifyInstance } from 'fastify';
import { messages } from '../messages.ts';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { public: true } }, async () => ({ status: 'ok' }));

  app.get('/api/ready', { config: { public: true } }, async (_request, reply) => {
    try {
      await app.db.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: messages.databaseUnavailable });
    }
  });
}
