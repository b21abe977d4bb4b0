import type { Db, Queryable } from '../db/Db.ts';
import { emitAppUsage, emitEventsAndSpaces, emitLeads, emitReviews, emitServiceOrders, emitTasks, emitTrm } from './activity.ts';
import { emitBookings, planBookings } from './bookings.ts';
import { buildClients } from './clients.ts';
import { Ctx } from './context.ts';
import { parseDay } from './days.ts';
import { emitPos, InHouse, posDayCounts } from './pos.ts';
import { buildWorld } from './reference.ts';
import { tableOrder } from './rows.ts';
import { paramsFor, spanFor, type Scale } from './scales.ts';
import { drain, Sink } from './sink.ts';

export type { Scale } from './scales.ts';

export interface DemoOptions {
  scale: Scale;
  /** YYYY-MM-DD, the anchor "today": statuses, open orders and "created today" are relative to it. */
  today: string;
  /** ISO instant on the anchor day, the demo's "now": nothing is created after it. Default: the anchor day's last second. */
  now?: string;
  /** Default 20231201. */
  seed?: number;
  /** Tests only: years of history before `today` instead of the scale's first day (`spanFor` in scales.ts). */
  historyYears?: number;
  onProgress?: (done: number, total: number, label: string) => void;
}

export const defaultSeed = 20231201;

/** The demo's "now" for an anchor day loaded at `clock`: the clock on that very day; else the anchor day's last second (a day seen as over). */
export function demoNow(today: string, clock: Date): string {
  return clock.toISOString().slice(0, 10) === today ? clock.toISOString() : `${today}T23:59:59.000Z`;
}

/** Epoch ms of `now` (default: the anchor day's last second); refused when not on the anchor day. */
function nowMs(today: string, now: string | undefined): number {
  const ms = Date.parse(now ?? `${today}T23:59:59.000Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== today) {
    throw new Error(`The demo's "now" must be an instant on ${today} (got "${String(now)}").`);
  }
  return ms;
}
export const scales: readonly Scale[] = ['small', 'demo', 'large'];

/** Tables that must be empty before loading, each with the rows it has (only non-empty ones). */
async function nonEmptyTables(db: Db): Promise<string[]> {
  const sql = tableOrder.map((t) => `SELECT '${t}' AS t WHERE EXISTS (SELECT 1 FROM ${t})`).join(' UNION ALL ');
  return (await db.query<{ t: string }>(sql)).map((r) => r.t);
}

/** Bulk load: skip per-row FK triggers when allowed (tests check every FK) and rebuild secondary indexes once; a rollback undoes both. */
async function enterBulkMode(tx: Queryable, tables: readonly string[]): Promise<() => Promise<void>> {
  const [role] = await tx.query<{ su: string }>(`SELECT current_setting('is_superuser') AS su`);
  const skipChecks = role?.su === 'on';
  if (skipChecks) await tx.exec('SET LOCAL session_replication_role = replica');
  const indexes = await tx.query<{ qualified: string; def: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS qualified, pg_get_indexdef(c.oid) AS def
       FROM pg_index x
       JOIN pg_class c ON c.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema() AND t.relname = ANY($1::text[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)
      ORDER BY c.relname`,
    [tables],
  );
  for (const index of indexes) await tx.exec(`DROP INDEX ${index.qualified}`);
  return async () => {
    for (const index of indexes) await tx.exec(index.def);
    if (skipChecks) await tx.exec('SET LOCAL session_replication_role = origin');
  };
}

/** Fills an EMPTY migrated database in one transaction (same options, same rows); throws if it has data. Returns row counts per table. */
export async function loadDemoData(db: Db, options: DemoOptions): Promise<Record<string, number>> {
  const { scale, today, onProgress } = options;
  const seed = options.seed ?? defaultSeed;
  if (!scales.includes(scale)) throw new Error(`Unknown demo data scale "${String(scale)}" (small, demo or large).`);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`The demo data seed must be a non-negative integer (got ${seed}).`);
  parseDay(today);
  const now = nowMs(today, options.now);
  const filled = await nonEmptyTables(db);
  if (filled.includes('bookings')) {
    throw new Error('The database already has bookings: demo data is only loaded into an empty database.');
  }
  if (filled.length > 0) {
    throw new Error(`Demo data is only loaded into an empty database, but these tables have rows: ${filled.join(', ')}.`);
  }

  const span = spanFor(scale, today, options.historyYears);
  const params = paramsFor(scale, span);
  let total = 1;
  // The total is an estimate: never shown below the rows already inserted.
  const progress = (done: number, label: string) => onProgress?.(done, Math.max(total, done), label);
  const counts = await db.transaction(async (tx) => {
    const leaveBulkMode = await enterBulkMode(tx, tableOrder);
    const sink = new Sink(tx, params.batchSize, progress);
    const ctx = new Ctx(seed, scale, params, span, sink, now);
    const world = await buildWorld(ctx);
    const pools = buildClients(ctx);
    const { bookings, rates } = planBookings(ctx, world, pools);
    const posCounts = posDayCounts(ctx);
    total = estimateRows(ctx, pools.all.length, bookings.length, bookings.reduce((n, b) => n + b.end - b.start, 0), posCounts);
    progress(0, 'planificación');
    await sink.flushAll();
    const inHouse = new InHouse(bookings);
    await drain(sink, emitTrm(ctx, bookings.reduce((first, b) => Math.min(first, b.start), span.start)));
    await drain(sink, emitBookings(ctx, world, bookings, rates));
    await drain(sink, emitPos(ctx, world, pools, inHouse, posCounts));
    await drain(sink, emitServiceOrders(ctx, world, pools, inHouse));
    await drain(sink, emitReviews(ctx, world, pools));
    await drain(sink, emitTasks(ctx, world, bookings));
    await drain(sink, emitEventsAndSpaces(ctx, world, pools));
    await drain(sink, emitAppUsage(ctx, pools));
    await drain(sink, emitLeads(ctx));
    progress(sink.inserted, 'índices');
    await leaveBulkMode();
    return sink.counts;
  });
  // Fresh statistics, so the first report queries get good plans; and the visibility map set, so that the
  // covering indexes (migrations 005, 008) answer from the index alone (PGlite has no autovacuum to do it later).
  await db.exec('VACUUM ANALYZE');
  const done = Object.values(counts).reduce((a, b) => a + b, 0);
  onProgress?.(done, done, 'listo');
  return counts;
}

/** Rough row count for the progress bar (ratios observed on generated data). */
function estimateRows(ctx: Ctx, clients: number, bookings: number, nights: number, posCounts: number[]): number {
  const { span, params } = ctx;
  const days = span.today - span.start + 1;
  const posOrders = posCounts.reduce((a, b) => a + b, 0);
  return Math.round(
    clients + 200 + (span.end - span.start + 1) +
      bookings * 8.5 + nights +
      posOrders * 7.6 +
      days * (params.serviceOrdersPerDay + params.reviewsPerDay + params.leadsPerDay + params.spaceReservationsPerDay + params.commonTasksPerDay * 3.2) +
      bookings * 3 +
      params.appUsers * days * 0.3 +
      (days / 7) * params.eventsPerWeek * (1 + params.ticketsPerEvent),
  );
}
