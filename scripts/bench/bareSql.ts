import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import QueryStream from 'pg-query-stream';
import { defaultStreamBatch } from '../../server/db/Db.ts';
import type { Statement } from './recordingDb.ts';

/** Replays captured statements on a connection of its own that leaves every value as the text the database sent. */
export interface BareSql {
  run(statements: readonly Statement[]): Promise<void>;
  /**
   * PostgreSQL only: the same, but an all-rows statement (streamJson) read through a cursor `defaultStreamBatch` rows
   * at a time, as the server's stream reads it. PostgreSQL runs a statement read in batches without parallel workers,
   * which `run` may use: this is the bare cost of what the server asks for.
   */
  runStreamed?(statements: readonly Statement[]): Promise<void>;
  /** PostgreSQL only: the session's `jit`. */
  setJit?(on: boolean): Promise<void>;
  showJit?(): Promise<string>;
  /** PostgreSQL only: how many of the statements the planner would JIT-compile with jit on (plan cost over jit_above_cost). */
  jitCompiled?(statements: readonly Statement[]): Promise<number>;
  close(): Promise<void>;
}

const asText = (text: string) => text;

/** Runs the statements in order, those of one recorded transaction inside BEGIN … COMMIT (a cursor needs one). */
async function runAll(statements: readonly Statement[], one: (s: Statement) => Promise<unknown>, command: (sql: string) => Promise<unknown>) {
  let open: number | undefined;
  for (const s of statements) {
    if (open !== s.transaction) {
      if (open !== undefined) await command('COMMIT');
      if (s.transaction !== undefined) await command('BEGIN');
      open = s.transaction;
    }
    await one(s);
  }
  if (open !== undefined) await command('COMMIT');
}

export async function barePostgres(connectionString: string): Promise<BareSql> {
  const client = new pg.Client({ connectionString, types: { getTypeParser: () => asText } as pg.CustomTypesConfig });
  await client.connect();
  // As the server's sessions run (openPostgres), jit aside.
  await client.query('SET TimeZone = UTC');
  const plain = (s: Statement) =>
    s.method === 'exec' ? client.query(s.sql) : client.query({ text: s.sql, values: s.params as unknown[], rowMode: 'array' });
  return {
    async run(statements) {
      await runAll(statements, plain, (sql) => client.query(sql));
    },
    async runStreamed(statements) {
      await runAll(
        statements,
        async (s) => {
          if (s.method !== 'streamJson') return plain(s);
          const stream = client.query(new QueryStream(s.sql, s.params as unknown[], { batchSize: defaultStreamBatch, highWaterMark: defaultStreamBatch, rowMode: 'array' }));
          for await (const row of stream) void row;
        },
        (sql) => client.query(sql),
      );
    },
    async setJit(on) {
      await client.query(`SET jit = ${on ? 'on' : 'off'}`);
    },
    async showJit() {
      const { rows } = await client.query<{ jit: string }>('SHOW jit');
      return rows[0]!.jit;
    },
    async jitCompiled(statements) {
      await client.query('SET jit = on');
      let compiled = 0;
      for (const s of statements.filter((x) => x.method !== 'exec')) {
        // A cursor's query is planned as the query itself.
        const query = s.sql.replace(/^\s*declare\b[\s\S]*?\bcursor\b(\s+with(out)?\s+hold)?\s+for\s+/i, '');
        if (!/^\s*(select|with)\b/i.test(query)) continue;
        const { rows } = await client.query({ text: `EXPLAIN (FORMAT JSON) ${query}`, values: s.params as unknown[], rowMode: 'array' });
        const [plan] = JSON.parse(String(rows[0]?.[0])) as Array<{ JIT?: unknown }>;
        if (plan?.JIT) compiled++;
      }
      return compiled;
    },
    close: () => client.end(),
  };
}

// json, jsonb, int8, numeric, date, timestamp, timestamptz: kept as text (the costly parses are JSON's).
const textOids = [114, 3802, 20, 1700, 1082, 1114, 1184];

/** PGlite on this thread over the data directory the server used (closed by then: one opener at a time). */
export async function barePglite(dataDir: string): Promise<BareSql> {
  const db = await PGlite.create(dataDir, { parsers: Object.fromEntries(textOids.map((oid) => [oid, asText])) });
  await db.exec("SET TIME ZONE 'UTC'");
  return {
    async run(statements) {
      await runAll(
        statements,
        (s) => (s.method === 'exec' ? db.exec(s.sql) : db.query(s.sql, s.params as unknown[], { rowMode: 'array' })),
        (sql) => db.exec(sql),
      );
    },
    close: () => db.close(),
  };
}
