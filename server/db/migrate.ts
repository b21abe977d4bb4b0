import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './Db.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Applies the numbered `.sql` files not applied yet, each in its own transaction. Returns their names. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
  );
  const pending = readdirSync(migrationsDir)
    .filter((f) => /^\d+_.+\.sql$/.test(f) && !done.has(f))
    .sort();
  for (const file of pending) {
    const sql = readFileSync(migrationsDir + file, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
    });
  }
  return pending;
}
