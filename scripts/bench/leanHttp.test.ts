import { createServer, type Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeanHttpConnection } from './leanHttp.ts';

const listen = async (server: Server | net.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const closing = (server: Server | net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));
/** `work` with a new connection to `base`, closed after it. */
async function withConnection(base: string, work: (client: LeanHttpConnection) => Promise<void>) {
  const client = new LeanHttpConnection(base);
  try {
    await work(client);
  } finally {
    client.close();
  }
}

describe('LeanHttpConnection', () => {
  let server: Server;
  let base: string;
  let connections = 0;
  const seen: Array<Record<string, string | string[] | undefined>> = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(request.headers);
      if (request.url === '/length') return response.end('{"a":1}');
      if (request.url === '/chunked') {
        response.write('ab');
        response.write('cde');
        setTimeout(() => response.end('f'), 5);
        return;
      }
      if (request.url === '/big') return response.end('x'.repeat(3_000_000));
      if (request.url === '/close') {
        response.setHeader('connection', 'close');
        return response.end('bye');
      }
      response.statusCode = 404;
      response.end('{"message":"no está"}');
    });
    server.on('connection', () => connections++);
    base = await listen(server);
  });
  afterAll(() => closing(server));

  it('reads answers framed by length and by chunks, with their status, the headers sent, on one connection', async () => {
    connections = 0;
    await withConnection(base, async (client) => {
      expect(await client.get('/length', { authorization: 'Bearer t' })).toMatchObject({ status: 200, bytes: 7 });
      expect(seen.at(-1)!.authorization).toBe('Bearer t');
      expect(await client.get('/chunked')).toMatchObject({ status: 200, bytes: 6 });
      expect(await client.get('/big')).toMatchObject({ status: 200, bytes: 3_000_000 });
      expect(await client.get('/length')).toMatchObject({ status: 200, bytes: 7 });
    });
    expect(connections).toBe(1);
  });

  it('keeps the start of an answer that is not 200', async () => {
    await withConnection(base, async (client) => {
      const answer = await client.get('/nothing');
      expect(answer.status).toBe(404);
      expect(answer.start).toBe('{"message":"no está"}');
    });
  });

  it('opens a new connection after the server closed one', async () => {
    connections = 0;
    await withConnection(base, async (client) => {
      expect(await client.get('/close')).toMatchObject({ status: 200, bytes: 3 });
      expect(await client.get('/length')).toMatchObject({ status: 200, bytes: 7 });
    });
    expect(connections).toBe(2);
  });

  it('reads an answer that arrives a byte at a time: chunk sizes, extensions, trailers, and an answer ended by the close', async () => {
    const answers: Record<string, string> = {
      '/chunks': 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\nA\r\n0123456789\r\n0\r\nX-Trailer: 1\r\n\r\n',
      '/untilClose': 'HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nuntil the end',
    };
    const raw = net.createServer((socket) => {
      socket.once('data', async (request) => {
        const path = request.toString().split(' ')[1]!;
        for (const byte of Buffer.from(answers[path]!)) {
          socket.write(Buffer.of(byte));
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (path === '/untilClose') socket.end();
      });
    });
    const rawBase = await listen(raw);
    try {
      for (const [path, bytes] of [['/chunks', 13], ['/untilClose', 13]] as const) {
        await withConnection(rawBase, async (client) => expect(await client.get(path)).toMatchObject({ status: 200, bytes }));
      }
    } finally {
      await closing(raw);
    }
  });

  it('takes a connection reset while no answer is awaited in its stride, and reconnects', async () => {
    let opened = 0;
    const raw = net.createServer((socket) => {
      opened++;
      socket.once('data', () => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
        setTimeout(() => socket.resetAndDestroy(), 20);
      });
    });
    const rawBase = await listen(raw);
    try {
      await withConnection(rawBase, async (client) => {
        expect(await client.get('/one')).toMatchObject({ status: 200, bytes: 2 });
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await client.get('/two')).toMatchObject({ status: 200, bytes: 2 });
      });
      expect(opened).toBe(2);
    } finally {
      await closing(raw);
    }
  });

  it('fails when the connection ends in the middle of an answer', async () => {
    const raw = net.createServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc')));
    const rawBase = await listen(raw);
    try {
      await withConnection(rawBase, (client) => expect(client.get('/cut')).rejects.toThrow('The connection ended before the answer to /cut did'));
    } finally {
      await closing(raw);
    }
  });
});
