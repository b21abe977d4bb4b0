import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCsv } from '../../core/export/buildCsv.ts';
import { referenceXlsx } from '../../core/export/referenceWorkbook.ts';
import { readWorkbook, sheetFacts } from '../../core/export/sheetFacts.ts';
import movementsOrder from '../../reports/movements/order.ts';
import { reportDefinitionSchema, type ColumnDefinition } from '../../schema/reportDefinition.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { employeeName, startTestServer, testNow, type TestServer } from '../../tests/support/testServer.ts';

// The person's columns (the "Columnas" menu) travel in the screen's URL search, `t<path>.cols`, which the export's
// `params` carry: the server reads them against its own definition.
const orders = reportDefinitionSchema.parse(movementsOrder);
const orderColumns = (orders.blocks[0] as { columns: ColumnDefinition[] }).columns;
const listQuery = 'page=1&itemsPerPage=-1&sortBy=createdAt&sortDesc=true&isForLodging=true';
const byHeader = (header: string) => orderColumns.find((column) => column.header === header)!;

describe('a server-built file follows the columns the screen shows', () => {
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

  const post = (params: string, format: 'xlsx' | 'csv') =>
    server.request({
      method: 'POST',
      url: '/api/v1/export',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      payload: JSON.stringify({ report: 'movements-order', block: '0', params, format }),
    });

  // Total first, then Factura; Concepto and Subtotal hidden; a key the definition does not have is ignored; the
  // columns the URL does not name follow, shown, in the definition's order.
  const params = 'isForLodging=true&t0.cols=total,invoice,-name,nonexistent,-subtotal';
  const shownHeaders = ['Total', 'Factura', 'Reserva', 'Habitación', 'Cliente', 'Tipo', 'Negocio', 'Creación', 'Empleado', 'Descuento'];
  const description = (columns: ColumnDefinition[]) => ({
    title: 'Reporte de órdenes',
    fileName: 'Reporte de ordenes',
    columns,
    totals: true,
    filters: [{ label: 'Hospedaje', value: 'Sí' }],
    generatedBy: author,
  });

  it('writes the shown columns in their order, hidden ones left out, the totals row under its own columns', async () => {
    expect(rows.length).toBeGreaterThan(20);
    const answer = await post(params, 'xlsx');
    expect(answer.statusCode).toBe(200);
    const file = await readWorkbook(answer.rawPayload);
    const sheet = file.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(shownHeaders);
    // The totals row: Total's sum in the first column, Descuento's in the last.
    const totals = sheet.getRow(rows.length + 2);
    expect(totals.getCell(1).value).toBeCloseTo(rows.reduce((sum, row) => sum + Number(row.total), 0), 2);
    expect(totals.getCell(shownHeaders.length).value).toBeCloseTo(rows.reduce((sum, row) => sum + Number(row.discount ?? 0), 0), 2);
    expect(rows.some((row) => Number(row.total) !== Number(row.subtotal))).toBe(true);
    // Cell for cell the file the browser builds with those columns.
    const dataAsOf = (file.getWorksheet('Filtros')!.getSheetValues().flat(2).find((cell) => typeof cell === 'string' && cell.startsWith('Datos al')) as string)
      .replace('Datos al ', '')
      .replace(' UTC', '')
      .replace(/(\d\d)\/(\d\d)\/(\d{4})/, '$3-$2-$1');
    const browser = await readWorkbook(
      await referenceXlsx({ ...description(shownHeaders.map(byHeader)), rows, generatedAt: testNow, dataAsOf: new Date(`${dataAsOf}Z`) }),
    );
    expect(sheetFacts(sheet)).toEqual(sheetFacts(browser.worksheets[0]!));
  });

  it('writes the CSV with the same columns', async () => {
    const answer = await post(params, 'csv');
    expect(answer.statusCode).toBe(200);
    expect(answer.payload).toBe(buildCsv({ ...description(shownHeaders.map(byHeader)), rows, generatedAt: testNow }));
    expect(answer.payload.split('\r\n')[0]).toBe(`\uFEFF${shownHeaders.join(';')}`);
  });

  it('writes every column of the definition when the URL hides them all, or names none it knows', async () => {
    const all = orderColumns.map((column) => column.header);
    for (const cols of ['-invoice,-name,-booking.ref,-booking.place.name,-booking.user,-isForLodging,-business.name,-createdAt,-employee,-subtotal,-discount,-total', 'x,y', '']) {
      const answer = await post(`isForLodging=true&t0.cols=${cols}`, 'csv');
      expect(answer.statusCode).toBe(200);
      expect(answer.payload.split('\r\n')[0]).toBe(`\uFEFF${all.join(';')}`);
    }
  });
});
