import type { FastifyServerOptions } from 'fastify';

/**
 * The server's logger: JSON lines in production, for a log collector; elsewhere (`npm start`, `npm run dev`) one
 * readable line per event through pino-pretty, or JSON still where it is not installed (`npm install --omit=dev`).
 */
export async function loggerOptions(level: string, production: boolean): Promise<FastifyServerOptions['logger']> {
  if (production) return { level };
  let pretty: typeof import('pino-pretty').build;
  try {
    pretty = (await import('pino-pretty')).build;
  } catch {
    return { level };
  }
  // A request's line says its method, URL, status and time in words: the objects behind them would only repeat it.
  const stream = pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,req,res,responseTime', singleLine: true, sync: true });
  return { level, stream };
}
