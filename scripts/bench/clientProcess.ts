import { fork } from 'node:child_process';
import type { BenchCall } from './heavyRoutes.ts';
import { nonRepeatingMix, type NonRepeatingData } from './honest.ts';
import { LeanHttpConnection } from './leanHttp.ts';
import { timeRuns } from './stats.ts';
import { fetchBody, throughput, waitBehind, type ThroughputResult, type WaitBehindResult } from './throughput.ts';

/** How the timed calls are sent: a lean connection (leanHttp.ts, the default) or node:http's client (`--http-client node`). */
export type TimedHttpClient = 'lean' | 'node';

/** Work for the clients' process: the many-clients run (one call list per client) or the wait behind big answers. */
export type ClientJob =
  | { kind: 'time'; base: string; headers: Record<string, string>; calls: BenchCall[]; runs: number; warmups: number; atLeastMs: number; via: TimedHttpClient }
  | { kind: 'throughput'; base: string; headers: Record<string, string>; mixes: BenchCall[][]; seconds: number; warmupSeconds: number }
  /** The many-clients run where nothing repeats: each client's every turn its own period and page (honest.ts). */
  | { kind: 'throughput'; base: string; headers: Record<string, string>; nonRepeating: NonRepeatingData; seconds: number; warmupSeconds: number }
  | { kind: 'waitBehind'; base: string; headers: Record<string, string>; light: BenchCall; heavy: BenchCall[]; samples: number; stalled?: number };

/** One call timed: each run's milliseconds (body read to its end, as sent) and the body's bytes as sent. */
export interface TimedCall {
  name: string;
  times: number[];
  bytes: number;
}

type Answer<J extends ClientJob> = J extends { kind: 'time' } ? TimedCall[] : J extends { kind: 'throughput' } ? ThroughputResult : WaitBehindResult;

/** A clients' process kept for several jobs, one at a time (its code stays warm between them). */
export interface ClientSession {
  run<J extends ClientJob>(job: J): Promise<Answer<J>>;
  close(): Promise<void>;
}

/**
 * A Node process of its own for the clients, as a browser is: the clients' requests, their reading of the answers
 * and their timing do not run on the server's event loop (the bench's server listens in this process), so what is
 * measured is the server's work and not the clients' as well. The process inherits this one's flags (tsx's loader).
 */
export function clientSession(): ClientSession {
  const child = fork(new URL(import.meta.url), ['--client'], { stdio: 'inherit' });
  let waiting: { resolve(result: unknown): void; reject(error: Error): void } | undefined;
  let exited = false;
  child.on('message', (message: { result?: unknown; error?: string }) => {
    const job = waiting;
    waiting = undefined;
    if (message.error !== undefined) job?.reject(new Error(message.error));
    else job?.resolve(message.result);
  });
  child.once('exit', (code) => {
    exited = true;
    waiting?.reject(new Error(`The clients' process ended (${code}) without an answer`));
  });
  return {
    run<J extends ClientJob>(job: J): Promise<Answer<J>> {
      if (waiting || exited) return Promise.reject(new Error(exited ? "The clients' process has ended" : 'One job at a time'));
      return new Promise<Answer<J>>((resolve, reject) => {
        waiting = { resolve: resolve as (result: unknown) => void, reject };
        child.send(job);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.send({ kind: 'exit' });
      }),
  };
}

/** Runs `job` in a clients' process of its own (clientSession), then lets the process go. */
export async function inClientProcess<J extends ClientJob>(job: J): Promise<Answer<J>> {
  const session = clientSession();
  try {
    return await session.run(job);
  } finally {
    await session.close();
  }
}

/** The timed calls' connection to each server, kept open across jobs as a browser keeps its connection to the app. */
const timedConnections = new Map<string, LeanHttpConnection>();

/** GETs `url` over the job's client and reads its body to the end as sent; its bytes. Anything but 200 throws. */
function timedGet(job: Extract<ClientJob, { kind: 'time' }>): (url: string) => Promise<number> {
  if (job.via === 'node') return (url) => fetchBody(job.base, url, job.headers, false);
  let connection = timedConnections.get(job.base);
  if (!connection) timedConnections.set(job.base, (connection = new LeanHttpConnection(job.base)));
  const lean = connection;
  return async (url) => {
    const answer = await lean.get(url, job.headers);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${answer.start}`);
    return answer.bytes;
  };
}

/**
 * Each call in turn, in this one process (warmed by the calls before it), as long as timeRuns says, over the job's
 * client (timedGet): the body read to its end as sent, without decoding it (RouteResult.apiMs).
 */
async function timeCalls(job: Extract<ClientJob, { kind: 'time' }>): Promise<TimedCall[]> {
  const get = timedGet(job);
  const timed: TimedCall[] = [];
  for (const { name, url } of job.calls) {
    let bytes = 0;
    const times = await timeRuns(
      job.runs,
      job.warmups,
      async () => {
        bytes = await get(url);
      },
      { atLeastMs: job.atLeastMs },
    );
    timed.push({ name, times, bytes });
  }
  return timed;
}

async function run(job: ClientJob): Promise<TimedCall[] | ThroughputResult | WaitBehindResult> {
  if (job.kind === 'time') return timeCalls(job);
  if (job.kind === 'throughput' && 'nonRepeating' in job) {
    const data = job.nonRepeating;
    return throughput(job.base, job.headers, (client, turn) => nonRepeatingMix(data, client, turn), data.clients, job.seconds, job.warmupSeconds);
  }
  if (job.kind === 'throughput') {
    return throughput(job.base, job.headers, (client) => job.mixes[client % job.mixes.length]!, job.mixes.length, job.seconds, job.warmupSeconds);
  }
  return waitBehind(job.base, job.headers, job.light, job.heavy, job.samples, job.stalled);
}

if (process.argv.includes('--client') && process.send) {
  process.on('message', (job: ClientJob | { kind: 'exit' }) => {
    // Keep-alive sockets would hold the process open.
    if (job.kind === 'exit') process.exit(0);
    run(job).then(
      (result) => process.send!({ result }),
      (error: unknown) => process.send!({ error: String((error as Error)?.stack ?? error) }),
    );
  });
}
