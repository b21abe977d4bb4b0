import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPgliteRetrying } from '../tests/support/openPgliteRetrying.ts';
import { readyServer, type ServerProcess } from '../tests/support/serverProcess.ts';
import { demoEmployee } from './demo/demoAccounts.ts';
import { messages } from './messages.ts';

const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const listQuery = 'page=1&itemsPerPage=-1&sortBy=createdAt&sortDesc=true&isForLodging=true';

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** A mix of what users ask for: pages, an every-row answer streamed from a cursor, and a file the server builds. */
const load: Call[] = Array.from({ length: 20 }, (_, i): Call => {
  if (i % 5 === 0) return { method: 'GET', path: `/api/v1/report/movements/order?${listQuery}` };
  if (i % 5 === 1) {
    // The orders screen's table as its file, every row: the server takes its columns from the definition.
    const body = { report: 'movements-order', block: '0', format: 'csv', params: 'isForLodging=true' };
    return { method: 'POST', path: '/api/v1/export', body: JSON.stringify(body) };
  }
  return { method: 'GET', path: `/api/v1/client?page=${1 + (i % 3)}&itemsPerPage=10` };
});

interface Answer {
  status?: number;
  body?: string;
  error?: string;
}

/** One request on a connection of its own; `connected` once the connection is established. */
function send(base: string, call: Call, token: string, connected: () => void): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (call.body) headers['content-type'] = 'application/json';
    const req = httpRequest(`${base}${call.path}`, { method: call.method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
      res.on('error', (error) => resolve({ status: res.statusCode!, error: String(error) }));
      res.on('aborted', () => resolve({ status: res.statusCode!, error: 'aborted' }));
    });
    req.on('socket', (socket) => socket.once('connect', connected));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? String(error) }));
    req.end(call.body);
  });
}

async function startServer(dataDir: string): Promise<ServerProcess> {
  const databaseUrl = engine === 'postgres' ? inject('postgresUrl') : '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      // Long enough for the 20 requests to finish on a busy machine: the test is about answering them, not speed.
      SHUTDOWN_GRACE_SECONDS: '150',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return readyServer(child, 120_000);
}

async function signIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/v1/auth/login/employee`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoEmployee),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

/** Removes what changes from one file to the next (the moment it was generated). */
const stable = (call: Call, body: string) => (call.body ? body.replace(/\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?/g, '') : body);

let dataDir: string;
const expected = new Map<string, string>();

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mirador-stop-'));
  if (engine === 'pglite') {
    // The `small` test database, written where the server opens its files.
    const db = await openPgliteRetrying(join(dataDir, 'pglite'), new Blob([readFileSync(inject('pgliteSnapshot'))]));
    await db.close();
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe(`SIGTERM under load, in a real server process (${engine})`, () => {
  /**
   * Starts the server, sends the 20 requests each on its own connection, sends SIGTERM once `moment` says so, and
   * checks that every request was answered in full, that a new connection gets a 503 or is refused, and that the
   * process ends by itself, not forced.
   */
  async function stopUnderLoad(moment: 'all connected' | 'first answer') {
    const server = await startServer(dataDir);
    try {
      const token = await signIn(server.base);
      if (expected.size === 0) {
        for (const call of load) {
          const key = `${call.method} ${call.path}`;
          if (expected.has(key)) continue;
          const answer = await send(server.base, call, token, () => undefined);
          expect(answer.status, key).toBe(200);
          expected.set(key, stable(call, answer.body!));
        }
      }
      let connected = 0;
      let allConnected!: () => void;
      const connectedAll = new Promise<void>((resolve) => (allConnected = resolve));
      const answers = load.map((call) =>
        send(server.base, call, token, () => {
          if (++connected === load.length) allConnected();
        }),
      );
      await (moment === 'all connected' ? connectedAll : Promise.race(answers));
      // The server's side of the last handshake may lag its client's on a busy machine.
      if (moment === 'all connected') await new Promise((resolve) => setTimeout(resolve, 100));
      server.child.kill('SIGTERM');
      await expect.poll(server.output, { timeout: 10_000, interval: 10 }).toMatch(/SIGTERM: /);
      // A connection opened after the stop: answered 503 at once, or refused once the server stopped listening.
      const late = await send(server.base, { method: 'GET', path: '/api/health' }, token, () => undefined);
      if (late.error) expect(late.error, server.output()).toBe('ECONNREFUSED');
      else {
        expect(late.status, server.output()).toBe(503);
        expect(JSON.parse(late.body!)).toEqual({ message: messages.shuttingDown });
      }

      const results = await Promise.all(answers);
      const failures = results.flatMap((answer, i) => {
        const call = load[i]!;
        const key = `${call.method} ${call.path}`;
        if (answer.status === 200 && answer.body !== undefined && stable(call, answer.body) === expected.get(key)) return [];
        return [`${key}: ${answer.status ?? '-'} ${answer.error ?? answer.body?.slice(0, 120) ?? ''}`];
      });
      expect(failures, server.output()).toEqual([]);
      // Exit code 0 and "Detenido en": it ended by itself once the answers were done, not cut at the grace period.
      const { code } = await server.exited;
      expect(code, server.output()).toBe(0);
      expect(server.output()).toMatch(/Detenido en/);
      expect(server.output()).not.toMatch(/a la fuerza/);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  }

  it('answers in full every request whose connection was open when SIGTERM came mid-load, then exits 0', async () => {
    await stopUnderLoad('first answer');
  }, 400_000);

  it('does the same when SIGTERM comes right after the server is ready, while the requests are still arriving', async () => {
    await stopUnderLoad('all connected');
  }, 400_000);
});
