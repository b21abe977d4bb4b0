/**
 * The server's streaming Excel writer alone (server/export/xlsxStreamWriter.ts), its rows made in Node (no database)
 * and its answer dropped: time, peak RSS growth and how late the event loop ran; then the rows it reads while
 * nobody reads its answer (back-pressure). To compare two versions, run it in each checkout, alternated.
 * Run: node --expose-gc --import tsx scripts/bench/xlsxWriter.ts [rows, default 100000,1048575]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PassThrough, Writable } from 'node:stream';
import { testRequest } from '../../core/export/testRequest.ts';
import { writeXlsxStream } from '../../server/export/xlsxStreamWriter.ts';

const sizes = (process.argv[2] ?? '100000,1048575').split(',').map(Number);

/** Rows with Reservas-like cells: text, a date, money, a nested name. */
async function* rows(count: number, given = { count: 0 }) {
  for (let i = 1; i <= count; i++) {
    given.count = i;
    yield { ref: `B-${i}`, wayContactName: `Cliente ${i % 977} Pérez`, dateStart: '2026-11-03T00:00:00Z', total: (i % 1000) * 1.5, balance: i % 7, status: 'confirmada', place: { name: `Hab ${i % 90}` } };
  }
}

async function timed(count: number) {
  let bytes = 0;
  const out = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      bytes += chunk.length;
      done();
    },
  });
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  await writeXlsxStream(testRequest({ rows: [] }), rows(count)[Symbol.asyncIterator](), out);
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  clearInterval(timer);
  const mb = (n: number) => Math.round(n / 1e5) / 10;
  return { rows: count, seconds: Math.round(seconds * 100) / 100, fileMb: mb(bytes), rssGrowthMb: mb(peak - before), loopDelayP99Ms: mb(delay.percentile(99)), loopDelayMaxMs: mb(delay.max) };
}

/** Rows read in 1.5 s by a writer whose answer nobody reads. */
async function unread() {
  const given = { count: 0 };
  const out = new PassThrough();
  const writing = writeXlsxStream(testRequest({ rows: [] }), rows(Number.MAX_SAFE_INTEGER, given)[Symbol.asyncIterator](), out).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const read = given.count;
  out.destroy();
  await writing;
  return { rowsReadWithAnswerUnread: read };
}

await timed(10_000);
for (const count of sizes) console.log(JSON.stringify(await timed(count)));
console.log(JSON.stringify(await unread()));
