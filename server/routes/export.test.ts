import type ExcelJS from 'exceljs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedExpressions } from '../../core/expressions.ts';
import { planRequest } from '../../core/data/planRequest.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { buildCsv } from '../../core/export/buildCsv.ts';
import { referenceXlsx } from '../../core/export/referenceWorkbook.ts';
import type { ExportRequest } from '../../core/export/exportDescription.ts';
import { lineColumns } from '../../core/table/exportLines.ts';
import movementsOrder from '../../reports/movements/order.ts';
import posSales from '../../reports/pos/sales.ts';
import employeeTip from '../../reports/employee/tip.ts';
import { reportDefinitionSchema, type ColumnDefinition, type ReportDefinition, type TableBlock } from '../../schema/reportDefinition.ts';
import { readWorkbook, sheetFacts } from '../../core/export/sheetFacts.ts';
import { demoEmployee, restrictedEmployee } from '../demo/demoAccounts.ts';
import { startManyRowsServer, type ManyRowsServer } from '../../tests/support/manyRowsServer.ts';
import { employeeName, startTestServer, testNow, testToday, type TestServer } from '../../tests/support/testServer.ts';

// The "Reporte de órdenes" table as the engine hands it over (defaults filled).
const orders = reportDefinitionSchema.parse(movementsOrder);
const orderBlock = orders.blocks[0] as { columns: ColumnDefinition[] };
// What the screen /accounting/order?isForLodging=true asks for every row (its default sort, newest first).
const listQuery = 'page=1&itemsPerPage=-1&sortBy=createdAt&sortDesc=true&isForLodging=true';
const screen = { report: 'movements-order', block: '0', params: 'isForLodging=true' };

const values = (sheet: ExcelJS.Worksheet) =>
  sheet.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1).map((cell) => (cell instanceof Date ? cell.toISOString() : cell)) : row));

/** The Filtros sheet's lines as `label | value`. */
async function filtrosLines(bytes: Uint8Array): Promise<string[]> {
  const file = await readWorkbook(bytes);
  return values(file.getWorksheet('Filtros')!).flatMap((line) => (Array.isArray(line) && line.length > 0 ? [line.join(' | ')] : []));
}

