/**
 * Time and peak RSS growth of the server's file of "Detalle de ventas" (`POST /api/v1/export`, report pos-details),
 * each period in a fresh server process (not a test). The server runs in a child started from `--root` (a checkout of
 * the code to measure, default this one) on the database DATABASE_URL holds, or on PGlite under `--data-dir` (as DATA_DIR); fill
 * it first (`npm run demo-data -- --scale small`, then `scripts/fillPosLines.ts --lines 1048575`).
 * The baseline is the child's RSS after an untimed file of one day; the growth is its peak RSS (sampled every 20 ms)
 * over that baseline while the file is written and read.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/measurePosExport.ts --periods 2026-09-01..2026-11-27,2023-12-01..2026-11-27 [--format xlsx] [--root DIR] [--runs 1]
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    root: { type: 'string', default: resolve(import.meta.dirname, '..') },
    periods: { type: 'string', default: '2026-09-01..2026-11-27,2023-12-01..2026-11-27' },
    format: { type: 'string', default: 'xlsx' },
    runs: { type: 'string', default: '1' },
    'warmup-period': { type: 'string', default: '2026-11-27..2026-11-27' },
    'data-dir': { type: 'string' },
    /** Node flags of the server's process, space-separated (e.g. `--trace-gc`). */
    'node-flags': { type: 'string', default: '' },
  },
});

type Ready = { port: number; token: string };

/** A request whose answer is counted and dropped; its status, bytes and body when it is short. */
function request(ready: Ready, method: 'GET' | 'POST', path: string, body?: unknown) {
  return new Promise<{ status: number; bytes: number; text: string }>((done, fail) => {
    const call = http.request(
      `http://127.0.0.1:${ready.port}${path}`,
      { method, headers: { authorization: `Bearer ${ready.token}`, 'content-type': 'application/json' } },
      (response) => {
        let bytes = 0;
        let text = '';
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (text.length < 4096) text += chunk.toString('utf8');
        });
        response.on('end', () => done({ status: response.statusCode!, bytes, text }));
        response.on('error', fail);
      },
    );
    call.on('error', fail);
    call.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const exportBody = (period: string) => ({ report: 'pos-details', block: '0', format: values.format, params: `period=${period}` });

if (values.serve) {
  // The child: the app of the checkout this file was imported from, on the given database.
  const root = resolve(import.meta.dirname, '..');
  const { openDb } = await import(join(root, 'server/db/openDb.ts'));
  const { announceMeasured, serveMeasured } = await import(join(root, 'scripts/measuredServer.ts'));
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: values['data-dir'] ?? './data' });
  const ready = await serveMeasured(db);
  // Untimed: the code compiled and the statements planned once before the baseline is read.
  const warm = await request(ready, 'POST', '/api/v1/export', exportBody(values['warmup-period']));
  if (warm.status !== 200) throw new Error(`warm-up file: ${warm.status} ${warm.text}`);
  announceMeasured(ready);
} else {
  const root = resolve(values.root);
  const mb = (kb: number) => Math.round(kb / 102.4) / 10;
  console.log(
    `root ${root}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${values.format}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  for (let run = 1; run <= Number(values.runs); run++) {
    for (const period of values.periods.split(',')) {
      const { startMeasured } = await import(join(import.meta.dirname, 'measuredServer.ts'));
      const flags = values['node-flags'].split(' ').filter(Boolean);
      const { child, server: ready } = await startMeasured(root, 'scripts/measurePosExport.ts', ['--serve', ...process.argv.slice(2)], flags);
      try {
        const rssKb = () => {
          const line = readFileSync(`/proc/${child.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
          return Number(/(\d+) kB/.exec(line)![1]);
        };
        const [from, to] = period.split('..');
        const count = await request(ready, 'GET', `/api/v1/report/detail-sale?initDate=${from}&endDate=${to}&per_page=1`);
        const lines = (JSON.parse(count.text) as { links: { pagination: { total: number } } }).links.pagination.total;
        const baseline = rssKb();
        let peak = baseline;
        const sampler = setInterval(() => (peak = Math.max(peak, rssKb())), 20);
        const started = performance.now();
        const file = await request(ready, 'POST', '/api/v1/export', exportBody(period));
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        peak = Math.max(peak, rssKb());
        console.log(
          `run ${run}, ${period}: ${lines.toLocaleString('en-US')} lines, status ${file.status}${file.status === 200 ? '' : ` ${file.text}`}, ` +
            `${(file.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s, baseline ${mb(baseline)} MB, peak ${mb(peak)} MB, grew ${mb(peak - baseline)} MB`,
        );
      } finally {
        child.kill('SIGTERM');
      }
    }
  }
}
