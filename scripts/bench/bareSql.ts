import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sessionOptions } from '../../server/db/openPostgres.ts';
import { pgliteSharedBuffersMb } from '../../server/db/openPglite.ts';
import type { Statement } from './recordingDb.ts';

/** Replays captured statements on a connection of its own that leaves every value as the text the database sent. */
export interface BareSql {
  run(statements: readonly Statement[]): Promise<void>;
  /** PostgreSQL only: run on the session with `jit` on or off (one session each; off by default, as the server's). */
  setJit?(on: boolean): Promise<void>;
  /** PostgreSQL only: a new jit-on session, so that one route's figure with jit on does not carry an earlier route's compiled code. */
  renewJitSession?(): Promise<void>;
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

/**
 * A session of its own with the settings the server's sessions start with (sessionOptions: UTC, the planner's costs),
 * no statement limit, and `jit` as given.
 */
async function bareSession(connectionString: string, jit: boolean): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString,
    options: sessionOptions(0),
    types: { getTypeParser: () => asText } as pg.CustomTypesConfig,
  });
  await client.connect();
  await client.query(`SET jit = ${jit ? 'on' : 'off'}`);
  return client;
}

export async function barePostgres(connectionString: string): Promise<BareSql> {
  // One session per jit setting, jit off the current one as in the server's pool. Measured on PostgreSQL 15: once a
  // session has JIT-compiled a statement, its later statements run up to 2.4× slower, jit off or not (forecast 15.7
  // → 24 ms, a movements page 13 → 33 ms after the follow-up year's compiled run), so a jit-off figure never shares a
  // session with a compiled statement.
  const sessions = { on: await bareSession(connectionString, true), off: await bareSession(connectionString, false) };
  let client = sessions.off;
  const plain = (s: Statement) =>
    s.method === 'exec' ? client.query(s.sql) : client.query({ text: s.sql, values: s.params as unknown[], rowMode: 'array' });
  return {
    async run(statements) {
      await runAll(statements, plain, (sql) => client.query(sql));
    },
    async setJit(on) {
      client = on ? sessions.on : sessions.off;
    },
    async renewJitSession() {
      const fresh = await bareSession(connectionString, true);
      if (client === sessions.on) client = fresh;
      await sessions.on.end();
      sessions.on = fresh;
    },
    async jitCompiled(statements) {
      let compiled = 0;
      for (const s of statements.filter((x) => x.method !== 'exec')) {
        // A cursor's query is planned as the query itself.
        const query = s.sql.replace(/^\s*declare\b[\s\S]*?\bcursor\b(\s+with(out)?\s+hold)?\s+for\s+/i, '');
        if (!/^\s*(select|with)\b/i.test(query)) continue;
        const { rows } = await sessions.on.query({ text: `EXPLAIN (FORMAT JSON) ${query}`, values: s.params as unknown[], rowMode: 'array' });
        const [plan] = JSON.parse(String(rows[0]?.[0])) as Array<{ JIT?: unknown }>;
        if (plan?.JIT) compiled++;
      }
      return compiled;
    },
    close: async () => {
      await Promise.all([sessions.on.end(), sessions.off.end()]);
    },
  };
}

// json, jsonb, int8, numeric, date, timestamp, timestamptz: kept as text (the costly parses are JSON's).
const textOids = [114, 3802, 20, 1700, 1082, 1114, 1184];

/** PGlite on this thread over the data directory the server used (closed by then: one opener at a time). */
export async function barePglite(dataDir: string): Promise<BareSql> {
  const db = await PGlite.create(dataDir, {
    parsers: Object.fromEntries(textOids.map((oid) => [oid, asText])),
    // The server's shared_buffers (openPglite.ts), so that the bare SQL runs as the server's does.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${pgliteSharedBuffersMb}MB`],
  });
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
