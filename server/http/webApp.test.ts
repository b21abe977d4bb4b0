import type { FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSecret } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import type { Db } from '../db/Db.ts';
import { openPglite } from '../db/openPglite.ts';

// The built web app as the server hands it out: files, path-based routes, caching, compression.
let app: FastifyInstance;
let db: Db;
let webRoot: string;
const bigScript = `console.log(${JSON.stringify('x'.repeat(5000))});`;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'mirador-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Mirador</title>');
  writeFileSync(join(webRoot, 'assets', 'index-1.js'), bigScript);
  db = await openPglite('memory://');
  app = await buildApp({ db, jwtSecret: testSecret, webRoot });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

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

  it('serves files of a rebuild made while it runs', async () => {
    writeFileSync(join(webRoot, 'assets', 'index-2.js'), 'console.log(2);');
    const res = await app.inject('/assets/index-2.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2);');
  });

  it('keeps unknown API paths as API errors', async () => {
    const res = await app.inject('/api/v1/nothing');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
