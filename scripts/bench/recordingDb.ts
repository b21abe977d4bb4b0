import type { Db } from '../../server/db/Db.ts';

/** One statement a route ran: the Db method, its SQL and its parameters. */
export interface Statement {
  method: string;
  sql: string;
  params: readonly unknown[];
}

/** Methods that are not a request's statements. */
const notRecorded = new Set(['exec', 'close', 'transaction', 'dumpDataDir']);

/**
 * The same Db, recording the statements (any method called with SQL text first) run while `recording` is set:
 * what one API call runs, to replay it bare on the database.
 */
export function recordingDb(db: Db): { db: Db; record<T>(work: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> } {
  let recording: Statement[] | undefined;
  const proxy = new Proxy(db, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string' || notRecorded.has(key)) return value;
      return (...args: unknown[]) => {
        if (recording && typeof args[0] === 'string') {
          recording.push({ method: key, sql: args[0], params: Array.isArray(args[1]) ? [...args[1]] : [] });
        }
        return value.apply(target, args);
      };
    },
  });
  return {
    db: proxy,
    async record(work) {
      const statements: Statement[] = [];
      recording = statements;
      try {
        return { result: await work(), statements };
      } finally {
        recording = undefined;
      }
    },
  };
}
