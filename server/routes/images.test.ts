import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSecret } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { openPgliteRetrying } from '../../tests/support/openPgliteRetrying.ts';
import type { Db } from '../db/Db.ts';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  db = await openPgliteRetrying('memory://');
  app = await buildApp({ db, jwtSecret: testSecret });
});
afterAll(async () => {
  await app.close();
  await db.close();
});

describe('GET /images/{size}/{file}', () => {
  it('draws a placeholder picture without a token, the same for the same file', async () => {
    const first = await app.inject('/images/md/clients/12.jpg');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(first.body).toMatch(/^<svg[^>]+width="160"/);
    expect((await app.inject('/images/md/clients/12.jpg')).body).toBe(first.body);
    expect((await app.inject('/images/lg/clients/12.jpg')).body).toMatch(/width="640"/);
  });

  it('answers 400 to an unknown size', async () => {
    const res = await app.inject('/images/xl/clients/12.jpg');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/size/);
  });
});
