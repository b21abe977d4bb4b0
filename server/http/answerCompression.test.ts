import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedAnswerMinChars, registerAnswerCompression } from './answerCompression.ts';

// What a client reads: big JSON answers come br-encoded when it takes br (as browsers do), gzip-encoded when it
// takes only gzip, and decode to the very text it gets uncompressed; everything else is as @fastify/compress (or no
// compression) leaves it.
describe('big JSON answers compressed once per text', () => {
  let app: FastifyInstance;
  const rows = Array.from({ length: 2000 }, (_, i) => ({ id: i, ref: `MR${100000 + i}`, name: `Cliente ñandú ${i % 37}` }));
  const big = JSON.stringify({ data: rows, total: rows.length });
  beforeAll(async () => {
    app = Fastify();
    registerAnswerCompression(app);
    await app.register(fastifyCompress, { threshold: 1024 });
    app.get('/big', async (_request, reply) => {
      reply.type('application/json; charset=utf-8').header('vary', 'origin');
      // A new string of the same text on every call, as a new read of unchanged data gives.
      return JSON.stringify(JSON.parse(big));
    });
    app.get('/small', async () => ({ ok: true }));
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(compressedAnswerMinChars * 2)));
    await app.ready();
  });
  afterAll(() => app.close());

  const decode = { br: brotliDecompressSync, gzip: gunzipSync };
  it.each([
    ['gzip', 'gzip, deflate', 'gzip;q=0.5'],
    ['br', 'gzip, deflate, br, zstd', 'br'],
    ['br', '*', 'gzip;q=0.1, br;q=0.2'],
    ['gzip', '*, br;q=0', 'gzip'],
  ] as const)('answers %s to "%s" and "%s", decoding to the uncompressed answer, the same bytes for the same text', async (encoding, oneAsk, otherAsk) => {
    expect(big.length).toBeGreaterThan(compressedAnswerMinChars);
    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
    const first = await app.inject({ url: '/big', headers: { 'accept-encoding': oneAsk } });
    const second = await app.inject({ url: '/big', headers: { 'accept-encoding': otherAsk } });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['vary']).toBe('origin, accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(big.length / 4);
      expect(decode[encoding](res.rawPayload).toString('utf8')).toBe(big);
    }
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('sends a HEAD request the headers without a body to decode', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('leaves clients that refuse gzip, small answers and other types to @fastify/compress', async () => {
    const refused = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip;q=0, br;q=0, deflate' } });
    expect(refused.headers['content-encoding']).toBe('deflate');
    const identity = await app.inject({ url: '/big', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(big);
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const text = await app.inject({ url: '/text', headers: { 'accept-encoding': 'gzip' } });
    expect(text.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(text.rawPayload).toString()).toBe('x'.repeat(compressedAnswerMinChars * 2));
  });
});

describe('big JSON answers with no compressed form kept (the bench times them so)', () => {
  it('compresses each answer anew, br and gzip alike, decoding to the uncompressed answer', async () => {
    const app = Fastify();
    registerAnswerCompression(app, 0);
    const text = JSON.stringify({ data: Array.from({ length: 500 }, (_, i) => ({ id: i, name: `Cliente ${i}` })) });
    app.get('/big', async (_request, reply) => reply.type('application/json; charset=utf-8').send(text));
    await app.ready();
    try {
      for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync], ['br', brotliDecompressSync]] as const) {
        const res = await app.inject({ url: '/big', headers: { 'accept-encoding': encoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(decode(res.rawPayload).toString('utf8')).toBe(text);
      }
    } finally {
      await app.close();
    }
  });
});
