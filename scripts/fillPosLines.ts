/**
 * Adds synthetic POS order lines to a demo-filled database until it holds `--lines` of them (not a test; for measuring
 * the every-row POS lists and their files at a million lines). Each added line is a copy of an existing one, on the
 * same order, with a new id: the orders, their periods and statuses stay the demo's, so a period filter takes its
 * share of the lines. Inserted in bulk with generate_series, then ANALYZE.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/fillPosLines.ts --lines 1048575
 *   npx tsx scripts/fillPosLines.ts --data-dir DIR --lines 1048575   (PGlite under DIR, as DATA_DIR for npm start)
 */
import { parseArgs } from 'node:util';
import { openDb } from '../server/db/openDb.ts';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '1048575' }, 'data-dir': { type: 'string' } } });
const target = Number(values.lines);
if (!Number.isSafeInteger(target) || target < 1) throw new Error(`--lines: a positive whole number (got ${values.lines})`);
if (!process.env.DATABASE_URL && !values['data-dir']) throw new Error('DATABASE_URL or --data-dir');

const db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: values['data-dir'] ?? './data' });
try {
  const [before] = await db.query<{ n: number; top: number }>('SELECT count(*)::int AS n, coalesce(max(id), 0) AS top FROM pos_order_lines');
  const { n, top } = before!;
  if (n === 0) throw new Error('No POS lines to copy: load the demo data first (npm run demo-data).');
  // The lines copied are read by id 1…top: the demo numbers them without gaps.
  if (n !== top) throw new Error(`The lines' ids are not 1…${n}: fill a freshly loaded demo database.`);
  const missing = target - n;
  const started = performance.now();
  // A statement per 100,000 lines (within the statement timeout, foreign keys checked): the copies of every line, round after round, numbered after the last id.
  for (let added = 0; added < missing; ) {
    const now = Math.min(missing - added, 100_000);
    await db.primary.query(
      `INSERT INTO pos_order_lines (id, order_id, product_id, qty, cost_item, unit_price, tax, extras, gift, note, discount, cost_center)
       SELECT $1::int + k, l.order_id, l.product_id, l.qty, l.cost_item, l.unit_price, l.tax, l.extras, l.gift, l.note, l.discount, l.cost_center
         FROM generate_series(1, $2::int) AS k
         JOIN pos_order_lines l ON l.id = 1 + ((k - 1) % $3::int)`,
      [top + added, now, top],
    );
    added += now;
  }
  await db.primary.exec('ANALYZE pos_order_lines');
  const [after] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pos_order_lines');
  console.log(`pos_order_lines: ${n.toLocaleString('en-US')} → ${after!.n.toLocaleString('en-US')} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await db.close();
}
