import { unzipSync } from 'fflate';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ExportRequest } from '../../core/export/exportDescription.ts';
import { referenceXlsx } from '../../core/export/referenceWorkbook.ts';
import { readWorkbook, workbookFacts } from '../../core/export/sheetFacts.ts';
import { column, testRequest } from '../../core/export/testRequest.ts';
import { buildXlsx } from '../../core/export/xlsxFile.ts';
import { messages } from '../messages.ts';
import { defaultExportLimits, ExportBudget } from './exportBudget.ts';
import { ExportAborted, writeXlsxStream, zip32Limits, type XlsxStreamOptions } from './xlsxStreamWriter.ts';

async function* each(rows: readonly unknown[]) {
  yield* rows;
}

/** The server's file of the request's rows, as the export endpoint streams it. */
async function serverFile(request: ExportRequest, level?: number): Promise<Uint8Array> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const written = await writeXlsxStream(request, each(request.rows)[Symbol.asyncIterator](), out, { level });
  await ended;
  expect(written).toBe(request.rows.length);
  return Buffer.concat(chunks);
}

/** The server's file as a user reads it, checked to be the browser's and exceljs's workbook of the same request. */
const sameAsBrowser = async (request: ExportRequest) => {
  const server = workbookFacts(await readWorkbook(await serverFile(request)));
  expect(server).toEqual(workbookFacts(await readWorkbook(await buildXlsx(request))));
  expect(server).toEqual(workbookFacts(await readWorkbook(await referenceXlsx(request))));
  return server;
};

