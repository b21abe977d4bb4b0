/** npm run demo-data: fills the database the server would open (DATABASE_URL, else PGlite under DATA_DIR) with the demo operator. */
import cliProgress from 'cli-progress';
import { parseArgs } from 'node:util';
import { migrate } from '../server/db/migrate.ts';
import { openDb } from '../server/db/openDb.ts';
import { parseDay } from '../server/demo/days.ts';
import { defaultSeed, demoNow, loadDemoData, scales, type Scale } from '../server/demo/loadDemoData.ts';

const usage = `Usage: npm run demo-data -- --scale small|demo|large [--today YYYY-MM-DD] [--seed N]

  --scale   small (tests), demo (what npm start loads) or large (benchmarks)
  --today   the anchor date of the data (default: today, UTC)
  --seed    a non-negative integer (default: ${defaultSeed})

Fills the database named by DATABASE_URL, or else the embedded one under DATA_DIR (default ./data).
The database must have no bookings yet.`;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function readArguments(): { scale: Scale; today: string; seed: number } {
  let values: { scale?: string; today?: string; seed?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { scale: { type: 'string' }, today: { type: 'string' }, seed: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (!values.scale) fail('Missing --scale.');
  if (!scales.includes(values.scale as Scale)) fail(`Unknown scale "${values.scale}".`);
  const today = values.today ?? new Date().toISOString().slice(0, 10);
  try {
    parseDay(today);
  } catch {
    fail(`--today must be a real date as YYYY-MM-DD (got "${today}").`);
  }
  const seed = values.seed === undefined ? defaultSeed : Number(values.seed);
  if (!/^\d+$/.test(values.seed ?? '0') || !Number.isSafeInteger(seed)) fail(`--seed must be a non-negative integer (got "${values.seed}").`);
  return { scale: values.scale as Scale, today, seed };
}

const args = readArguments();
const started = Date.now();
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || './data';
console.log(`Demo data: scale ${args.scale}, today ${args.today}, seed ${args.seed} → ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`);

const db = await openDb({ databaseUrl, dataDir });
// Its timer keeps the process alive until it stops: stopped however the load ends, so that a failed load exits.
const bar = new cliProgress.SingleBar(
  { format: ' {bar} {percentage}% | {value}/{total} rows | {label}', hideCursor: true, noTTYOutput: true, notTTYSchedule: 5000 },
  cliProgress.Presets.shades_classic,
);
try {
  await migrate(db);
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
  if ((row?.n ?? 0) > 0) {
    console.error(`This database already has ${row!.n} bookings; demo data is only loaded into an empty database.`);
    process.exitCode = 1;
  } else {
    bar.start(1, 0, { label: 'planning' });
    const counts = await loadDemoData(db, {
      ...args,
      now: demoNow(args.today, new Date(started)),
      onProgress: (done, total, label) => {
        bar.setTotal(total);
        bar.update(done, { label });
      },
    });
    bar.stop();
    const width = Math.max(...Object.keys(counts).map((t) => t.length));
    for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${n.toLocaleString('en-US').padStart(11)}`);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`  ${'total'.padEnd(width)}  ${total.toLocaleString('en-US').padStart(11)}`);
    console.log(`Loaded in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
} catch (error) {
  bar.stop();
  console.error(`Demo data failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
