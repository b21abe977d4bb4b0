import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import packageJson from '../../package.json' with { type: 'json' };
import { messages } from '../messages.ts';

export interface AboutOptions {
  /** The commit the server runs (server/version.ts), null when unknown. */
  commit: string | null;
}

/** What the About page shows: Mirador's version and commit (public, for operators and probes) and the database it runs on. */
export async function aboutRoutes(app: FastifyInstance, options: AboutOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/version', { config: { public: true }, schema: { querystring: z.strictObject({}) } }, async () => ({
    version: packageJson.version,
    commit: options.commit,
  }));

  routes.get('/api/v1/about', { schema: { querystring: z.strictObject({}) } }, async () => {
    const [row] = await app.db.query<{ server_version: string }>('SHOW server_version');
    const name = app.db.kind === 'pglite' ? messages.databasePglite : messages.databasePostgres;
    return { data: { version: packageJson.version, database: { name, version: row!.server_version } } };
  });
}
