import type { FastifyInstance } from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ExportRequest } from '../../core/export/exportDescription.ts';
import { referenceXlsx } from '../../core/export/referenceWorkbook.ts';
import { buildXlsx } from '../../core/export/xlsxFile.ts';
import reservas from '../../reports/general/booking.ts';
import { reportDefinitionSchema, type ColumnDefinition, type ReportDefinition } from '../../schema/reportDefinition.ts';
import { buildApp } from '../../server/app.ts';
import type { Db } from '../../server/db/Db.ts';
import { demoEmployee } from '../../server/demo/demoAccounts.ts';
import { signToken } from '../../server/http/auth.ts';
import { pagedAnswer } from '../../server/sql/paged.ts';
import { growthMb, growthRatio } from './honest.ts';
import { ratio } from './stats.ts';

/** One file: time to its last byte, the process's peak RSS while making it and what it held before. */
export interface FileFigure {
  rows: number;
  seconds: number;
  megabytes: number;
  peakRssMb: number;
  rssBeforeMb: number;
  /**
   * What making the file took: its peak over the baseline, the RSS before the first server file measured (the bench's
   * own memory left out; a smaller file's memory kept by the process cannot lower a larger one's growth). The browser's
   * ways: over the RSS just before them.
   */
  growthMb: number;
}

export interface XlsxResult {
  /** The rows: every booking of the demo data repeated to the count (Reservas' own columns), through the export endpoint. */
  source: string;
  server: FileFigure[];
  /** What the browser does for the smallest size, run here in Node: every row's JSON over the socket, parsed, then its writer (xlsxFile.ts buildXlsx). */
  browserWay?: FileFigure;
  /** The same with the browser's former writer, exceljs's workbook in memory and writeBuffer (referenceWorkbook.ts). */
  exceljsWay?: FileFigure;
  /** Browser way over server, same rows: how many times faster the server is. */
  serverSpeedup?: number;
  /** The exceljs way over the server, same rows (the goal: ≥ 2× faster than the browser's export of then). */
  serverSpeedupOverExceljs?: number;
  /** The exceljs way over the browser's way now, same rows. */
  browserSpeedupOverExceljs?: number;
  /** Memory growth of the largest file over the smallest's, each over the baseline (goal: ≤ 1.5, memory flat whatever the row count). */
  growthLargestOverSmallest?: number;
  /** The RSS before the first file and the process's peak RSS before it (MB): above the baseline, earlier work's memory may hide growth. */
  baselineMb?: number;
  earlierPeakMb?: number;
}

/**
 * Rows of the untimed warm-up file of each way: fewer than any size measured, as memory a process took for one file is
 * kept for the next (RSS seldom shrinks), so a warm-up of the smallest size would leave that size nothing to grow.
 */
const warmupRows = 1_000;

const reservasTable = reportDefinitionSchema.parse(reservas).blocks.find((block) => block.kind === 'table') as { columns: ColumnDefinition[] };

/** The server describes its files from definitions: one of Reservas' columns over the bench list per row count. */
const benchReport = (count: number): ReportDefinition =>
  reportDefinitionSchema.parse({
    id: `bench-bookings-${count}`,
    route: `/bench/bookings-${count}`,
    title: 'Reservas',
    sources: { bookings: { path: '/api/v1/bench/bookings', params: { count }, paging: { mode: 'server' } } },
    blocks: [{ kind: 'table', source: 'bookings', columns: reservasTable.columns, export: { fileName: 'Reservas' } }],
  });

/** Samples the RSS every 20 ms while `work` runs; its growth over `baselineBytes` (default: the RSS before it). */
async function measured(rows: number, work: () => Promise<number>, baselineBytes?: number): Promise<FileFigure> {
  const before = process.memoryUsage().rss;
  const baseline = baselineBytes ?? before;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const bytes = await work();
    const mb = (n: number) => Math.round(n / 1e5) / 10;
    const [peakRssMb, rssBeforeMb] = [mb(peak), mb(before)];
    return { rows, seconds: Math.round((performance.now() - started) / 100) / 10, megabytes: mb(bytes), peakRssMb, rssBeforeMb, growthMb: growthMb(mb(baseline), peakRssMb) };
  } finally {
    clearInterval(timer);
  }
}

