import type { Socket } from 'node:net';
import pg from 'pg';
import { currentCaller } from './dbCaller.ts';
import { databaseTrouble, StreamsBusyError } from './dbErrors.ts';
import { defaultStreamIdleMs, keepText, parseNumber, postgresStreamReadAhead, typeIds, type Db, type Queryable } from './Db.ts';
import { FairGate, GateTimeout } from './fairGate.ts';
import { DatabaseSilentError, Liveness } from './liveness.ts';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === typeIds.int8 || oid === typeIds.numeric) return parseNumber;
    if (oid === typeIds.date) return keepText;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/** How long a request may wait for the server: a frozen or unreachable database answers an error, never hangs. */
export interface PostgresTimeouts {
  /** To open a connection or to wait for a free one in the pool. */
  connectMs: number;
  /** For one statement of a request (server side; the client gives up a second later if the server is silent). */
  statementMs: number;
  /**
   * For an all-rows answer (streamJson): its statement waits on its writes while the client reads, so it lasts as long
   * as the client takes to read every row (a million-row export to a slow client).
   */
  streamMs: number;
  /** How long a stream's rows may wait unread before its connection is dropped (Db.ts, defaultStreamIdleMs). */
  streamIdleMs: number;
  /**
   * How long a connection of the pools stays open unused before it is closed (node-pg's default is 10 s). A new
   * connection costs its request the connect (5.4 ms on this machine) and, on its first statements, PostgreSQL's
   * catalog caches of the session (another 3–20 ms a route on `large`): on a server whose users click every so often,
   * nearly every screen paid both (README, "Connections stay open").
   */
  poolIdleMs: number;
  /** The longest a request waits for a free connection of its share while the server answers (then 503 or 429). */
  acquireMs: number;
  /**
   * Silence that makes the server suspect (liveness.ts): a wait on it (a free connection, a statement, a stream's next
   * row) that lasts this long probes it, and a probe without an answer in this long makes every wait fail with 503.
   */
  probeMs: number;
}

export const defaultPostgresTimeouts: PostgresTimeouts = {
  connectMs: 5_000,
  statementMs: 30_000,
  streamMs: 900_000,
  streamIdleMs: defaultStreamIdleMs,
  poolIdleMs: 300_000,
  acquireMs: 10_000,
  probeMs: 1_000,
};

/** Client-side margin over statement_timeout, for a server too frozen to cancel its own statement. */
const silentServerMarginMs = 1_000;

