import type ExcelJS from 'exceljs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCsv } from '../../engine/export/buildCsv.ts';
import { referenceXlsx } from '../../engine/export/referenceWorkbook.ts';
import type { ExportRequest } from '../../engine/export/exportTable.ts';
import movementsOrder from '../../reports/movements/order.ts';
import { reportDefinitionSchema, type ColumnDefinition } from '../../schema/reportDefinition.ts';
import { readWorkbook, sheetFacts } from '../../engine/export/sheetFacts.ts';
import { startManyRowsServer, type ManyRowsServer } from '../../tests/support/manyRowsServer.ts';
import { startTestServer, testNow, type TestServer } from '../../tests/support/testServer.ts';

// The "Reporte de órdenes" table as the engine hands it over (defaults filled).
const orders = reportDefinitionSchema.parse(movementsOrder);
const orderBlock = orders.blocks[0] as { columns: ColumnDefinition[] };
const listQuery = 'page=1&itemsPerPage=-1&sortBy=createdAt&sortDesc=true&isForLodging=true';

const description = {
  title: 'Reporte de órdenes',
  fileName: 'Reporte de ordenes',
  columns: orderBlock.columns,
  totals: true,
  filters: [{ label: 'Hospedaje', value: 'Sí' }],
  generatedBy: 'Demo Mirador',
};

const values = (sheet: ExcelJS.Worksheet) =>
  sheet.getSheetValues().map((row) => (Array.isArray(row) ? row.slice(1).map((cell) => (cell instanceof Date ? cell.toISOString() : cell)) : row));

