import type { Queryable } from '../db/Db.ts';
import { parentTables, tableOrder, type TableName, type Tables } from './rows.ts';

/** Batches rows per table into one-JSON-parameter inserts (json_populate_recordset), which behave alike on PGlite and PostgreSQL. */
export class Sink {
  private readonly buffers = new Map<TableName, Tables[TableName][]>();
  private readonly statements = new Map<TableName, string>();
  readonly counts: Record<string, number> = Object.fromEntries(tableOrder.map((t) => [t, 0]));
  /** True once some buffer holds a full batch: the generator driver then awaits flushFull(). */
  full = false;
  inserted = 0;

  constructor(
    private readonly db: Queryable,
    private readonly batchSize: number,
    private readonly onInserted: (inserted: number, table: TableName) => void,
  ) {}

  row<T extends TableName>(table: T, row: Tables[T]): void {
    let buffer = this.buffers.get(table);
    if (!buffer) this.buffers.set(table, (buffer = []));
    buffer.push(row);
    if (buffer.length >= this.batchSize) this.full = true;
  }

  /** Inserts every buffer holding a full batch (and, first, whatever its parent tables hold). */
  async flushFull(): Promise<void> {
    for (const table of tableOrder) {
      if ((this.buffers.get(table)?.length ?? 0) >= this.batchSize) await this.flush(table);
    }
    this.full = false;
  }

  /** Inserts everything still buffered, parents first. */
  async flushAll(): Promise<void> {
    for (const table of tableOrder) await this.flush(table);
    this.full = false;
  }

  private async flush(table: TableName): Promise<void> {
    for (const parent of parentTables[table] ?? []) await this.flush(parent);
    const rows = this.buffers.get(table);
    if (!rows || rows.length === 0) return;
    this.buffers.set(table, []);
    for (let i = 0; i < rows.length; i += this.batchSize) {
      const batch = rows.slice(i, i + this.batchSize);
      await this.db.query(this.statement(table, batch[0] as object), [JSON.stringify(batch)]);
      this.counts[table] = (this.counts[table] ?? 0) + batch.length;
      this.inserted += batch.length;
      this.onInserted(this.inserted, table);
    }
  }

  private statement(table: TableName, sample: object): string {
    let sql = this.statements.get(table);
    if (!sql) {
      // Columns come from the typed row shape, quoted because some (authorization, values) are keywords.
      const columns = Object.keys(sample).map((c) => `"${c}"`).join(', ');
      sql = `INSERT INTO ${table} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${table}, $1::json)`;
      this.statements.set(table, sql);
    }
    return sql;
  }
}

/** Runs a generator that writes rows into the sink, inserting whenever a batch fills up. */
export async function drain(sink: Sink, work: Iterable<void>): Promise<void> {
  for (const _ of work) if (sink.full) await sink.flushFull();
  await sink.flushAll();
}