/** A request over the socket whose answer is counted and dropped (a client saving the file elsewhere). */
function requestBytes(url: string, method: 'GET' | 'POST', token: string, body?: unknown, keep?: Buffer[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } }, (response) => {
      let bytes = 0;
      if (response.statusCode !== 200) reject(new Error(`${method} ${url}: ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        keep?.push(chunk);
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * A list of `count` rows for the bench: the demo data's bookings with their client, room and typology, repeated to
 * the count, through pagedAnswer like every list (its cursor, its JSON from the database).
 */
function addBenchList(app: FastifyInstance): void {
  app.get<{ Querystring: { count?: string } }>('/api/v1/bench/bookings', async (request, reply) =>
    pagedAnswer(reply, app.db, {
      from: `(SELECT b.*, row_number() OVER (ORDER BY b.id) AS n FROM bookings b) b
        CROSS JOIN generate_series(0, ceil($1::numeric / (SELECT count(*) FROM bookings))::int - 1) rep
        JOIN clients u ON u.id = b.user_id JOIN places p ON p.id = b.place_id LEFT JOIN typologies t ON t.id = p.typology_id`,
      where: '',
      order: 'ORDER BY rep, b.n LIMIT $2::bigint',
      key: 'b.id',
      rowJson: `json_build_object('_id', b.id, 'ref', b.ref || '-' || rep, 'wayContactName', b.way_contact_name,
        'dateStart', b.date_start, 'dateEnd', b.date_end, 'status', b.status, 'total', b.total,
        'user', json_build_object('name', u.name, 'lastName', u.last_name),
        'place', json_build_object('name', p.name), 'typology', json_build_object('name', t.name))`,
      params: [Number(request.query.count ?? 1000), Number(request.query.count ?? 1000)],
      paging: { page: 1, itemsPerPage: -1 },
    }),
  );
}

/** Excel files of `sizes` rows built by the server from the cursor, and the smallest also the browser's way. */
export async function benchXlsx(db: Db, today: string, sizes: readonly number[]): Promise<XlsxResult> {
  const secret = new TextEncoder().encode('bench-secret-bench-secret-bench-secret!');
  const reports = [...new Set([warmupRows, ...sizes])].map(benchReport);
  const app = await buildApp({ db, jwtSecret: secret, now: () => new Date(`${today}T15:00:00Z`), reports });
  addBenchList(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const [employee] = await db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]);
  const token = await signToken({ secret, ttlSeconds: 3600 }, { employeeId: employee!.id, email: demoEmployee.email });
  const description = { title: 'Reservas', fileName: 'Reservas', columns: reservasTable.columns, totals: true, filters: [], generatedBy: 'Bench' };
  const result: XlsxResult = { source: 'the demo bookings (client, room, typology) repeated to the count; Reservas\' columns', server: [] };
  const serverFile = (rows: number) => requestBytes(`${base}/api/v1/export`, 'POST', token, { report: `bench-bookings-${rows}`, block: '0', format: 'xlsx' });
  const browserFile = async (count: number, build: (request: ExportRequest) => Promise<Uint8Array> | Uint8Array = buildXlsx) => {
    const chunks: Buffer[] = [];
    await requestBytes(`${base}/api/v1/bench/bookings?count=${count}`, 'GET', token, undefined, chunks);
    const rows = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: unknown[] }).data;
    chunks.length = 0;
    return (await build({ ...description, rows, generatedAt: new Date() })).byteLength;
  };
  try {
    // Both ways once, untimed: neither is measured with a cold compiler and database cache while the other is warm.
    await serverFile(warmupRows);
    await browserFile(warmupRows);
    await browserFile(warmupRows, referenceXlsx);
    const baseline = process.memoryUsage().rss;
    // ru_maxrss: the process's peak so far, in kB. Memory earlier work took and the process kept is reused without
    // growing its RSS: growth is only seen past that peak.
    const earlierPeak = process.resourceUsage().maxRSS * 1024;
    const mb = (n: number) => Math.round(n / 1e5) / 10;
    result.baselineMb = mb(baseline);
    result.earlierPeakMb = mb(earlierPeak);
    const growthHidden = earlierPeak > baseline * 1.02;
    for (const rows of [...sizes].sort((a, b) => a - b)) {
      const figure = await measured(rows, () => serverFile(rows), baseline);
      console.log(
        `xlsx on the server, ${rows.toLocaleString('en-US')} rows: ${figure.seconds} s, ${figure.megabytes} MB, ` +
          `grew ${figure.growthMb} MB over the baseline of ${mb(baseline)} MB (peak RSS ${figure.peakRssMb} MB, ${figure.rssBeforeMb} MB just before)`,
      );
      result.server.push(figure);
    }
    const smallest = Math.min(...sizes);
    const bySize = [...result.server].sort((a, b) => a.rows - b.rows);
    if (bySize.length > 1) {
      const sizesText = `${bySize.at(-1)!.rows.toLocaleString('en-US')} rows over ${bySize[0]!.rows.toLocaleString('en-US')}`;
      if (growthHidden) {
        console.log(
          `xlsx on the server: memory growth of ${sizesText}: undecided, the process had held ${mb(earlierPeak)} MB before (its baseline ` +
            `${mb(baseline)} MB): earlier work's memory hides growth below that; run one engine per process (--engines) for this figure`,
        );
      } else {
        result.growthLargestOverSmallest = growthRatio(mb(baseline), bySize[0]!.peakRssMb, bySize.at(-1)!.peakRssMb);
        console.log(`xlsx on the server: memory growth of ${sizesText}, each over the baseline: ${result.growthLargestOverSmallest}× (goal ≤ 1.5×)`);
      }
    }
    if (Number.isFinite(smallest)) {
      result.browserWay = await measured(smallest, () => browserFile(smallest));
      const server = result.server.find((figure) => figure.rows === smallest)!;
      result.serverSpeedup = ratio(result.browserWay.seconds, server.seconds);
      console.log(
        `xlsx the browser's way (all rows' JSON, then buildXlsx; in Node), ${smallest.toLocaleString('en-US')} rows: ` +
          `${result.browserWay.seconds} s, grew ${result.browserWay.growthMb} MB; the server is ${result.serverSpeedup}× faster`,
      );
      result.exceljsWay = await measured(smallest, () => browserFile(smallest, referenceXlsx));
      result.serverSpeedupOverExceljs = ratio(result.exceljsWay.seconds, server.seconds);
      result.browserSpeedupOverExceljs = ratio(result.exceljsWay.seconds, result.browserWay.seconds);
      console.log(
        `xlsx the browser's former way (all rows' JSON, then exceljs writeBuffer; in Node), ${smallest.toLocaleString('en-US')} rows: ` +
          `${result.exceljsWay.seconds} s, grew ${result.exceljsWay.growthMb} MB; the server is ${result.serverSpeedupOverExceljs}× faster, ` +
          `the browser's way now ${result.browserSpeedupOverExceljs}×`,
      );
    }
  } finally {
    await app.close();
  }
  return result;
}