describe('POST /api/v1/export', () => {
  let server: TestServer;
  let rows: Array<Record<string, unknown>>;
  let author: string;
  beforeAll(async () => {
    server = await startTestServer();
    rows = (await server.get(`/api/v1/report/movements/order?${listQuery}`)).json<{ data: Array<Record<string, unknown>> }>().data;
    author = await employeeName(server, demoEmployee.email);
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (body: unknown, token: string | null = server.token) =>
    server.request({
      method: 'POST',
      url: '/api/v1/export',
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      payload: JSON.stringify(body),
    });

  // The file as the browser describes it from the same definition (engine/table/exportRequest.ts).
  const description = () => ({
    title: 'Reporte de órdenes',
    fileName: 'Reporte de ordenes',
    columns: orderBlock.columns,
    totals: true,
    filters: [{ label: 'Hospedaje', value: 'Sí' }],
    generatedBy: author,
  });

  it('finds orders to export (the comparisons below are not of empty lists)', () => {
    expect(rows.length).toBeGreaterThan(20);
  });

  it('streams the .xlsx of every row the screen\'s list answers, cell for cell the file the browser builds from that answer', async () => {
    const before = Date.now();
    const answer = await post({ ...screen, format: 'xlsx' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toContain("filename*=UTF-8''Reporte%20de%20ordenes.xlsx");
    const file = await readWorkbook(answer.rawPayload);
    expect(file.worksheets.map((sheet) => sheet.name)).toEqual(['Reporte de órdenes', 'Filtros']);

    const sheet = file.worksheets[0]!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(rows.length + 2);
    // Each row as the list answered it: invoice text, typed amounts and instants.
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = (name: string) => header.indexOf(name) + 1;
    rows.forEach((row, index) => {
      const line = sheet.getRow(index + 2);
      expect(line.getCell(column('Factura')).value ?? '').toBe(row.invoice ?? '');
      expect(line.getCell(column('Total')).value).toBe(Number(row.total));
      expect((line.getCell(column('Creación')).value as Date).toISOString().slice(0, 16)).toBe(String(row.createdAt).slice(0, 16));
    });
    const sum = rows.reduce((total, row) => total + Number(row.total), 0);
    expect(sheet.getRow(rows.length + 2).getCell(column('Total')).value).toBeCloseTo(sum, 2);
    expect(header).toHaveLength(12);
    expect(sheet.autoFilter).toBe(`A1:L${rows.length + 1}`);

    // The same file as exceljs's workbook of the list's JSON answer (the browser's worker makes that file too:
    // xlsxStreamWriter.test.ts), but for when the rows were read.
    const filtros = values(file.getWorksheet('Filtros')!);
    const dataAsOf = filtros.flat().find((cell) => typeof cell === 'string' && cell.startsWith('Datos al')) as string;
    const readAt = Date.parse(`${dataAsOf.replace('Datos al ', '').replace(' UTC', '').replace(/(\d\d)\/(\d\d)\/(\d{4})/, '$3-$2-$1')}Z`);
    expect(readAt).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
    expect(readAt).toBeLessThanOrEqual(Date.now());
    const request: ExportRequest = { ...description(), rows, generatedAt: testNow, dataAsOf: new Date(readAt) };
    const browser = await readWorkbook(await referenceXlsx(request));
    // Sheet by sheet: every cell's value, type, number format and boldness, the frozen row, autofilter, widths.
    expect(sheetFacts(sheet)).toEqual(sheetFacts(browser.worksheets[0]!));
    expect(sheetFacts(file.getWorksheet('Filtros')!)).toEqual(sheetFacts(browser.getWorksheet('Filtros')!));
    expect(filtros).toContainEqual(['Filtros aplicados']);
    expect(filtros).toContainEqual(['Hospedaje', 'Sí']);
    expect(filtros).toContainEqual(['Generado por', author]);
  });

  it('streams the CSV byte for byte as the browser builds it from the list answer', async () => {
    const answer = await post({ ...screen, format: 'csv' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.payload).toBe(buildCsv({ ...description(), rows, generatedAt: testNow }));
  });

  it('asks the list with the screen\'s sort and states its search', async () => {
    const sorted = (await server.get('/api/v1/report/movements/order?page=1&itemsPerPage=-1&sortBy=total&sortDesc=true&isForLodging=true')).json<{
      data: Array<Record<string, unknown>>;
    }>().data;
    const answer = await post({ ...screen, params: 'isForLodging=true&t0.sort=-total&open=order-detail:1', search: 'casa', format: 'csv' });
    expect(answer.statusCode).toBe(200);
    expect(answer.payload).toBe(buildCsv({ ...description(), rows: sorted, generatedAt: testNow, search: 'casa' }));
    expect(sorted.map((row) => row._id)).not.toEqual(rows.map((row) => row._id));
  });

  it('adds the nested lines on the export question\'s Sí, from the definition\'s lines source and columns', async () => {
    const sales = reportDefinitionSchema.parse(posSales);
    const index = sales.blocks.findIndex((block) => block.kind === 'table');
    const block = sales.blocks[index] as TableBlock;
    const lines = block.export!.question!.lines!;
    const filters = defaultFilterValues(sales, { today: testToday });
    const planned = planRequest(sales, lines.source!, { filters, routeParams: {}, block, allRows: true });
    const withItems = (await server.get(`${planned.path}?${new URLSearchParams(planned.query!.map(([k, v]) => [k, v]))}`)).json<{ data: Array<{ items: unknown[] }> }>().data;
    expect(withItems.length).toBeGreaterThan(0);

    const yes = await post({ report: 'pos-sales', block: String(index), answer: 'yes', format: 'xlsx' });
    expect(yes.statusCode).toBe(200);
    const sheet = (await readWorkbook(yes.rawPayload)).worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(lineColumns(block.columns, lines).map((column) => column.header));
    const lineCount = withItems.reduce((count, order) => count + Math.max(1, order.items.length), 0);
    // Each order's amounts stand on its first line only, so the totals row sums every order once.
    expect(sheet.rowCount).toBe(2 + lineCount);
    const totalColumn = headers.indexOf('Total') + 1;
    const orderTotal = withItems.reduce((sum, order) => sum + Number((order as unknown as { total: unknown }).total), 0);
    expect(sheet.getRow(2 + lineCount).getCell(totalColumn).value).toBeCloseTo(orderTotal, 2);

    const no = await post({ report: 'pos-sales', block: String(index), answer: 'no', format: 'xlsx' });
    expect(no.statusCode).toBe(200);
    const plain = (await readWorkbook(no.rawPayload)).worksheets[0]!;
    expect((plain.getRow(1).values as unknown[]).slice(1)).toEqual(block.columns.map((column) => column.header));
  });

  it('applies the list rules: its rights', async () => {
    const tips = reportDefinitionSchema.parse(employeeTip);
    const index = tips.blocks.findIndex((block) => block.kind === 'table');
    const refused = await post({ report: 'employee-tip', block: String(index), format: 'csv' }, server.restrictedToken);
    const list = await server.get('/api/v1/employee/tip?per_page=-1', server.restrictedToken);
    expect(list.statusCode).toBe(403);
    expect([refused.statusCode, refused.payload]).toEqual([list.statusCode, list.payload]);
    const allowed = await post({ report: 'employee-tip', block: String(index), format: 'csv' });
    expect(allowed.statusCode).toBe(200);
  });

  it('needs the bearer token', async () => {
    const answer = await post({ ...screen, format: 'csv' }, null);
    expect(answer.statusCode).toBe(401);
  });

  it('writes "Generado por" as the signed-in employee, whatever the request would say', async () => {
    const named = await post({ ...screen, format: 'xlsx', generatedBy: 'Otra Persona' }, server.restrictedToken);
    expect(named.statusCode).toBe(400);
    expect(named.json<{ message: string }>().message).toBe('Parámetro no reconocido «generatedBy».');
    const answer = await post({ ...screen, format: 'xlsx' }, server.restrictedToken);
    expect(answer.statusCode).toBe(200);
    expect(await filtrosLines(answer.rawPayload)).toContain(`Generado por | ${await employeeName(server, restrictedEmployee.email)}`);
  });

  it('refuses at once, compiling nothing, a body that sends columns with expressions (a catastrophic regular expression)', async () => {
    const compiled = cachedExpressions();
    const started = performance.now();
    const columns = Array.from({ length: 300 }, (_, i) => ({ header: `C${i}`, value: `test('^(a+)+$', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!') ? ${i} : 0` }));
    const answer = await post({ ...screen, format: 'xlsx', columns });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toBe('Parámetro no reconocido «columns».');
    // Design target: a few milliseconds; the slack is for a busy machine.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(cachedExpressions()).toBe(compiled);
  });

  it.each([
    ['an unknown format', { ...screen, format: 'pdf' }, /^Parámetro no válido «format»/],
    ['a title', { ...screen, format: 'xlsx', title: '=cmd' }, /^Parámetro no reconocido «title»/],
    ['totals', { ...screen, format: 'xlsx', totals: true }, /^Parámetro no reconocido «totals»/],
    ['filters text', { ...screen, format: 'xlsx', filters: [{ label: 'x', value: 'y' }] }, /^Parámetro no reconocido «filters»/],
    ['a list path', { ...screen, format: 'xlsx', rows: 'data' }, /^Parámetro no reconocido «rows»/],
    ['no report', { block: '0', format: 'xlsx' }, /^Parámetro no válido «report»/],
    ['an unknown report', { ...screen, report: 'no-such-report', format: 'xlsx' }, /^No existe el reporte «no-such-report»\.$/],
    ['a block that is not there', { ...screen, block: '7', format: 'xlsx' }, /^El bloque «7» no es una tabla/],
    ['a block that is not a table', { report: 'pos-sales', block: '0', format: 'xlsx' }, /^El bloque «0» no es una tabla/],
    ['an answer where the table asks nothing', { ...screen, answer: 'yes', format: 'xlsx' }, /^La respuesta a la pregunta/],
    ['no answer where the table asks', { report: 'pos-sales', block: String(posSales.blocks.findIndex((b) => b.kind === 'table')), format: 'xlsx' }, /^La respuesta a la pregunta/],
    ['a route parameter the report does not list', { ...screen, routeParams: { group: 'x' }, format: 'xlsx' }, /^Parámetro de ruta no válido «group»/],
  ])('answers 400 in Spanish to %s', async (_case, body, message) => {
    const answer = await post(body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(message);
  });

  it('answers the list\'s own 400 to a sort it does not know', async () => {
    const list = await server.get('/api/v1/report/movements/order?page=1&itemsPerPage=-1&sortBy=nosuchfield&sortDesc=true&isForLodging=true');
    expect(list.statusCode).toBe(400);
    const answer = await post({ ...screen, params: 'isForLodging=true&t0.sort=-nosuchfield', format: 'csv' });
    expect([answer.statusCode, answer.payload]).toEqual([list.statusCode, list.payload]);
  });

  it.each([
    ['fileName', { ...screen, format: 'xlsx', fileName: '\ud800' }, 400],
    ['search', { ...screen, format: 'xlsx', search: 'a\ud800b' }, 200],
    ['params', { ...screen, format: 'csv', params: 'isForLodging=\ud800&t0.q=\udc00' }, 200],
    ['routeParams', { ...screen, format: 'csv', routeParams: { group: '\ud800' } }, 400],
  ])('answers a lone surrogate in %s without a 500', async (_key, body, status) => {
    const answer = await post(body);
    expect(answer.statusCode).toBe(status);
    if (status === 400) expect(answer.json<{ message: string }>().message).toMatch(/^(Parámetro|No existe)/);
  });

  it('writes a lone surrogate of the search as U+FFFD', async () => {
    const answer = await post({ ...screen, format: 'xlsx', search: 'a\ud800b' });
    expect(await filtrosLines(answer.rawPayload)).toContain('Búsqueda | a\ufffdb');
  });

  it('never lets a cell of the definition\'s file become a formula', async () => {
    const answer = await post({ ...screen, format: 'xlsx', search: '=HYPERLINK("x")' });
    expect(answer.statusCode).toBe(200);
    const file = await readWorkbook(answer.rawPayload);
    const cells = file.worksheets.flatMap((sheet) => values(sheet).flat());
    // A string cell is never a formula: the text stays as typed (the apostrophe is CSV's).
    expect(cells).toContain('=HYPERLINK("x")');
    expect(cells.some((cell) => typeof cell === 'object' && cell !== null && 'formula' in cell)).toBe(false);
  });
});

// A report only this test knows, whose computed column backtracks for milliseconds per row.
const slowColumn = { header: 'Lento', value: "test('^(a+)+$', 'aaaaaaaaaaaaaaaaaaa!') ? 1 : 0", format: 'integer' as const };
const slowReport: ReportDefinition = reportDefinitionSchema.parse({
  id: 'test-slow',
  route: '/test/slow',
  title: 'Lento',
  sources: { orders: { path: '/api/v1/report/movements/order', paging: { mode: 'server' }, rows: 'data', total: 'total' } },
  blocks: [{ kind: 'table', source: 'orders', columns: [{ field: 'invoice', header: 'Factura' }, slowColumn] }],
});

describe('a definition whose expressions are slow', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ reports: [slowReport], exportLimits: { seconds: 1 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(['xlsx', 'csv'])('ends its %s file at the time budget with a note, and /api/health answers meanwhile', async (format) => {
    const started = performance.now();
    const exported = server.request({
      method: 'POST',
      url: '/api/v1/export',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      payload: JSON.stringify({ report: 'test-slow', block: '0', format }),
    });
    let done = false;
    void exported.finally(() => (done = true));
    let slowestHealth = 0;
    let probes = 0;
    while (!done) {
      const probe = performance.now();
      const health = await server.get('/api/health', null);
      expect(health.statusCode).toBe(200);
      slowestHealth = Math.max(slowestHealth, performance.now() - probe);
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answer = await exported;
    // Design target: the 1 s budget and a slice of 20 ms; the slack is for a busy machine.
    expect(performance.now() - started).toBeLessThan(6_000);
    expect(probes).toBeGreaterThan(5);
    expect(slowestHealth).toBeLessThan(1_000);
    expect(answer.statusCode).toBe(200);
    const all = (await server.get('/api/v1/report/movements/order?page=1&itemsPerPage=-1')).json<{ data: unknown[] }>().data;
    if (format === 'csv') {
      const lines = answer.payload.split('\r\n').filter(Boolean);
      expect(lines.length - 1).toBeLessThan(all.length);
      expect(lines.at(-1)).toMatch(/^"Filas: Archivo incompleto: solo las primeras [\d.]+ filas; el servidor dedica hasta 1 s a cada archivo\./);
    } else {
      const file = await readWorkbook(answer.rawPayload);
      expect(file.worksheets[0]!.rowCount - 1).toBeLessThan(all.length);
      expect((await filtrosLines(answer.rawPayload)).at(-1)).toMatch(/^Filas \| Archivo incompleto: solo las primeras [\d.]+ filas/);
    }
  });
});

/** The status of a POST and the size of its first chunk, read before hanging up. */
function postThenHangUp(url: string, token: string, body: unknown): Promise<{ status: number | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } },
      (response) => {
        response.once('data', (chunk: Buffer) => {
          request.destroy();
          resolve({ status: response.statusCode, bytes: chunk.length });
        });
        response.once('error', () => undefined);
      },
    );
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    request.end(JSON.stringify(body));
  });
}

// A report only this test knows, over the many-rows list.
const manyRows: ReportDefinition = reportDefinitionSchema.parse({
  id: 'test-many-rows',
  route: '/test/many-rows',
  title: 'Filas',
  sources: { rows: { path: '/api/v1/test/many-rows', paging: { mode: 'server' } } },
  blocks: [{ kind: 'table', source: 'rows', columns: [{ field: 'i', header: 'I', format: 'integer' }, { field: 'pad', header: 'Relleno' }] }],
});

const manyRowsCount = 60_000;

describe('a client that goes away in the middle of a server export', () => {
  let server: ManyRowsServer;
  beforeAll(async () => {
    // 60,000 rows (13 MB) are far past the 256 kB budget; PGlite reads a held cursor's rows whole before its first
    // batch, so the default 300,000 cost each round tens of seconds on a busy machine.
    server = await startManyRowsServer('/api/v1/test/many-rows', { reports: [manyRows], exportLimits: { bytes: 256 * 1024 } }, manyRowsCount);
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(['xlsx', 'csv'])('stops the cursor (%s): the next requests are answered', async (format) => {
    const body = { report: 'test-many-rows', block: '0', format };
    for (let round = 0; round < 3; round++) {
      const cut = await postThenHangUp(`${server.base}/api/v1/export`, server.token, body);
      expect(cut.status).toBe(200);
      expect(cut.bytes).toBeGreaterThan(0);
      const next = await fetch(`${server.base}/api/v1/report/booking?itemsPerPage=2`, { headers: { authorization: `Bearer ${server.token}` }, signal: AbortSignal.timeout(20_000) });
      expect(next.status).toBe(200);
      expect(((await next.json()) as { data: unknown[] }).data).toHaveLength(2);
    }
  });

  it.each(['xlsx', 'csv'])('ends a %s file at the size budget with the rows written so far and a note', async (format) => {
    const answer = await fetch(`${server.base}/api/v1/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ report: 'test-many-rows', block: '0', format }),
    });
    expect(answer.status).toBe(200);
    const bytes = new Uint8Array(await answer.arrayBuffer());
    // The budget is checked between rows, so a little more than it is written.
    expect(bytes.byteLength).toBeLessThan(1024 * 1024);
    const note = /^"?Filas(:| \|) Archivo incompleto: solo las primeras [\d.]+ filas; un archivo del servidor no supera 256 kB\./;
    if (format === 'csv') {
      const lines = new TextDecoder().decode(bytes).split('\r\n').filter(Boolean);
      expect(lines.length).toBeLessThan(manyRowsCount);
      expect(lines.at(-1)).toMatch(note);
    } else {
      expect((await readWorkbook(bytes)).worksheets[0]!.rowCount).toBeLessThan(manyRowsCount);
      expect((await filtrosLines(bytes)).at(-1)).toMatch(note);
    }
  });
});
