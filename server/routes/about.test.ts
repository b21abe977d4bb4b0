import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { messages } from '../messages.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
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
