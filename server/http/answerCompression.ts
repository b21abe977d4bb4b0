import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

/** Answers under this many characters are left to @fastify/compress (as every stream is). */
export const compressedAnswerMinChars = 1024;

/** Characters of answer text whose gzip is remembered at most; past it the oldest is dropped. */
export const compressedAnswersMaxChars = 32 * 1024 * 1024;

/** Whether the request takes gzip: listed in Accept-Encoding and not refused with q=0. */
export function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The gzip of big JSON answers sent as text, made once per distinct text. Many people on the same screens get
 * answers of the same text (shared reads, db/coalescedReads.ts, even hand them the same string), and a
 * megabyte's gzip took more of the server's CPU than anything else it did for them (`node --cpu-prof` under 50
 * clients). Each text is compressed in one call on libuv's threads instead of in 16 kB slices through a stream,
 * and its gzip is remembered by its text: a later answer that is the same text is sent the same bytes, which is
 * what compressing it again would give. Nothing but the compressed form of an answer already read is kept, so an
 * answer is never older than its own read. Streams, small answers and clients that do not take gzip are left to
 * @fastify/compress (registered after this, its hook skips a reply already encoded).
 */
export function registerAnswerCompression(app: FastifyInstance, maxChars = compressedAnswersMaxChars) {
  // Keyed by the text itself: a JS Map finds an equal string whether or not it is the same object.
  const remembered = new Map<string, Promise<Buffer>>();
  let rememberedChars = 0;
  const compressed = (text: string): Promise<Buffer> => {
    const known = remembered.get(text);
    if (known) {
      // Most recently used last.
      remembered.delete(text);
      remembered.set(text, known);
      return known;
    }
    const made = gzip(text);
    if (text.length <= maxChars) {
      remembered.set(text, made);
      rememberedChars += text.length;
      for (const old of remembered.keys()) {
        if (rememberedChars <= maxChars) break;
        remembered.delete(old);
        rememberedChars -= old.length;
      }
      made.catch(() => {
        if (remembered.get(text) === made) {
          remembered.delete(text);
          rememberedChars -= text.length;
        }
      });
    }
    return made;
  };

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // A HEAD answer sends no body: nothing to compress (and its headers stay as they were).
    if (request.method === 'HEAD' || typeof payload !== 'string' || payload.length < compressedAnswerMinChars) return payload;
    if (reply.statusCode !== 200 || reply.hasHeader('content-encoding') || !acceptsGzip(request)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const body = await compressed(payload);
    reply.header('content-encoding', 'gzip');
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    reply.header('content-length', body.length);
    return body;
  });
}
