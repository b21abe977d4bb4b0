import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testSecret, type TestServer } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/Db.ts';
import { openPgliteRetrying } from '../../tests/support/openPgliteRetrying.ts';

// The built web app as the server hands it out: files, path-based routes, caching, compression, security headers.
let app: FastifyInstance;
let db: Db;
let webRoot: string;
const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))});`;
const builtBrotli = brotliCompressSync(bigScript, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'mirador-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Mirador</title>');
  writeFileSync(join(webRoot, 'assets', 'index-1.js'), bigScript);
  // What the build writes beside its text files (engine/build/precompressed.ts): here a .br and no .gz.
  writeFileSync(join(webRoot, 'assets', 'index-1.js.br'), builtBrotli);
  // What a build leaves beside the app that no browser may read: its stamp and source maps.
  writeFileSync(join(webRoot, '.source-hash'), 'abc123');
  writeFileSync(join(webRoot, 'assets', 'index-1.js.map'), '{"version":3,"sourcesContent":["secret source"]}');
  writeFileSync(join(webRoot, 'index.html.map'), '{"version":3}');
  mkdirSync(join(webRoot, '.git'));
  writeFileSync(join(webRoot, '.git', 'config'), '[core]');
  db = await openPgliteRetrying('memory://');
  app = await buildApp({ db, jwtSecret: testSecret, webRoot });
});
afterAll(async () => {
  await app.close();
  await db.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** The Content-Security-Policy header as directive name → sources. */
function policy(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The strict policy and the other security headers every answer carries. */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = policy(headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('worker-src')).toEqual(["'self'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect([...csp.values()].flat().filter((source) => /unsafe|\*/.test(source))).toEqual([]);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('the web app', () => {
  it('answers every non-API path with the app, never cached', async () => {
    const res = await app.inject('/general/booking?status=confirmed');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Mirador</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets for a year, gzip-compressed when the browser accepts it', async () => {
    const res = await app.inject({ url: '/assets/index-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(bigScript);
  });

  it("sends a browser the build's own br of an asset, as it is, and compresses one it has none of", async () => {
    const res = await app.inject({ url: '/assets/index-1.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.equals(builtBrotli)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(bigScript);
    writeFileSync(join(webRoot, 'assets', 'index-3.js'), bigScript);
    const other = await app.inject({ url: '/assets/index-3.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(other.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(other.rawPayload).toString()).toBe(bigScript);
  });

  it('serves files of a rebuild made while it runs', async () => {
    writeFileSync(join(webRoot, 'assets', 'index-2.js'), 'console.log(2);');
    const res = await app.inject('/assets/index-2.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2);');
  });

  it('keeps unknown API paths, however spelt, as API errors and not the app', async () => {
    for (const url of ['/api/v1/nothing', '/API/v1/nothing', '/%61pi/v1/nothing', '//api//v1/nothing', '/x/../api/v1/nothing', '/api']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answers the app for a path of the app spelt with doubled slashes', async () => {
    const res = await app.inject('/general//booking');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Mirador</title>');
  });
});

describe('what a build leaves beside the app', () => {
  it.each([
    '/.source-hash',
    '/%2esource-hash',
    '/.git/config',
    '/assets/index-1.js.map',
    '/assets/index-1.js.map?x=1',
    '/index.html.map',
    '/general/.source-hash',
  ])('is not served: %s answers 404, not the file nor the app', async (url) => {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/abc123|secret source|version|core|<title>/);
  });
});

describe('security headers', () => {
  it('are on the app page, on an asset and on a path-based route', async () => {
    for (const url of ['/', '/index.html', '/assets/index-1.js', '/general/booking']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res.headers);
    }
  });

  it('are on API answers, errors included, and no API answer may be stored', async () => {
    for (const url of ['/api/health', '/config.json', '/api/v1/nothing', '/.source-hash']) {
      const res = await app.inject(url);
      expectSecurityHeaders(res.headers);
      if (url !== '/.source-hash') expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('name the configured services and images origins, and HSTS only when TLS is said to be in front', async () => {
    const configured = await buildApp({
      db,
      jwtSecret: testSecret,
      webRoot,
      hsts: true,
      webConfig: {
        apiBaseUrl: 'https://api.example.com/v2/',
        authBaseUrl: 'https://auth.example.com',
        paymentsBaseUrl: '/payments',
        masterBaseUrl: 'https://api.example.com:443/master',
        imagesBaseUrl: 'https://img.example.net/images',
      },
    });
    try {
      const res = await configured.inject('/');
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.example.com', 'https://auth.example.com']);
      expect(csp.get('img-src')).toEqual(["'self'", 'https://img.example.net', 'data:']);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await configured.close();
    }
  });
});

describe('API answers on the test database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webRoot, loginLimits: { perIp: 2, perEmail: 2, windowSeconds: 60 } });
  });
  afterAll(() => server?.close());

  it('carry Cache-Control: no-store whatever their status (200, 400, 401, 404, 429)', async () => {
    const login = (body: unknown) =>
      server.request({ method: 'POST', url: '/api/v1/auth/login/employee', payload: body as object });
    const answers = [
      await server.get('/api/v1/trm'),
      await server.get('/api/v1/nothing'),
      await server.get('/api/v1/trm', null),
      await login({ email: 'x' }),
      await login({ email: 'nobody@example.com', password: 'wrong-password' }),
      await login({ email: 'nobody@example.com', password: 'wrong-password' }),
      await login({ email: 'nobody@example.com', password: 'wrong-password' }),
    ];
    expect(new Set(answers.map((res) => res.statusCode))).toEqual(new Set([200, 400, 401, 404, 429]));
    for (const res of answers) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body}`).toBe('no-store');
      expectSecurityHeaders(res.headers);
    }
  });
});