/** Closes a connection at once, whatever its server does: an answer that comes later must reach nobody. */
function destroyConnection(client: pg.ClientBase) {
  (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy();
}

/** An error the server sent about a statement: its connection is still good. */
const isServerError = (error: unknown) => error instanceof pg.DatabaseError;

/** `work`, or `signal`'s reason if it aborts first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const aborted = () => reject(signal.reason as Error);
    signal.addEventListener('abort', aborted, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', aborted));
  });
}

function wrap(client: pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/**
 * The first column of each row of one statement, as the consumer asks for them: each step the rows that came since the
 * step before (at least one). The statement runs once, without a row limit: PostgreSQL runs a statement fetched in
 * batches (a cursor, or pg-query-stream's portal) without parallel workers, and the booking list's 108,068 rows took
 * 1.16 s that way against 0.63 s this way on `large` (the same session; the README's performance notes).
 * Back-pressure: once `highWater` rows wait unread the connection's socket is paused, so the database waits on its
 * write until the consumer takes them; at most twice `highWater` rows (and a socket read) are held. Rows left unread
 * for `idleMs` call `abandon` (which drops the connection) and the consumer's next step fails, as when the server
 * falls silent while the consumer waits on it (`watch`). Ends with the statement; throws its error.
 */
async function* unlimitedRows(
  client: pg.PoolClient,
  query: { sql: string; params: unknown[] },
  limits: { highWater: number; idleMs: number; abandon: (error: Error) => void; watch: (fail: (error: Error) => void) => () => void },
): AsyncGenerator<string[]> {
  const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
  let waiting: string[] = [];
  let ended = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  let idle: NodeJS.Timeout | undefined;
  const pause = () => {
    socket.pause();
    idle ??= setTimeout(() => {
      failure ??= new Error('stream abandoned: its consumer stopped reading');
      limits.abandon(failure);
    }, limits.idleMs).unref();
  };
  const resume = () => {
    clearTimeout(idle);
    idle = undefined;
    socket.resume();
  };
  const config: pg.QueryArrayConfig = { text: query.sql, values: query.params, rowMode: 'array' };
  const running = new pg.Query(config);
  running.on('row', (row: [string | null]) => {
    if (waiting.push(row[0] ?? 'null') >= limits.highWater) pause();
    notify();
  });
  running.on('end', () => {
    ended = true;
    notify();
  });
  running.on('error', (error: Error) => {
    failure ??= error;
    ended = true;
    notify();
  });
  client.query(running);
  try {
    for (;;) {
      if (failure) throw failure;
      if (waiting.length > 0) {
        // Taking what waits lets the database write again: the socket only ever stays paused with rows waiting.
        const taken = waiting;
        waiting = [];
        resume();
        yield taken;
      } else if (ended) {
        return;
      } else {
        // Waiting on the server (its first row, or the next): a silent one ends the stream.
        const stopWatch = limits.watch((error) => {
          failure ??= error;
          limits.abandon(error);
          notify();
        });
        await new Promise<void>((resolve) => (wake = resolve)).finally(stopWatch);
      }
    }
  } finally {
    clearTimeout(idle);
  }
}

/**
 * The settings every session of the server's pool starts with: UTC, the statement limit, jit off (where the planner
 * compiles a report's SQL, compiling costs more than it saves: npm run bench) and random_page_cost 1.1 instead of 4
 * (a report's tables and indexes are read from memory, where a page read out of order costs about as much as one in
 * order). Measured with `scripts/explainRoutes.ts --compare random_page_cost=1.1` over the statements of every screen
 * call on `large` (57 routes): the housekeeping calendar 0.70–0.73×, the event calendar 0.49–0.71×, balances
 * 0.65–0.87×, commercial 0.89–0.91×, summed 0.97×; no route slower past noise (follow-up year and recaudo, which an
 * earlier run of the heavy routes alone had seen 1.1× slower, 1.00–1.01× in two runs).
 */
export const sessionOptions = (statementMs: number) =>
  `-c TimeZone=UTC -c statement_timeout=${statementMs} -c jit=off -c random_page_cost=1.1`;

/** Connections a server's pools open at most: the requests' statements, and the all-rows answers' (streamJson). */
export interface PostgresPoolSizes {
  /** For the statements of requests, migrations and loads. */
  max: number;
  /** Of `max` (and half of `streams`), what one employee's requests hold at once: the others' screens still get theirs. */
  perEmployee?: number;
  /**
   * For the work done before a request's employee is known: sign-in, the session check, readiness. They never wait
   * behind reports.
   */
  reserved: number;
  /**
   * For all-rows answers and server-built exports. A stream holds its connection until its reader has every row (a
   * million-row export to a slow client, minutes), so streams have a pool of their own: slow downloads cannot take
   * the connections the screens' requests need, and each session starts with the streams' statement limit (no SET
   * and RESET around every stream). One stream more waits for a free connection as a request does.
   */
  streams: number;
}

export const defaultPostgresPoolSizes: PostgresPoolSizes = { max: 10, streams: 4, reserved: 2 };

/** Pools on a PostgreSQL server without trying it first; every session runs in UTC, without JIT. */
export function postgresDb(connectionString: string, sizes: Partial<PostgresPoolSizes> = {}, timeouts: Partial<PostgresTimeouts> = {}): Db {
  const { max, streams, reserved, perEmployee = Math.max(1, Math.floor(max / 2)) } = { ...defaultPostgresPoolSizes, ...sizes };
  const limits = { ...defaultPostgresTimeouts, ...timeouts };
  const connectMs = limits.connectMs;
  class TimedClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectMs });
    }
  }
  const poolOf = (size: number, statementMs: number) => {
    const made = new pg.Pool({
      Client: TimedClient,
      connectionString,
      max: size,
      types,
      // The lane's gate hands out at most `size` connections at once, so the pool itself never has a queue.
      connectionTimeoutMillis: connectMs,
      idleTimeoutMillis: limits.poolIdleMs,
      // TCP keep-alive on an idle connection: a firewall or NAT that forgets quiet connections (some after 4 minutes)
      // keeps it, and a peer gone without a word is found out before a request picks its connection.
      keepAlive: true,
      keepAliveInitialDelayMillis: 60_000,
      // A connection kept for good would never see a failover that moved the server's name to another host, nor give
      // back a session's grown memory: each is closed after half an hour (once its request, if any, has ended).
      maxLifetimeSeconds: 1_800,
      options: sessionOptions(statementMs),
    });
    made.on('error', () => undefined); // an idle client's lost connection is replaced on next use
    return made;
  };
  /** A pool and who may take its connections. */
  interface Lane {
    pool: pg.Pool;
    gate: FairGate;
  }
  const laneOf = (size: number, share: number, statementMs: number): Lane => ({
    pool: poolOf(size, statementMs),
    gate: new FairGate({ capacity: size, perKey: share }),
  });
  const main = laneOf(max, perEmployee, limits.statementMs);
  const reservedLane = laneOf(reserved, reserved, limits.statementMs);
  const streamLane = laneOf(streams, Math.max(1, Math.floor(streams / 2)), limits.streamMs);

  // One connection of its own that answers whether the server does (liveness.ts); dropped when it does not in time.
  let prober: pg.Client | undefined;
  const probe = async (timeoutMs: number) => {
    const dropAt = setTimeout(() => {
      if (prober) destroyConnection(prober);
      prober = undefined;
    }, timeoutMs);
    try {
      if (!prober) {
        prober = new pg.Client({ connectionString, options: sessionOptions(timeoutMs) });
        prober.on('error', () => undefined);
        await prober.connect();
      }
      await prober.query('SELECT 1');
    } catch (error) {
      if (prober) destroyConnection(prober);
      prober = undefined;
      // The server's own refusal is an answer (too many connections, starting up); a cut connection is not.
      throw isServerError(error) || databaseTrouble(error) === 'unavailable' && (error as { code?: unknown }).code !== undefined
        ? error
        : new DatabaseSilentError();
    } finally {
      clearTimeout(dropAt);
    }
  };
  const liveness = new Liveness(probe, { suspectMs: limits.probeMs, probeMs: limits.probeMs });

  /**
   * The lane of the work under way: before its employee is known (sign-in, the session check, readiness) the reserved
   * connections; else the streams' or the requests' pool, within the employee's share. Work outside a request (start,
   * loads) takes any connection of the requests' pool.
   */
  const laneFor = (stream: boolean): { lane: Lane; key: number | undefined } => {
    const caller = currentCaller();
    const employee = caller?.employeeId();
    if (stream) return { lane: streamLane, key: employee };
    if (caller && employee === undefined) return { lane: reservedLane, key: undefined };
    return { lane: main, key: employee };
  };

  /**
   * A connection of the caller's lane for `work`, every wait bounded: the lane's gate (acquireMs), a new connection
   * (connectMs), and the server's silence throughout (liveness). A connection whose work failed other than by the
   * server's own error, or was cut short, is closed rather than reused.
   */
  async function withConnection<T>(stream: boolean, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    // A stream watches its own waits on the server (unlimitedRows), not the time its reader takes.
    await liveness.ready();
    const { lane, key } = laneFor(stream);
    const cut = new AbortController();
    const stopWatch = liveness.watch((error) => cut.abort(error));
    let leave: (() => void) | undefined;
    let client: pg.PoolClient | undefined;
    let failure: unknown;
    try {
      leave = await lane.gate.acquire(key, limits.acquireMs, cut.signal);
      const connecting = lane.pool.connect();
      // A connection that opens after its wait was cut goes straight back.
      connecting.then(
        (late) => cut.signal.aborted && late.release(true),
        () => undefined,
      );
      client = await untilAborted(connecting, cut.signal);
      if (stream) stopWatch();
      return await untilAborted(work(client), cut.signal);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      stopWatch();
      if (client) {
        const reusable = failure === undefined || (isServerError(failure) && !cut.signal.aborted);
        if (!reusable) destroyConnection(client);
        client.release(reusable ? undefined : (failure as Error));
      }
      leave?.();
    }
  }

  const db: Db = {
    kind: 'postgres',
    // One server: it is its own primary (replicas.ts puts replicas in front of it).
    get primary() {
      return db;
    },
    // A request's statement: bounded on the server (statement_timeout) and here, for a server too frozen to cancel it.
    query: <T>(sql: string, params: readonly unknown[] = []) =>
      withConnection(false, async (client) => {
        const config = { text: sql, values: params as unknown[], query_timeout: limits.statementMs + silentServerMarginMs };
        return (await client.query(config as pg.QueryConfig)).rows as T[];
      }),
    // Migrations and maintenance (ANALYZE after a load) may take longer than a request may.
    exec: (sql) =>
      withConnection(false, async (client) => {
        await client.query('SET statement_timeout = 0');
        await client.query(sql);
        await client.query('RESET statement_timeout');
      }),
    // Transactions load and migrate: no request runs one, so no statement limit.
    transaction: (work) =>
      withConnection(false, async (client) => {
        await client.query('BEGIN');
        try {
          await client.query('SET LOCAL statement_timeout = 0');
          const result = await work(wrap(client));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    // A client of the streams' pool (its sessions under streamMs) hands the rows on as they are read (unlimitedRows);
    // it goes back to that pool at the end, and is dropped on an error, when the loop stops early, when its rows
    // wait unread past streamIdleMs or when the server falls silent while the stream waits on it.
    async *streamJson(sql, params = [], batch = postgresStreamReadAhead) {
      let handOut: ((client: pg.PoolClient) => void) | undefined;
      let finish: ((error?: Error) => void) | undefined;
      const held = withConnection(true, (client) => {
        handOut?.(client);
        return new Promise<void>((resolve, reject) => (finish = (error) => (error ? reject(error) : resolve())));
      });
      const client = await Promise.race([new Promise<pg.PoolClient>((resolve) => (handOut = resolve)), held as Promise<never>]).catch(
        (error: unknown) => {
          throw error instanceof GateTimeout ? new StreamsBusyError(error) : error;
        },
      );
      held.catch(() => undefined);
      let released = false;
      // A statement still running is stopped by closing its connection: the database stops at its next write.
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        finish?.(error);
      };
      let clean = false;
      try {
        yield* unlimitedRows(
          client,
          { sql, params: params as unknown[] },
          { highWater: batch, idleMs: limits.streamIdleMs, abandon: release, watch: (fail) => liveness.watch(fail) },
        );
        clean = true;
      } finally {
        release(clean ? undefined : new Error('stream closed before its end'));
      }
    },
    close: async () => {
      if (prober) destroyConnection(prober);
      await Promise.all([main.pool.end(), reservedLane.pool.end(), streamLane.pool.end()]);
    },
  };
  return db;
}

/** Pools on a PostgreSQL server, once the server has answered. */
export async function openPostgres(connectionString: string, sizes: Partial<PostgresPoolSizes> = {}, timeouts: Partial<PostgresTimeouts> = {}): Promise<Db> {
  const db = postgresDb(connectionString, sizes, timeouts);
  try {
    await db.query('SELECT 1');
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
