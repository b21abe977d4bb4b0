import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { messages } from '../messages.ts';
import { maxUrlChars } from './inputGuard.ts';

/** The time a client has to send a whole request in this test (REQUEST_TIMEOUT_SECONDS). */
const requestMs = 2_000;

let server: TestServer;
let port: number;
const logLines: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    httpLimits: { requestMs },
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
});

afterAll(() => server.close());

/** Sends the head of a request, then its body a byte every `everyMs`: what the server said, and when it closed. */
function dribble(head: string, body: string, everyMs: number, giveUpMs: number): Promise<{ answer: string; ms: number; closed: boolean }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < body.length && socket.writable) socket.write(body[sent++]!);
    }, everyMs);
    const finish = (closed: boolean) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, ms: performance.now() - started, closed });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(true));
    socket.write(head);
  });
}

describe('a client that takes its time', () => {
  it('has a request body sent a byte at a time cut with 408 and a Spanish message once the request time is up', async () => {
    const body = JSON.stringify({ email: 'demo@mirador.test', password: 'x'.repeat(60) });
    const head = `POST /api/v1/auth/login/employee HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { answer, ms, closed } = await dribble(head, body, 500, 4 * requestMs);
    expect(closed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain(JSON.stringify({ message: messages.requestTimeout }));
    // The bound plus Node's check interval, with slack for a busy machine.
    expect(ms).toBeLessThan(requestMs + 2_000);
  });
});

describe('an overlong URL', () => {
  it('answers 414 in Spanish, and its log lines stay short', async () => {
    const long = `/api/v1/report/booking?search=${'a'.repeat(250 * 1024)}`;
    const response = await fetch(`http://127.0.0.1:${port}${long}`);
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({ message: messages.urlTooLong(maxUrlChars) });
    const mine = logLines.filter((line) => line.includes('/api/v1/report/booking?search=aaa'));
    expect(mine.length).toBeGreaterThan(0);
    for (const line of mine) expect(line.length).toBeLessThan(3_000);
  });

  it('leaves a URL of ordinary length to its route', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/report/booking?itemsPerPage=1`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    expect(response.status).toBe(200);
  });
});
