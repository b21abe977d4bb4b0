import { createServer, connect, type Socket } from 'node:net';

/** A TCP proxy in the test process that can freeze: connections stay open, no byte moves either way. */
export interface TcpProxy {
  port: number;
  /** `postgres://…` of `target` with its host and port replaced by the proxy's. */
  url(target: string): string;
  /** Stop forwarding bytes (held until thawed); new connections are accepted and kept waiting too. */
  freeze(): void;
  /** Forward again, what was held first. */
  thaw(): void;
  close(): Promise<void>;
}

interface Pipe {
  from: Socket;
  to: Socket;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  let frozen = false;
  const pipes: Pipe[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    track(client);
    track(upstream);
    for (const pipe of [{ from: client, to: upstream }, { from: upstream, to: client }]) {
      pipes.push(pipe);
      // Back-pressure as a network has it: what the other side does not take stays unread, so a freeze holds it.
      pipe.from.on('data', (chunk: Buffer) => {
        if (!pipe.to.destroyed && !pipe.to.write(chunk)) pipe.from.pause();
      });
      pipe.to.on('drain', () => {
        if (!frozen) pipe.from.resume();
      });
      pipe.from.on('close', () => pipe.to.destroy());
      if (frozen) pipe.from.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    url(target) {
      const url = new URL(target);
      url.hostname = '127.0.0.1';
      url.port = String(address.port);
      return url.toString();
    },
    freeze() {
      frozen = true;
      for (const pipe of pipes) pipe.from.pause();
    },
    thaw() {
      frozen = false;
      for (const pipe of pipes) pipe.from.resume();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