describe('POST /api/v1/export/<list>', () => {
  let server: TestServer;
  let rows: Array<Record<string, unknown>>;
  beforeAll(async () => {
    server = await startTestServer();
    rows = (await server.get(`/api/v1/report/movements/order?${listQuery}`)).json<{ data: Array<Record<string, unknown>> }>().data;
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (url: string, body: unknown, token: string | null = server.token) =>
    server.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
      payload: JSON.stringify(body),
    });

  it('finds orders to export (the comparisons below are not of empty lists)', () => {
    expect(rows.length).toBeGreaterThan(20);
  });

  it('streams the .xlsx of every row the list answers, cell for cell the file the browser builds from that answer', async () => {
    const before = Date.now();
    const answer = await post(`/api/v1/export/report/movements/order?${listQuery}`, { format: 'xlsx', ...description });
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
    // xlsxStreamWriter.test.ts), but for when it was made.
    const filtros = values(file.getWorksheet('Filtros')!);
    const dataAsOf = filtros.flat().find((cell) => typeof cell === 'string' && cell.startsWith('Datos al')) as string;
    const readAt = Date.parse(`${dataAsOf.replace('Datos al ', '').replace(' UTC', '').replace(/(\d\d)\/(\d\d)\/(\d{4})/, '$3-$2-$1')}Z`);
    expect(readAt).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000);
    expect(readAt).toBeLessThanOrEqual(Date.now());
    const generatedAt = new Date(readAt);
    const request: ExportRequest = { ...description, rows, generatedAt, dataAsOf: generatedAt };
    const browser = await readWorkbook(await referenceXlsx(request));
    // Sheet by sheet: every cell's value, type, number format and boldness, the frozen row, autofilter, widths.
    expect(sheetFacts(sheet)).toEqual(sheetFacts(browser.worksheets[0]!));
    // "Generado el" is the minute the file was made; the rest of Filtros is equal.
    const withoutMade = (facts: ReturnType<typeof sheetFacts>) => ({ ...facts, rows: facts.rows.filter((line) => line[0]?.value !== 'Generado el') });
    expect(withoutMade(sheetFacts(file.getWorksheet('Filtros')!))).toEqual(withoutMade(sheetFacts(browser.getWorksheet('Filtros')!)));
    expect(filtros).toContainEqual(['Filtros aplicados']);
    expect(filtros).toContainEqual(['Hospedaje', 'Sí']);
  });

  it('streams the CSV byte for byte as the browser builds it from the list answer', async () => {
    const answer = await post(`/api/v1/export/report/movements/order?${listQuery}`, { format: 'csv', ...description });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.payload).toBe(buildCsv({ ...description, rows, generatedAt: testNow }));
  });

  it('applies the list rules: its validation, its rights, its 404', async () => {
    const badQuery = await post('/api/v1/export/report/movements/order?itemsPerPage=-1&isForLodging=quizas', { format: 'csv', ...description });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json<{ message: string }>().message).toMatch(/isForLodging/);
    const tips = await post('/api/v1/export/employee/tip?per_page=-1', { format: 'csv', ...description }, server.restrictedToken);
    const tipsList = await server.get('/api/v1/employee/tip?per_page=-1', server.restrictedToken);
    expect(tipsList.statusCode).toBe(403);
    expect([tips.statusCode, tips.payload]).toEqual([tipsList.statusCode, tipsList.payload]);
    const allowed = await post('/api/v1/export/employee/tip?per_page=-1', { format: 'csv', ...description });
    expect(allowed.statusCode).toBe(200);
    const missing = await post('/api/v1/export/no/such/list', { format: 'csv', ...description });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toMatch(/^No existe la ruta/);
  });

  it('needs the bearer token', async () => {
    const answer = await post(`/api/v1/export/report/movements/order?${listQuery}`, { format: 'csv', ...description }, null);
    expect(answer.statusCode).toBe(401);
  });

  it.each([
    ['an unknown format', { format: 'pdf', ...description }],
    ['an unknown column key', { format: 'xlsx', ...description, columns: [{ field: 'total', header: 'Total', formula: '=1+1' }] }],
    ['a column expression that does not parse', { format: 'xlsx', ...description, columns: [{ value: 'datum.total +* 2', header: 'X' }] }],
    ['no columns', { format: 'xlsx', ...description, columns: [] }],
    ['an unknown body key', { format: 'xlsx', ...description, rowsData: [] }],
  ])('answers 400 in Spanish to %s', async (_case, body) => {
    const answer = await post(`/api/v1/export/report/movements/order?${listQuery}`, body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(/^Parámetro no (válido|reconocido)/);
  });

  it.each(['export/report/movements/order', 'report/a%20b', 'report/%27x'])('answers 400 to the list path %s', async (path) => {
    const answer = await post(`/api/v1/export/${path}`, { format: 'csv', ...description });
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toBe('La exportación debe nombrar una lista de este servidor.');
  });

  it('never lets a cell become a formula', async () => {
    const answer = await post(`/api/v1/export/report/movements/order?${listQuery}`, {
      format: 'xlsx',
      ...description,
      title: '=cmd',
      filters: [{ label: '+x', value: '@SUM(A1)' }, { label: 'Suma', value: '=1+1' }],
      columns: [{ value: "'=HYPERLINK(\"x\")'", header: '-Cabecera' }, { value: "'=1+1'", header: 'Uno más uno' }],
    });
    expect(answer.statusCode).toBe(200);
    const file = await readWorkbook(answer.rawPayload);
    const cells = file.worksheets.flatMap((sheet) => values(sheet).flat());
    expect(cells).toContain('\'=HYPERLINK("x")');
    expect(cells).toContain("'-Cabecera");
    expect(cells).toContain("'@SUM(A1)");
    expect(cells.filter((cell) => cell === "'=1+1")).toHaveLength(rows.length + 1);
    expect(cells.some((cell) => typeof cell === 'object' && cell !== null && 'formula' in cell)).toBe(false);
    const facts = file.worksheets.map(sheetFacts);
    expect(facts.flatMap((sheet) => sheet.rows.flat()).filter((cell) => cell.value === "'=1+1").every((cell) => cell.type === 'String')).toBe(true);
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

describe('a client that goes away in the middle of a server export', () => {
  let server: ManyRowsServer;
  beforeAll(async () => {
    server = await startManyRowsServer('/api/v1/test/many-rows');
  });
  afterAll(async () => {
    await server.close();
  });

  it.each(['xlsx', 'csv'])('stops the cursor (%s): the next requests are answered', async (format) => {
    const body = { format, title: 'Filas', fileName: 'filas', columns: [{ field: 'i', header: 'I', format: 'integer' }, { field: 'pad', header: 'Relleno' }] };
    for (let round = 0; round < 3; round++) {
      const cut = await postThenHangUp(`${server.base}/api/v1/export/test/many-rows`, server.token, body);
      expect(cut.status).toBe(200);
      expect(cut.bytes).toBeGreaterThan(0);
      const next = await fetch(`${server.base}/api/v1/report/booking?itemsPerPage=2`, { headers: { authorization: `Bearer ${server.token}` }, signal: AbortSignal.timeout(20_000) });
      expect(next.status).toBe(200);
      expect(((await next.json()) as { data: unknown[] }).data).toHaveLength(2);
    }
  });
});
