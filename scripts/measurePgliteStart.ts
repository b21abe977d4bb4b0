import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openPglite } from '../server/db/openPglite.ts';

// PGlite's start timing (not a test): `--rounds` opens of a database in memory (from `--snapshot`, a tarball such as
// the tests' .cache/test-db/small-*.tar, else empty), `--concurrency` at a time, each waited for up to `--wait-ms`.
// What openPglite's startTimeoutMs is set against: run it with the machine idle and with its cores busy.
const { values } = parseArgs({
  options: {
    snapshot: { type: 'string' },
    rounds: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '2' },
    'wait-ms': { type: 'string', default: '60000' },
  },
});
const tarball = values.snapshot ? new Blob([readFileSync(values.snapshot)]) : undefined;
const rounds = Number(values.rounds);
const waitMs = Number(values['wait-ms']);
const times: number[] = [];
const failures: string[] = [];

async function openOnce(round: number) {
  const started = performance.now();
  try {
    const db = await openPglite('memory://', tarball, { startTimeoutMs: waitMs });
    await db.query('SELECT 1');
    times.push(performance.now() - started);
    await db.close();
  } catch (error) {
    failures.push(`round ${round}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

let next = 0;
await Promise.all(
  Array.from({ length: Number(values.concurrency) }, async () => {
    while (next < rounds) await openOnce(next++);
  }),
);
times.sort((a, b) => a - b);
const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN);
console.log(`${times.length} of ${rounds} opened: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
for (const failure of failures) console.log(failure);
