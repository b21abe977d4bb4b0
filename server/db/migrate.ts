import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './Db.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Instances of a new version may start at once on one primary: each step holds this transaction-scoped
 * advisory lock, so one instance applies a migration and the others find it applied.
 */
const lockMigrations = (tx: Queryable) => tx.query("SELECT pg_advisory_xact_lock(hashtext('mirador.migrations'))");

/** Applies the numbered `.sql` files not applied yet, each in its own transaction. Returns the names this call applied. */
export async function migrate(db: Db): Promise<string[]> {
  await db.transaction(async (tx) => {
    await lockMigrations(tx);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  });
  // A start with nothing pending reads the list once; only pending files take the lock (and are checked again under it).
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  const pending = readdirSync(migrationsDir)
    .filter((f) => /^\d+_.+\.sql$/.test(f) && !done.has(f))
    .sort();
  const applied: string[] = [];
  for (const file of pending) {
    const didApply = await db.transaction(async (tx) => {
      await lockMigrations(tx);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [file]);
      if (done.length > 0) return false;
      await tx.exec(readFileSync(migrationsDir + file, 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      return true;
    });
    if (didApply) applied.push(file);
  }
  return applied;
}
