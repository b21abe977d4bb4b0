import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '../messages.ts';
import { databaseTrouble } from './dbErrors.ts';
import { PgliteStartTimeout } from './openPglite.ts';

export interface RetryOptions {
  /** Told, in Spanish for the operator, each time the database does not answer and when the next try is. */
  onWait: (text: string, attempt: number, delayMs: number) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // A refused dual-stack connect (localhost) is an AggregateError with one error per address.
  if (error instanceof AggregateError && error.errors[0]) return reason(error.errors[0]);
  return error instanceof Error && error.message ? error.message : 'sin detalle';
}

/** Opens the database, waiting with capped exponential backoff while it is down; other errors are thrown at once. */
export async function openWithRetry<T>(open: () => Promise<T>, options: RetryOptions): Promise<T> {
  const first = options.firstDelayMs ?? 1_000;
  const max = options.maxDelayMs ?? 30_000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open();
    } catch (error) {
      if (!databaseTrouble(error)) throw error;
      const delayMs = Math.min(first * 2 ** (attempt - 1), max);
      const seconds = (delayMs / 1000).toLocaleString('es-CO', { maximumFractionDigits: 1 });
      // The embedded database that was still opening is not one that does not answer.
      const text =
        error instanceof PgliteStartTimeout
          ? messages.startup.embeddedSlow(error.startSeconds, attempt, seconds)
          : messages.startup.databaseWaiting(reason(error), attempt, seconds);
      options.onWait(text, attempt, delayMs);
      await sleep(delayMs);
    }
  }
}
