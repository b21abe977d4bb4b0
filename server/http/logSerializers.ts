import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** The longest text a log line carries of a request's own values (URL, host, an error's message). */
export const maxLoggedChars = 1000;

/** `text` cut to maxLoggedChars, saying how long it was: a 250 kB URL must not become 250 kB of log per request. */
export function cutForLog(text: string, max = maxLoggedChars): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}

/** fastify's serializers for `req` and `err`, every text a client can choose cut. */
export const logSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: cutForLog(request.url),
    host: cutForLog(request.host ?? ''),
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: Error & { code?: unknown; statusCode?: unknown }) => ({
    type: error.name,
    message: cutForLog(error.message),
    // A stack's frames are ours; only its first line (the message) may be long.
    stack: cutForLog(error.stack ?? '', 4 * maxLoggedChars),
    ...(error.code !== undefined && { code: cutForLog(String(error.code)) }),
    ...(error.statusCode !== undefined && { statusCode: error.statusCode }),
  }),
};

/** The logger options with the serializers above (a logger instance or `false` is left as it is). */
export function withCutLogs(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  if (logger === true) return { serializers: logSerializers };
  return { ...logger, serializers: { ...logSerializers, ...logger.serializers } };
}
