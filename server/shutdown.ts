import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { readFileSync } from 'node:fs';
import { Server as NetServer, type AddressInfo, type Socket } from 'node:net';
import type { Db } from './db/Db.ts';
import { messages } from './messages.ts';

interface Connection {
  /** Opened before the stop: the requests it carries were sent to this server before it, and are served. */
  beforeStop: boolean;
  /** Answers on it not fully written yet. */
  pending: number;
  /** When it last opened, received a request or finished an answer. */
  lastActive: number;
}

interface DrainState {
  draining: boolean;
  stoppedAt: number;
  connections: Map<Socket, Connection>;
  /** Requests that came over the network; any other (app.inject, as server exports make) comes from one of them. */
  fromNetwork: WeakSet<IncomingMessage>;
  /** Connections the system had completed but not handed to this thread yet when the stop came. */
  queuedAtStop: number;
  /** In-process requests not answered yet. */
  inProcess: Set<IncomingMessage>;
}

const states = new WeakMap<FastifyInstance, DrainState>();

/**
 * How long a connection with nothing in flight may stay silent during the stop before it is closed: a client that
 * got a keep-alive answer may already be sending its next request, which closing at once would cut.
 */
const silentConnectionMs = 500;
const pollMs = 50;

/**
 * How many connections to `address` the system has completed and queued for this process to accept: Linux shows it
 * in /proc/net/tcp{,6} as the listening socket's receive queue. 0 where it cannot be read.
 */
export function acceptQueueLength(address: AddressInfo | string | null): number {
  if (!address || typeof address === 'string') return 0;
  const port = address.port.toString(16).toUpperCase().padStart(4, '0');
  let queued = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue …; st 0A is LISTEN.
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(`:${port}`)) continue;
      queued += Number.parseInt(queues?.split(':')[1] ?? '0', 16) || 0;
    }
  }
  return queued;
}

/** Ends a connection once everything written to it has been flushed. */
function closeWhenFlushed(socket: Socket) {
  if (!socket.destroyed && !socket.writableEnded) socket.end(() => socket.destroy());
}

/**
 * Prepares `app` for `shutdown()`: tracks connections and requests and, once stopping, answers 503 at once to
 * requests on connections opened after the stop. Register before the app is ready.
 */
export function enableGracefulShutdown(app: FastifyInstance) {
  const state: DrainState = { draining: false, stoppedAt: 0, connections: new Map(), fromNetwork: new WeakSet(), queuedAtStop: 0, inProcess: new Set() };
  states.set(app, state);
  app.server.on('connection', (socket: Socket) => {
    const beforeStop = !state.draining || state.queuedAtStop-- > 0;
    state.connections.set(socket, { beforeStop, pending: 0, lastActive: Date.now() });
    socket.once('close', () => state.connections.delete(socket));
  });
  // First, so that the request is known as a network one before fastify's hooks see it.
  app.server.prependListener('request', (request: IncomingMessage, response) => {
    state.fromNetwork.add(request);
    const connection = state.connections.get(request.socket as Socket);
    if (!connection) return;
    connection.pending++;
    connection.lastActive = Date.now();
    // 'close' comes after 'finish', when the whole answer has been handed to the socket.
    response.once('close', () => {
      connection.pending--;
      connection.lastActive = Date.now();
    });
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!state.fromNetwork.has(request.raw)) {
      // A request this server makes to itself while answering one it accepted: part of that answer.
      state.inProcess.add(request.raw);
      return;
    }
    if (!state.draining) return;
    if (state.connections.get(request.raw.socket as Socket)?.beforeStop) return;
    reply.header('Connection', 'close').header('Retry-After', 5);
    return reply.status(503).send({ message: messages.shuttingDown });
  });
  const answered = async (request: { raw: IncomingMessage }) => void state.inProcess.delete(request.raw);
  app.addHook('onResponse', answered);
  app.addHook('onRequestAbort', answered);
  app.addHook('onSend', async (_request, reply) => {
    // The client sends nothing more on this connection, and Node closes it once the answer is written.
    if (state.draining) reply.header('Connection', 'close');
  });
}

export interface ShutdownResult {
  /** The grace period ran out: connections were cut or the database did not close in time. */
  forced: boolean;
}

/** One turn of the loop after a short wait, so that what the sockets received meanwhile has been read. */
const tick = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), pollMs));

/** Closes connections with nothing in flight that stayed silent since the stop or their last answer. */
function closeIdle(state: DrainState) {
  const now = Date.now();
  for (const [socket, connection] of state.connections) {
    const quietSince = Math.max(connection.lastActive, state.stoppedAt);
    if (connection.pending === 0 && now - quietSince >= silentConnectionMs) closeWhenFlushed(socket);
  }
}

/**
 * Stops: answers 503 to requests on connections opened after the stop, lets those in flight finish within
 * `graceMs`, stops listening, then closes the app and the database. The stop is in effect when this returns.
 */
export async function shutdown(app: FastifyInstance, db: Db, graceMs: number): Promise<ShutdownResult> {
  const deadline = Date.now() + graceMs;
  const state = states.get(app);
  let forced = false;
  if (state) {
    state.stoppedAt = Date.now();
    // Node takes one waiting connection per turn of its loop: those the system holds were opened before the stop.
    state.queuedAtStop = acceptQueueLength(app.server.address());
    state.draining = true;
    // Listening goes on while the answers in flight finish, so that a late request gets a quick 503, not a reset.
    // Also until the connections the system had queued at the stop are taken: closing the listener before would
    // reset them, though their requests were sent before the stop (a busy process accepts them late).
    while ((state.queuedAtStop > 0 || [...state.connections.values()].some((c) => c.beforeStop)) && Date.now() < deadline) {
      await tick();
      closeIdle(state);
    }
    // net's close, not http's: http's also destroys "idle" connections whose last answer is still being flushed.
    const drained = new Promise<void>((resolve) => NetServer.prototype.close.call(app.server, () => resolve()));
    while ((state.connections.size > 0 || state.inProcess.size > 0) && Date.now() < deadline) {
      await tick();
      closeIdle(state);
    }
    forced = state.connections.size > 0 || state.inProcess.size > 0;
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
