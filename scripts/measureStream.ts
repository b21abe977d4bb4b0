/**
 * Peak RSS of the server and time to last byte of an every-row answer (not a test). The server runs in a child
 * process started from `--root` (a checkout of the code to measure, default this one), on the database DATABASE_URL
 * already holds (e.g. `npm run demo-data -- --scale demo`), or on PGlite under `--data-dir`.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/measureStream.ts [--root DIR] [--runs 3] [--url /api/v1/report/booking?itemsPerPage=-1]
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    root: { type: 'string', default: resolve(import.meta.dirname, '..') },
    runs: { type: 'string', default: '3' },
    url: { type: 'string', default: '/api/v1/report/booking?itemsPerPage=-1' },
    'data-dir': { type: 'string' },
    gzip: { type: 'boolean', default: true },
  },
});

if (values.serve) {
  // The child: the app of the checkout this file was imported from, on the given database.
  const root = resolve(import.meta.dirname, '..');
  const { openPostgres } = await import(join(root, 'server/db/openPostgres.ts'));
  const { openPglite } = await import(join(root, 'server/db/openPglite.ts'));
  const db = process.env.DATABASE_URL ? await openPostgres(process.env.DATABASE_URL) : await openPglite(values['data-dir']!);
  if (process.env.MEASURE_CAPTURE) {
    // The statements of the measured route, for timing them bare (psql) afterwards.
    const { appendFileSync } = await import('node:fs');
    const capture = (sql: string, params: unknown[] = []) => {
      const literal = (v: unknown) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
      appendFileSync(process.env.MEASURE_CAPTURE!, `${sql.replace(/\$(\d+)/g, (_, n) => literal(params[Number(n) - 1]))};\n`);
    };
    const { query, streamJson } = db;
    db.query = (sql: string, params?: unknown[]) => (capture(sql, params), query.call(db, sql, params));
    if (streamJson) db.streamJson = (sql: string, params?: unknown[], batch?: number) => (capture(sql, params), streamJson.call(db, sql, params, batch));
  }
  const { announceMeasured, serveMeasured } = await import(join(root, 'scripts/measuredServer.ts'));
  announceMeasured(await serveMeasured(db));
} else {
  const root = resolve(values.root);
  const { startMeasured } = await import(join(import.meta.dirname, 'measuredServer.ts'));
  const { child, server: ready } = await startMeasured(root, 'scripts/measureStream.ts', ['--serve', ...(values['data-dir'] ? ['--data-dir', values['data-dir']] : [])]);
  const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (field: string) => Number(/(\d+) kB/.exec(status().split('\n').find((l) => l.startsWith(field))!)![1]) / 1024;
  const get = () =>
    new Promise<{ ms: number; firstMs: number; bytes: number; status: number }>((done, fail) => {
      const started = performance.now();
      const headers: Record<string, string> = { authorization: `Bearer ${ready.token}` };
      if (values.gzip) headers['accept-encoding'] = 'gzip';
      http
        .get(`http://127.0.0.1:${ready.port}${values.url}`, { headers }, (response) => {
          let bytes = 0;
          let firstMs = 0;
          response.on('data', (chunk: Buffer) => {
            if (bytes === 0) firstMs = performance.now() - started;
            bytes += chunk.length;
          });
          response.on('end', () => done({ ms: performance.now() - started, firstMs, bytes, status: response.statusCode! }));
          response.on('error', fail);
        })
        .on('error', fail);
    });
  console.log(`root ${root}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, GET ${values.url}${values.gzip ? ' (gzip)' : ''}`);
  console.log(`server RSS after start: ${kb('VmRSS:').toFixed(0)} MB`);
  for (let run = 1; run <= Number(values.runs); run++) {
    const r = await get();
    console.log(
      `run ${run}: status ${r.status}, ${(r.bytes / 1e6).toFixed(2)} MB on the wire, first byte ${r.firstMs.toFixed(0)} ms, last byte ${r.ms.toFixed(0)} ms, RSS now ${kb('VmRSS:').toFixed(0)} MB, peak ${kb('VmHWM:').toFixed(0)} MB`,
    );
  }
  child.kill('SIGTERM');
}
