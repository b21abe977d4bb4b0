import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip, type BrotliOptions, type ZlibOptions } from 'node:zlib';

/** The encodings this module makes, in the order it prefers them when a client takes both. */
export type AnswerEncoding = 'br' | 'gzip';

/**
 * br of an answer compressed in one call: quality 4 made commercial's 925 kB answer 103 kB in 6.8 ms, where gzip's
 * default level made it 109 kB in 11.4 ms (fewest of 15 calls each on `large`).
 */
const answerBrotliOptions = (chars: number): BrotliOptions => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 4,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: chars,
  },
});

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const encode: Record<AnswerEncoding, (text: string) => Promise<Buffer>> = {
  br: (text) => brotliAsync(text, answerBrotliOptions(text.length)),
  gzip: (text) => gzipAsync(text),
};

/** Answers under this many characters are left to @fastify/compress (as every stream is). */
export const compressedAnswerMinChars = 1024;

/** Characters of answer text whose compressed forms are remembered at most; past it the oldest is dropped. */
export const compressedAnswersMaxChars = 32 * 1024 * 1024;

/**
 * gzip of the streams @fastify/compress encodes (the all-rows answers, tens of megabytes, compressed as they go): the
 * fastest level costs less than half the CPU of the default for about 1.3× the bytes.
 */
export const streamGzipOptions: ZlibOptions = { level: 1 };

/**
 * br of those streams, which browsers take before gzip. For the 32 MB booking list on `large` in 64 kB writes,
 * @fastify/compress's own default, quality 4, took 528–777 ms of CPU (3.3 MB) against 309–375 ms for gzip level 1
 * (4.8 MB) and 193–277 ms for quality 1 (4.9 MB); in the 256 kB writes of sql/paged.ts, quality 1 takes 137–187 ms
 * (4.5 MB), gzip level 1 209–312 ms (4.8 MB) and quality 4 446–610 ms. Brotli's fastest qualities encode each write
 * as it comes, so larger writes make fewer bytes.
 */
export const streamBrotliOptions: BrotliOptions = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};

/**
 * The encoding of this module a request takes, br before gzip (as @fastify/compress prefers them): listed in
 * Accept-Encoding (or `*`) and not refused with q=0. None: the answer is left to @fastify/compress.
 */
export function acceptedEncoding(request: FastifyRequest): AnswerEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return undefined;
  const taken = new Set<string>();
  const refused = new Set<string>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    (q === undefined || Number(q.slice(2)) > 0 ? taken : refused).add(coding!.trim());
  }
  const takes = (coding: AnswerEncoding) => taken.has(coding) || (taken.has('*') && !refused.has(coding));
  return (['br', 'gzip'] as const).find(takes);
}

/**
 * Big JSON answers sent as text, compressed once per distinct text and encoding. Many people on the same screens get
 * answers of the same text (shared reads, db/coalescedReads.ts, even hand them the same string), and a
 * megabyte's gzip took more of the server's CPU than anything else it did for them (`node --cpu-prof` under 50
 * clients). Each text is compressed in one call on libuv's threads instead of in 16 kB slices through a stream,
 * br for clients that take it (every browser does), gzip for the others, and remembered by its text: a later answer
 * that is the same text is sent the same bytes, which is what compressing it again would give. Nothing but the
 * compressed form of an answer already read is kept, so an answer is never older than its own read. Streams, small
 * answers and clients that take neither are left to @fastify/compress (registered after this, its hook skips a
 * reply already encoded).
 */
export function registerAnswerCompression(app: FastifyInstance, maxChars = compressedAnswersMaxChars) {
  // Keyed by the text itself: a Map finds an equal string whether or not it is the same object. The least recently
  // used text goes first; one longer than the whole budget is not kept.
  // 0 keeps nothing: every answer is compressed anew (the bench times the API so).
  const remembered =
    maxChars > 0
      ? new LRUCache<string, Partial<Record<AnswerEncoding, Promise<Buffer>>>>({ maxSize: maxChars, sizeCalculation: (_, text) => text.length })
      : undefined;
  const compressed = (text: string, encoding: AnswerEncoding): Promise<Buffer> => {
    if (!remembered) return encode[encoding](text);
    const known = remembered.get(text);
    const made = known?.[encoding];
    if (made) return made;
    const making = encode[encoding](text);
    if (known) known[encoding] = making;
    else remembered.set(text, { [encoding]: making });
    making.catch(() => {
      if (remembered.peek(text)?.[encoding] === making) remembered.delete(text);
    });
    return making;
  };

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // A HEAD answer sends no body: nothing to compress (and its headers stay as they were).
    if (request.method === 'HEAD' || typeof payload !== 'string' || payload.length < compressedAnswerMinChars) return payload;
    const encoding = acceptedEncoding(request);
    if (reply.statusCode !== 200 || reply.hasHeader('content-encoding') || !encoding) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const body = await compressed(payload, encoding);
    reply.header('content-encoding', encoding);
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    reply.header('content-length', body.length);
    return body;
  });
}
