import { fork } from 'node:child_process';
import type { BenchCall } from './heavyRoutes.ts';
import { timeRuns } from './stats.ts';
import { fetchBody, throughput, waitBehind, type ThroughputResult, type WaitBehindResult } from './throughput.ts';

/** Work for the clients' process: the many-clients run (one call list per client) or the wait behind big answers. */
export type ClientJob =
  | { kind: 'time'; base: string; headers: Record<string, string>; calls: BenchCall[]; runs: number; warmups: number; atLeastMs: number }
  | { kind: 'throughput'; base: string; headers: Record<string, string>; mixes: BenchCall[][]; seconds: number }
  | { kind: 'waitBehind'; base: string; headers: Record<string, string>; light: BenchCall; heavy: BenchCall[]; samples: number };

/** One call timed: each run's milliseconds (body read to its end) and the body's bytes after decompression. */
export interface TimedCall {
  name: string;
  times: number[];
  bytes: number;
}

type Answer<J extends ClientJob> = J extends { kind: 'time' } ? TimedCall[] : J extends { kind: 'throughput' } ? ThroughputResult : WaitBehindResult;

/**
 * Runs `job` in a Node process of its own, as a browser is: the clients' requests, their reading and decompression
 * of the answers, and their timing do not run on the server's event loop (the bench's server listens in this
 * process), so what is measured is the server's work and not the clients' as well. The process inherits this one's
 * flags (tsx's loader).
 */
export function inClientProcess<J extends ClientJob>(job: J): Promise<Answer<J>> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url), ['--client'], { stdio: 'inherit' });
    let answered = false;
    child.once('message', (message: { result?: Answer<J>; error?: string }) => {
      answered = true;
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.result!);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`The clients' process ended (${code}) without an answer`));
    });
    child.send(job);
  });
}

/** Each call in turn, in this one process (warmed by the calls before it), as long as timeRuns says. */
async function timeCalls(job: Extract<ClientJob, { kind: 'time' }>): Promise<TimedCall[]> {
  const timed: TimedCall[] = [];
  for (const { name, url } of job.calls) {
    let bytes = 0;
    const times = await timeRuns(
      job.runs,
      job.warmups,
      async () => {
        bytes = await fetchBody(job.base, url, job.headers);
      },
      { atLeastMs: job.atLeastMs },
    );
    timed.push({ name, times, bytes });
  }
  return timed;
}

async function run(job: ClientJob): Promise<TimedCall[] | ThroughputResult | WaitBehindResult> {
  if (job.kind === 'time') return timeCalls(job);
  if (job.kind === 'throughput') {
    return throughput(job.base, job.headers, (client) => job.mixes[client % job.mixes.length]!, job.mixes.length, job.seconds);
  }
  return waitBehind(job.base, job.headers, job.light, job.heavy, job.samples);
}

if (process.argv.includes('--client') && process.send) {
  process.once('message', (job: ClientJob) => {
    run(job).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: String((error as Error)?.stack ?? error) }, () => process.exit(1)),
    );
  });
}
