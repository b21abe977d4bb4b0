import type { FastifyInstance } from 'fastify';
import { Server as NetServer, type Socket } from 'node:net';
import type { Db } from './db/Db.ts';
import { messages } from './messages.ts';

interface Connection {
  /** Opened before the stop: its first request was sent before it and is served. */
  beforeStop: boolean;
  openedAt: number;
  /** Requests seen on it, and how many of their answers are not fully written yet. */
  requests: number;
  pending: number;
}

interface DrainState {
  draining: boolean;
  connections: Map<Socket, Connection>;
}

const states = new WeakMap<FastifyInstance, DrainState>();

/** How long a connection may stay silent during the stop before it is closed. */
const silentConnectionMs = 500;
const pollMs = 50;

/** Ends a connection once everything written to it has been flushed. */
function closeWhenFlushed(socket: Socket) {
  if (!socket.destroyed && !socket.writableEnded) socket.end(() => socket.destroy());
}

/**
 * Prepares `app` for `shutdown()`: tracks connections and, once stopping, answers 503 at once to every
 * request but the first one of a connection opened before the stop. Register before the app is ready.
 */
export function enableGracefulShutdown(app: FastifyInstance) {
  const state: DrainState = { draining: false, connections: new Map() };
  states.set(app, state);
  app.server.on('connection', (socket: Socket) => {
    state.connections.set(socket, { beforeStop: !state.draining, openedAt: Date.now(), requests: 0, pending: 0 });
    socket.once('close', () => state.connections.delete(socket));
  });
  app.server.on('request', (request, response) => {
    const connection = state.connections.get(request.socket);
    if (!connection) return;
    connection.requests++;
    connection.pending++;
    // 'close' comes after 'finish', when the whole answer has been handed to the socket.
    response.once('close', () => {
      connection.pending--;
      if (state.draining && connection.pending === 0) closeWhenFlushed(request.socket);
    });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!state.draining) return;
    const connection = state.connections.get(request.raw.socket);
    if (connection?.beforeStop && connection.requests === 1) return;
    reply.header('Connection', 'close').header('Retry-After', 5);
    return reply.status(503).send({ message: messages.shuttingDown });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (state.draining) reply.header('Connection', 'close');
  });
}

export interface ShutdownResult {
  /** The grace period ran out: connections were cut or the database did not close in time. */
  forced: boolean;
}

/** One turn of the loop after a short wait, so that what the sockets received meanwhile has been read. */
const tick = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), pollMs));

/** Closes idle connections: answered and kept alive, or silent for a while. */
function closeIdle(state: DrainState) {
  const now = Date.now();
  for (const [socket, connection] of state.connections) {
    const answered = connection.requests > 0 && connection.pending === 0;
    const silent = connection.requests === 0 && now - connection.openedAt >= silentConnectionMs;
    if (answered || silent) closeWhenFlushed(socket);
  }
}

/**
 * Stops: answers 503 to requests sent after the stop, lets those in flight finish within `graceMs`,
 * stops listening, then closes the app and the database.
 */
export async function shutdown(app: FastifyInstance, db: Db, graceMs: number): Promise<ShutdownResult> {
  const deadline = Date.now() + graceMs;
  const state = states.get(app);
  let forced = false;
  if (state) {
    state.draining = true;
    // Listening goes on while the answers in flight finish, so that a late request gets a quick 503, not a reset.
    while ([...state.connections.values()].some((c) => c.beforeStop) && Date.now() < deadline) {
      await tick();
      closeIdle(state);
    }
    // net's close, not http's: http's also destroys "idle" connections whose last answer is still being flushed.
    const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(app.server, () => resolve()));
    while (state.connections.size > 0 && Date.now() < deadline) {
      await tick();
      closeIdle(state);
    }
    forced = state.connections.size > 0;
    for (const socket of state.connections.keys()) socket.destroy();
    await drained;
  }
  await app.close();
  const closing = db.close();
  // Past the deadline, the answers the cut requests still receive would only keep the process busy.
  if (forced) {
    closing.catch(() => undefined);
    return { forced };
  }
  const closedInTime = await within(closing, Math.max(deadline - Date.now(), 1_000));
  return { forced: !closedInTime };
}

/** Whether `work` settles within `ms`. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
