import type { Queryable } from '../../server/db/Db.ts';

/**
 * Wide rows for stream tests on PostgreSQL: 20,000 of 1 kB (20 MB, more than the sockets' buffers hold), so that a
 * stream left unread keeps its statement running. `tag` (letters, digits, spaces) marks the statement as one test
 * file's: the count below does not see another file's streams, nor another run's on the same server.
 */
export const wideRows = (tag: string) => `SELECT g::text || repeat(' ', 1000) /* ${tag} */ FROM generate_series(1, 20000) g`;

/** The statements of `wideRows(tag)` running on this database, the asker's own session left out. */
export async function runningWideRows(db: Queryable, tag: string): Promise<number> {
  const [row] = await db.query<{ running: number }>(
    `SELECT count(*)::int AS running FROM pg_stat_activity
      WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND query LIKE $1`,
    [`%/* ${tag} */%`],
  );
  return row!.running;
}