describe('writeXlsxStream (the server\'s Excel file)', () => {
  it('is the browser\'s file and exceljs\'s sheet by sheet: values, types, number formats, bold header and totals, frozen row, autofilter, widths, Filtros', async () => {
    const [rows, filtros] = await sameAsBrowser(testRequest());
    expect(rows!.name).toBe('Reservas');
    expect(rows!.frozenRows).toBe(1);
    expect(rows!.autoFilter).toBe('A1:H4');
    expect(rows!.columns).toBe(8);
    expect(rows!.rows[0]!.every((cell) => cell.bold)).toBe(true);
    expect(rows!.rows[1]![2]).toEqual({ value: '2026-11-03T00:00:00.000Z', type: 'Date', numFmt: 'dd/mm/yyyy', bold: false });
    expect(rows!.rows[1]![3]).toEqual({ value: 1234.5, type: 'Number', numFmt: '#,##0.00', bold: false });
    expect(rows!.rows[4]![0]).toMatchObject({ value: 'Total', bold: true });
    expect(rows!.rows[4]![3]).toMatchObject({ value: 1334.6, type: 'Number', numFmt: '#,##0.00', bold: true });
    expect(filtros!.name).toBe('Filtros');
    expect(filtros!.rows.map((line) => line.map((cell) => cell.value))).toContainEqual(['Búsqueda', 'B-00']);
  });

  it('prints as the browser\'s file: landscape when wide, one page wide, header row on every page, title and page numbers', async () => {
    const columns = Array.from({ length: 14 }, (_, c) => column({ field: `f${c}`, header: `Columna número ${c + 1}` }));
    const request = testRequest({ title: 'Propinas - Propinas', columns, rows: [{ f0: 'x' }] });
    const [sheet] = (await readWorkbook(await serverFile(request))).worksheets;
    expect(sheet!.name).toBe('Propinas');
    expect(sheet!.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' });
    expect(sheet!.headerFooter).toMatchObject({ oddHeader: '&C&"-,Bold"Propinas', oddFooter: '&CPágina &P de &N' });
  });

  it('is the browser\'s file and exceljs\'s with no totals and no rows, with date-times, counts and text that needs escaping', async () => {
    await sameAsBrowser(testRequest({ totals: false, rows: [] }));
    await sameAsBrowser(
      testRequest({
        title: 'Pagos: <2026> & "más"',
        columns: [
          column({ field: 'at', header: 'Fecha y hora', format: 'dateTime', total: 'max' }),
          column({ field: 'n', header: '=Cuenta', format: 'integer', total: 'count' }),
          column({ field: 'p', header: 'Porcentaje', format: 'percent', total: 'avg' }),
          column({ field: 'note', header: 'Nota' }),
        ],
        rows: [
          { at: '2026-11-03T10:15:00Z', n: 3, p: 12.5, note: ' a & b <c> "d" ' },
          { at: null, n: '7', p: 'x', note: 'línea\u0007con control' },
          { at: '2026-11-04T23:59:00Z', n: null, p: -1, note: '@SUM(A1)' },
        ],
      }),
    );
  });

  it('never lets a cell become a formula: formula text arrives as the text itself in a string cell, as the browser writes it', async () => {
    const request = testRequest({
      filters: [{ label: '+x', value: '=1+1' }],
      rows: [{ ref: '=1+1', wayContactName: '-2+3', dateStart: null, total: 1, balance: 0, status: '=A1', place: { name: '+HYPERLINK("x")' } }],
    });
    const [rows, filtros] = await sameAsBrowser(request);
    const cells = [...rows!.rows, ...filtros!.rows].flat();
    expect(cells.some((cell) => cell.type === 'Formula')).toBe(false);
    expect(rows!.rows[1]![0]).toMatchObject({ value: '=1+1', type: 'String' });
    expect(rows!.rows[1]![7]).toMatchObject({ value: '+HYPERLINK("x")', type: 'String' });
    expect(filtros!.rows.flat().map((cell) => cell.value)).toContain('=1+1');
  });

  it('is the same file at deflate level 6', async () => {
    const request = testRequest();
    const fast = workbookFacts(await readWorkbook(await serverFile(request)));
    expect(workbookFacts(await readWorkbook(await serverFile(request, 6)))).toEqual(fast);
  });

  it('past the rows a sheet holds, stops reading the rows and writes the browser\'s file of the first ones', async () => {
    let given = 0;
    let closed = false;
    async function* many() {
      try {
        for (; given < 1_000; ) {
          given += 1;
          yield { ref: `R-${given}`, total: given };
        }
      } finally {
        closed = true;
      }
    }
    const request = testRequest({ rows: [] });
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => out.on('end', resolve));
    const written = await writeXlsxStream(request, many()[Symbol.asyncIterator](), out, { rowLimit: 600 });
    await ended;
    expect(written).toBe(598);
    expect(closed).toBe(true);
    expect(given).toBeLessThan(1_000);
    const file = workbookFacts(await readWorkbook(Buffer.concat(chunks)));
    const firstRows = Array.from({ length: 1_000 }, (_, i) => ({ ref: `R-${i + 1}`, total: i + 1 }));
    const browser = workbookFacts(await readWorkbook(await buildXlsx({ ...request, rows: firstRows }, 600)));
    expect(file).toEqual(browser);
    expect(file[0]!.rows).toHaveLength(600);
    expect(file[0]!.rows[599]![3]!.value).toBe((598 * 599) / 2);
    expect(file[1]!.rows.at(-1)!.map((cell) => cell.value)).toEqual(['Filas', expect.stringMatching(/^Solo las primeras 598: /)]);
  });

  it('stops with ExportAborted and leaves the rows when the answer is destroyed', async () => {
    let given = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) yield { ref: `R-${(given += 1)}`, wayContactName: 'x'.repeat(200), total: given };
      } finally {
        closed = true;
      }
    }
    const out = new PassThrough();
    const iterator = endless()[Symbol.asyncIterator]();
    const writing = writeXlsxStream(testRequest(), iterator, out);
    setTimeout(() => out.destroy(), 500);
    await expect(writing).rejects.toBeInstanceOf(ExportAborted);
    await iterator.return?.();
    expect(closed).toBe(true);
    // Nobody read the answer: back-pressure held the rows read to what the deflate's input and the answer hold (a few
    // thousand; archiver's queue took tens of thousands in that time).
    expect(given).toBeLessThan(10_000);
  });

  /** `count` rows of text that deflates to about half (hex digits), their iterator, and whether it was closed. */
  function noisyRows(count: number) {
    const state = { given: 0, closed: false };
    let seed = 7;
    const hex = () => Array.from({ length: 40 }, () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) >> 16).toString(16)).join('');
    const all = Array.from({ length: count }, (_, i) => ({ ref: `R-${i + 1}`, wayContactName: hex(), total: i + 1 }));
    async function* rows() {
      try {
        for (; state.given < count; state.given += 1) yield all[state.given];
      } finally {
        state.closed = true;
      }
    }
    return { all, state, iterator: rows()[Symbol.asyncIterator]() };
  }

  /** The file of `count` noisy rows written within `options`' zip limits, its parts unzipped, and what the rows went through. */
  async function limitedFile(count: number, options: XlsxStreamOptions) {
    const request = testRequest({ rows: [] });
    const { all, state, iterator } = noisyRows(count);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => out.on('end', resolve));
    const written = await writeXlsxStream(request, iterator, out, options);
    await ended;
    const bytes = Buffer.concat(chunks);
    const facts = workbookFacts(await readWorkbook(bytes));
    const browser = workbookFacts(await readWorkbook(await buildXlsx({ ...request, rows: all.slice(0, written) })));
    return { written, state, bytes, facts, browser, sheetXml: unzipSync(bytes)['xl/worksheets/sheet1.xml']! };
  }

  it('keeps under 4 GiB what a zip without ZIP64 holds, with room for the file\'s last parts', () => {
    expect(zip32Limits.sheetBytes).toBeLessThan(2 ** 32 - 16 * 1024 * 1024);
    expect(zip32Limits.fileBytes).toBeLessThan(2 ** 32 - 16 * 1024 * 1024);
    expect(zip32Limits.sheetBytes).toBeGreaterThan(2 ** 32 - 256 * 1024 * 1024);
  });

  it('before the sheet\'s XML passes what a zip holds, ends it with the rows so far, stops reading and says so in Filtros as the size budget does', async () => {
    const limit = 200_000;
    const budget = new ExportBudget(defaultExportLimits);
    const { written, state, sheetXml, facts, browser } = await limitedFile(5_000, { budget, zipLimits: { sheetBytes: limit, fileBytes: 2 ** 32 } });
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(5_000);
    expect(state.closed).toBe(true);
    expect(state.given).toBeLessThan(5_000);
    // Past the limit by less than the piece of rows that crossed it and the sheet's end.
    expect(sheetXml.length).toBeGreaterThan(limit);
    expect(sheetXml.length).toBeLessThan(limit + 64 * 1024);
    // The rows sheet is the browser's of the rows written, with their totals; Filtros ends with the budget's note.
    expect(facts[0]).toEqual(browser[0]);
    const note = messages.exportCutSize('195 kB', written);
    expect(facts[1]!.rows.at(-1)!.map((cell) => cell.value)).toEqual(['Filas', note]);
    expect(budget.note()).toBe(note);
  });

  it('before the file passes what a zip holds, ends the sheet likewise, with no budget given', async () => {
    const limit = 100_000;
    const { written, state, bytes, sheetXml, facts, browser } = await limitedFile(5_000, { zipLimits: { sheetBytes: 2 ** 32, fileBytes: limit } });
    expect(written).toBeLessThan(5_000);
    expect(state.closed).toBe(true);
    // The file's limit was reached, not the sheet's: its XML is larger than the whole file may be.
    expect(sheetXml.length).toBeGreaterThan(limit);
    expect(bytes.length).toBeGreaterThan(limit / 2);
    expect(bytes.length).toBeLessThan(limit + 64 * 1024);
    expect(facts[0]).toEqual(browser[0]);
    expect(facts[1]!.rows.at(-1)!.map((cell) => cell.value)).toEqual(['Filas', messages.exportCutSize('98 kB', written)]);
  });

  it('writes every row and no note when the rows end right where the zip would be full', async () => {
    // 100 rows are one piece: the limit is passed by the last piece, after which no row is left.
    const { written, facts, browser } = await limitedFile(100, { zipLimits: { sheetBytes: 1_000, fileBytes: 2 ** 32 } });
    expect(written).toBe(100);
    expect(facts).toEqual(browser);
  });
});
