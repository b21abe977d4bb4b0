import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { messages } from '../messages.ts';
import { serverCommit } from '../version.ts';

let server: TestServer;
beforeAll(async () => {
  // As main.ts decides it at start; run from the sources, it is the checkout's HEAD.
  server = await startTestServer({ commit: serverCommit(undefined) });
});
afterAll(() => server.close());

describe('GET /api/v1/about', () => {
  it("answers the package's version and the database engine with its PostgreSQL version", async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const [row] = await server.db.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    const res = await server.get('/api/v1/about');
    expect(res.statusCode).toBe(200);
    const name = server.db.kind === 'pglite' ? messages.databasePglite : messages.databasePostgres;
    expect(res.json()).toEqual({ data: { version, database: { name, version: row!.v } } });
    expect(row!.v).toMatch(/^\d+\.\d+/);
  });

  it('needs a session and takes no parameters', async () => {
    const anonymous = await server.get('/api/v1/about', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: messages.authRequired });
    const extra = await server.get('/api/v1/about?x=1');
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/«x»/);
  });
});

describe('GET /api/version', () => {
  it("answers anyone, without a token, the package's version and the commit the server runs", async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const res = await server.get('/api/version', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version, commit: head });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('takes the commit from MIRADOR_COMMIT first, never from the request', async () => {
    expect(serverCommit('0123456789abcdef0123456789abcdef01234567')).toBe('0123456789abcdef0123456789abcdef01234567');
    const res = await server.request({ method: 'GET', url: '/api/version?commit=evil', headers: { 'x-commit': 'evil' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/«commit»/);
  });
});
