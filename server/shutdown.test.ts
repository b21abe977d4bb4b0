import { connect, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, testSecret } from '../tests/support/testServer.ts';
import { buildApp } from './app.ts';
import { messages } from './messages.ts';
import { acceptQueueLength, enableGracefulShutdown, shutdown } from './shutdown.ts';

const rowsPerAnswer = 10_000;

/** The app with a test-only route that waits for `gate`, then reads a large answer from the database. */
async function startApp(gate: Promise<void>) {
  const db = await openTestDb();
  const app = await buildApp({ db, jwtSecret: testSecret });
  enableGracefulShutdown(app);
  let arrived = 0;
  app.get('/test/slow', { config: { public: true } }, async () => {
    arrived++;
    await gate;
    return db.query(`SELECT i, repeat('x', 40) AS pad FROM generate_series(1, ${rowsPerAnswer}) i`);
  });
  // Its head and first rows leave at once; the rest once `gate` opens.
  app.get('/test/stream', { config: { public: true } }, async (_request, reply) => {
    arrived++;
    const body = new PassThrough();
    body.write('[1');
    void gate.then(() => body.end(',2]'));
    return reply.type('application/json').send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  return { app, db, port, url: `http://127.0.0.1:${port}`, arrived: () => arrived };
}

async function until(condition: () => boolean | Promise<boolean>) {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Everything a raw connection receives until the server closes it. */
function readAll(socket: Socket): Promise<string> {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    socket.on('end', () => resolve(Buffer.concat(chunks).toString()));
    socket.on('error', reject);
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
});

describe('graceful shutdown', () => {
  it('finishes the answers in flight, answers 503 at once to new requests, then stops listening and closes the database', async () => {
    let open!: () => void;
    const { app, db, port, url, arrived } = await startApp(new Promise((resolve) => (open = resolve)));
    const inFlight = Array.from({ length: 5 }, () =>
      fetch(`${url}/test/slow`).then(async (response) => ({ status: response.status, body: await response.text() })),
    );
    await until(() => arrived() === 5);
    // A connection opened before the stop whose request is only read after it: that request was sent in time.
    const early = connect(port, '127.0.0.1');
    await until(() => new Promise((resolve) => app.server.getConnections((_error, count) => resolve(count === 6))));

    const stopped = shutdown(app, db, 30_000);
    const earlyAnswer = readAll(early);
    early.write('GET /test/slow HTTP/1.1\r\nHost: mirador\r\n\r\n');
    const late = await fetch(`${url}/api/health`);
    expect(late.status).toBe(503);
    expect(await late.json()).toEqual({ message: messages.shuttingDown });
    expect(late.headers.get('connection')).toBe('close');
    expect(Number(late.headers.get('retry-after'))).toBeGreaterThan(0);

    open();
    for (const answer of await Promise.all(inFlight)) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toHaveLength(rowsPerAnswer);
    }
    const earlyText = await earlyAnswer;
    expect(earlyText).toMatch(/^HTTP\/1\.1 200 /);
    expect(earlyText.toLowerCase()).toContain('connection: close');
    expect(await stopped).toEqual({ forced: false });
    const afterStop = await fetch(`${url}/api/health`).catch((error: unknown) => error);
    expect((afterStop as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
    await expect(db.query('SELECT 1')).rejects.toThrow();
  });

  it('answers the connections the system had queued when the stop came, though the process takes them after it', async () => {
    const { app, db, port } = await startApp(Promise.resolve());
    // Connections the kernel completes while the process is busy (here: before this turn of the loop ends) wait in
    // the listener's queue; their requests were sent before the stop, and closing the listener would reset them.
    const sockets = Array.from({ length: 3 }, () => connect(port, '127.0.0.1'));
    await new Promise((resolve) => process.nextTick(resolve));
    const waitUntil = Date.now() + 5_000;
    while (acceptQueueLength(app.server.address()) < sockets.length && Date.now() < waitUntil);
    expect(acceptQueueLength(app.server.address())).toBe(sockets.length);

    const stopped = shutdown(app, db, 30_000);
    const answers = sockets.map((socket) => {
      const text = readAll(socket);
      socket.write('GET /test/slow HTTP/1.1\r\nHost: mirador\r\n\r\n');
      return text;
    });
    for (const text of await Promise.all(answers)) {
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(text).toMatch(/connection: close/i);
    }
    expect(await stopped).toEqual({ forced: false });
  });

  it('answers the next request a keep-alive client sends as soon as an answer begun before the stop ends', async () => {
    let open!: () => void;
    const { app, db, port, arrived } = await startApp(new Promise((resolve) => (open = resolve)));
    const socket = connect(port, '127.0.0.1');
    const received = readAll(socket);
    let seen = '';
    const headSeen = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.includes('[1')) resolve();
      }),
    );
    socket.write('GET /test/stream HTTP/1.1\r\nHost: mirador\r\n\r\n');
    await headSeen;
    expect(seen.toLowerCase()).toContain('connection: keep-alive');
    const stopped = shutdown(app, db, 30_000);
    // That answer said keep-alive: the client reuses the connection the moment the answer has ended.
    let sentAgain = false;
    socket.on('data', () => {
      if (sentAgain || !seen.endsWith('\r\n0\r\n\r\n')) return;
      sentAgain = true;
      socket.write('GET /test/slow HTTP/1.1\r\nHost: mirador\r\n\r\n');
    });
    open();
    const text = await received;
    expect(text.match(/^HTTP\/1\.1 \d+/gm)).toEqual(['HTTP/1.1 200', 'HTTP/1.1 200']);
    expect(text.slice(text.lastIndexOf('HTTP/1.1 200')).toLowerCase()).toContain('connection: close');
    expect(arrived()).toBe(2);
    expect(await stopped).toEqual({ forced: false });
  });

  it('cuts what is still running when the grace period ends, and says so', async () => {
    const { app, db, url, arrived } = await startApp(new Promise<void>(() => undefined));
    cleanups.push(() => db.close());
    const stuck = fetch(`${url}/test/slow`).then(
      (response) => response.text(),
      (error: unknown) => error,
    );
    await until(() => arrived() === 1);
    expect(await shutdown(app, db, 300)).toEqual({ forced: true });
    expect(await stuck).toBeInstanceOf(Error);
    // The database is closed without waiting for it: the cut requests may still be reading.
    await expect.poll(() => db.query('SELECT 1').then(() => 'open', () => 'closed')).toBe('closed');
  });
});
