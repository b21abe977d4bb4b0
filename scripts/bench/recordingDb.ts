import type { Db } from '../../server/db/Db.ts';

/** One statement a route ran: the Db method, its SQL, its parameters, and the transaction it ran in if any. */
export interface Statement {
  method: string;
  sql: string;
  params: readonly unknown[];
  transaction?: number;
}

/** Methods that are not statements. */
const notRecorded = new Set(['close', 'dumpDataDir']);

/**
 * The same Db, recording the statements (any method called with SQL text first, in a transaction's work too) run
 * while `record` runs its work: what one API call runs, to replay it bare on the database.
 */
export function recordingDb(db: Db): { db: Db; record<T>(work: () => Promise<T>): Promise<{ result: T; statements: Statement[] }> } {
  let recording: Statement[] | undefined;
  let transactions = 0;
  const wrap = <Q extends object>(target: Q, transaction?: number): Q =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value = Reflect.get(object, key, receiver);
        if (typeof value !== 'function' || typeof key !== 'string' || notRecorded.has(key)) return value;
        if (key === 'transaction') {
          return (work: (tx: object) => Promise<unknown>) => {
            const id = ++transactions;
            return value.call(object, (tx: object) => work(wrap(tx, id)));
          };
        }
        return (...args: unknown[]) => {
          if (recording && typeof args[0] === 'string') {
            const params = Array.isArray(args[1]) ? [...args[1]] : [];
            recording.push({ method: key, sql: args[0], params, ...(transaction !== undefined && { transaction }) });
          }
          return value.apply(object, args);
        };
      },
    });
  return {
    db: wrap(db),
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

/** The summed execution time of `statements` on `db`, each under EXPLAIN (ANALYZE, TIMING OFF): the SQL alone. */
export async function executionMs(db: Db, statements: readonly Statement[]): Promise<number> {
  let ms = 0;
  for (const s of statements) {
    const [row] = await db.query<{ 'QUERY PLAN': Array<{ 'Execution Time': number }> }>(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${s.sql}`, [...s.params]);
    const plan = row!['QUERY PLAN'];
    ms += (typeof plan === 'string' ? (JSON.parse(plan) as typeof plan) : plan)[0]!['Execution Time'];
  }
  return ms;
}
