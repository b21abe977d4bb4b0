import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Db } from '../../server/db/Db.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/openPglite.ts';
import { openPostgres } from '../../server/db/openPostgres.ts';
import { loadDemoData, type Scale } from '../../server/demo/loadDemoData.ts';

export type EngineKind = 'pglite' | 'postgres';

export interface BenchEngine {
  kind: EngineKind;
  db: Db;
  /** PGlite's directory: the bare replay reopens it once the server's worker has closed it. */
  dataDir?: string;
  /** The database the bench runs on (PostgreSQL). */
  connectionString?: string;
  load?: { seconds: number; counts: Record<string, number> };
  /** Closes the database (if open) and removes what the bench created. */
  drop(): Promise<void>;
}

export interface EngineOptions {
  scale: Scale;
  today: string;
  databaseUrl: string | undefined;
  /** Use DATABASE_URL's database as it is (already filled). */
  reuse: boolean;
  /** An existing, filled PGlite directory. */
  pgliteDir: string | undefined;
}

async function fill(db: Db, options: EngineOptions): Promise<BenchEngine['load']> {
  await migrate(db);
  const started = performance.now();
  // The same now as the app's clock (benchEngine.ts).
  const counts = await loadDemoData(db, { scale: options.scale, today: options.today, now: `${options.today}T15:00:00.000Z` });
  const seconds = (performance.now() - started) / 1000;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`${db.kind}, scale ${options.scale}: loaded ${total.toLocaleString('en-US')} rows in ${seconds.toFixed(1)} s`);
  console.log(Object.entries(counts).map(([t, n]) => `  ${t}: ${n.toLocaleString('en-US')}`).join('\n'));
  return { seconds: Math.round(seconds * 10) / 10, counts };
}

async function openPostgresEngine(url: string, options: EngineOptions): Promise<BenchEngine> {
  if (options.reuse) {
    const db = await openPostgres(url);
    console.log(`postgres: using ${new URL(url).pathname.slice(1)} as it is`);
    return { kind: 'postgres', db, connectionString: url, drop: () => db.close() };
  }
  const name = `mirador_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const connectionString = target.toString();
  const db = await openPostgres(connectionString);
  let closed = false;
  const engine: BenchEngine = {
    kind: 'postgres',
    db,
    connectionString,
    async drop() {
      if (!closed) await db.close().catch(() => undefined);
      closed = true;
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
  return filled(engine, options);
}

/** The engine with the demo data loaded; dropped again when loading fails. */
async function filled(engine: BenchEngine, options: EngineOptions): Promise<BenchEngine> {
  try {
    engine.load = await fill(engine.db, options);
  } catch (error) {
    await engine.drop();
    throw error;
  }
  return engine;
}

async function openPgliteEngine(options: EngineOptions): Promise<BenchEngine> {
  if (options.pgliteDir) {
    const db = await openPglite(options.pgliteDir);
    console.log(`pglite: using ${options.pgliteDir} as it is`);
    return { kind: 'pglite', db, dataDir: options.pgliteDir, drop: () => db.close() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'mirador-bench-'));
  const db = await openPglite(dataDir);
  const engine: BenchEngine = {
    kind: 'pglite',
    db,
    dataDir,
    drop: async () => (await db.close(), rmSync(dataDir, { recursive: true, force: true })),
  };
  return filled(engine, options);
}

export function openBenchEngine(kind: EngineKind, options: EngineOptions): Promise<BenchEngine> {
  return kind === 'postgres' ? openPostgresEngine(options.databaseUrl!, options) : openPgliteEngine(options);
}
