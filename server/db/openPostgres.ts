import pg from 'pg';
import { keepText, parseNumber, typeIds, type Db, type Queryable } from './Db.ts';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === typeIds.int8 || oid === typeIds.numeric) return parseNumber;
    if (oid === typeIds.date) return keepText;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** A pool on a PostgreSQL server; every session runs in UTC. */
export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max, types, options: '-c TimeZone=UTC' });
  pool.on('error', () => undefined); // an idle client's lost connection is replaced on next use
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
