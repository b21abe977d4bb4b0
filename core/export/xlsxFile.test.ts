import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNames } from '../../schema/registries.ts';
import type { ExportRequest } from './exportDescription.ts';
import { referenceXlsx } from './referenceWorkbook.ts';
import { readWorkbook, workbookFacts } from './sheetFacts.ts';
import { column, testRequest } from './testRequest.ts';
import { buildXlsx } from './xlsxFile.ts';

/** Writes the file and reads it back, as Excel would open it. */
async function roundTrip(request: ExportRequest): Promise<ExcelJS.Workbook> {
  return readWorkbook(await buildXlsx(request));
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

const workbook = await roundTrip(testRequest());
const sheet = workbook.worksheets[0]!;

describe('buildXlsx (the browser\'s Excel file)', () => {
  it('names the rows sheet after the report and adds the Filtros sheet', () => {
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Reservas', 'Filtros']);
  });

  it('has a bold, frozen header of the exported columns only', () => {
    expect(rowValues(sheet, 1)).toEqual(['REF', 'Contacto', 'Check-in', 'Total', 'Saldo', 'Mitad', 'Status', 'Habitación']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('puts an autofilter over the header and the data rows', () => {
    expect(sheet.autoFilter).toBe('A1:H4');
  });

  it('writes amounts as numbers with a number format and negative numbers as numbers', () => {
    const total = sheet.getCell('D2');
    expect(total.type).toBe(ExcelJS.ValueType.Number);
    expect(total.value).toBe(1234.5);
    expect(total.numFmt).toBe('#,##0.00');
    expect(sheet.getCell('D3').value).toBe(100);
    expect(sheet.getCell('E2').value).toBe(-5);
    expect(sheet.getCell('E2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('F3').value).toBe(50);
  });

  it('writes dates as real dates shown DD/MM/YYYY', () => {
    const checkIn = sheet.getCell('C2');
    expect(checkIn.type).toBe(ExcelJS.ValueType.Date);
    expect((checkIn.value as Date).toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(checkIn.numFmt).toBe('dd/mm/yyyy');
    expect((sheet.getCell('C3').value as Date).toISOString()).toBe('2026-12-31T00:00:00.000Z');
    expect(sheet.getCell('C4').value).toBeNull();
  });

  it('writes labels and nested fields as text', () => {
    expect(rowValues(sheet, 2)).toEqual(['B-001', 'Booking.com', expect.any(Date), 1234.5, -5, 617.25, 'Confirmado', 'Suite 101']);
    expect(sheet.getCell('H3').value).toBe('Casa; "Azul"');
    expect(sheet.getCell('H4').value).toBeNull();
  });

  it('writes text that starts like a formula as the text itself, in a string cell that is never a formula', () => {
    const cell = sheet.getCell('B3');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=SUM(A1)');
    expect(cell.formula).toBeUndefined();
  });

  it('ends with a bold totals row computed from the rows', () => {
    const totals = sheet.getRow(5);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(4).value).toBeCloseTo(1334.6);
    expect(totals.getCell(4).numFmt).toBe('#,##0.00');
    expect(totals.getCell(5).value).toBe(-5);
    expect(totals.getCell(6).value).toBeCloseTo(222.4333, 3);
    expect(totals.getCell(2).value).toBeNull();
    expect(totals.getCell(4).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(5);
  });

  it('gives columns widths that fit their header and values', () => {
    const widths = sheet.columns.map((c) => c.width ?? 0);
    expect(widths.every((w) => w >= 10 && w <= 60)).toBe(true);
    expect(widths[1]).toBeGreaterThanOrEqual('<img src=x onerror=alert(1)>'.length);
  });

  it('lists the title, the filters, the search, when and by whom on the Filtros sheet', () => {
    const filters = workbook.getWorksheet('Filtros')!;
    const lines = filters.getSheetValues().slice(1).map((row) => (Array.isArray(row) ? row.slice(1) : row));
    expect(lines).toEqual([
      ['Reporte', 'Reservas'],
      undefined,
      ['Filtros aplicados'],
      ['Status', 'Confirmado, Check In'],
      ['Check-in', '01/11/2026 - 30/11/2026'],
      ['Búsqueda', 'B-00'],
      undefined,
      ['Datos al 22/11/2026 14:00 UTC'],
      ['Generado el', '22/11/2026 14:05 UTC'],
      ['Generado por', 'Demo Mirador'],
    ]);
  });

  it("writes when on the operator's clock and names its zone, which the server sends (OPERATOR_TIME_ZONE)", async () => {
    const book = await roundTrip(testRequest({ timeZone: 'America/Bogota' }));
    const lines = book.getWorksheet('Filtros')!.getSheetValues().slice(1).map((row) => (Array.isArray(row) ? row.slice(1) : row));
    expect(lines.slice(-3)).toEqual([
      ['Datos al 22/11/2026 09:00 America/Bogota'],
      ['Generado el', '22/11/2026 09:05 America/Bogota'],
      ['Generado por', 'Demo Mirador'],
    ]);
  });

  it('names the sheet after the title cut at a word, each part once', async () => {
    const named = async (title: string) => (await roundTrip(testRequest({ title }))).worksheets.map((s) => s.name);
    expect(await named('Ventas POS general - Órdenes cerradas')).toEqual(['Ventas POS general - Órdenes', 'Filtros']);
    expect(await named('Propinas - Propinas')).toEqual(['Propinas', 'Filtros']);
  });

  it('writes the Filtros sheet\'s text as typed, never as a formula', async () => {
    const book = await roundTrip(testRequest({ filters: [], search: '=HYPERLINK("x")', title: 'Filtros' }));
    expect(book.worksheets.map((s) => s.name)).toEqual(['Reporte', 'Filtros']);
    const cells = book.getWorksheet('Filtros')!.getSheetValues().flat();
    expect(cells).toContain('=HYPERLINK("x")');
    expect(cells.some((cell) => typeof cell === 'object' && cell !== null && 'formula' in cell)).toBe(false);
  });

  it('says when no filter applies', async () => {
    const book = await roundTrip(testRequest({ filters: [], search: '  ' }));
    expect(book.getWorksheet('Filtros')!.getRow(4).getCell(1).value).toBe('(ninguno)');
  });

  it('has no totals row when the table shows none, and a header-only filter on an empty table', async () => {
    const book = await roundTrip(testRequest({ totals: false, rows: [] }));
    const empty = book.worksheets[0]!;
    expect(empty.rowCount).toBe(1);
    expect(empty.autoFilter).toBe('A1:H1');
  });
});

describe('buildXlsx as it prints', () => {
  const narrow = testRequest({ columns: testRequest().columns.slice(0, 4) });
  const wideColumns = Array.from({ length: 14 }, (_, c) => column({ field: `f${c}`, header: `Columna número ${c + 1}` }));
  const wide = testRequest({ title: 'Reservas & pagos', columns: wideColumns, rows: [{ f0: 'x' }] });

  it('prints a narrow table portrait and a wide one landscape, each one page wide and as many long as it takes', async () => {
    const portrait = (await roundTrip(narrow)).worksheets[0]!.pageSetup;
    expect(portrait).toMatchObject({ orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
    const landscape = (await roundTrip(wide)).worksheets[0]!.pageSetup;
    expect(landscape).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 });
  });

  it('repeats the header row at the top of every page', async () => {
    expect(sheet.pageSetup.printTitlesRow).toBe('1:1');
    const quoted = (await roundTrip(testRequest({ title: "Reservas d'Ana" }))).worksheets[0]!;
    expect(quoted.name).toBe("Reservas d'Ana");
    expect(quoted.pageSetup.printTitlesRow).toBe('1:1');
    expect(workbook.getWorksheet('Filtros')!.pageSetup.printTitlesRow).toBeUndefined();
  });

  it('puts the title in the page header and "Página n de N" in the footer, on both sheets', async () => {
    for (const printed of (await roundTrip(wide)).worksheets) {
      expect(printed.headerFooter.oddHeader).toBe('&C&"-,Bold"Reservas && pagos');
      expect(printed.headerFooter.oddFooter).toBe('&CPágina &P de &N');
    }
  });

  it('keeps a long title within the 255 characters a page header holds', async () => {
    const [printed] = (await roundTrip(testRequest({ title: 'Ventas & pagos '.repeat(30) }))).worksheets;
    expect(printed!.headerFooter.oddHeader!.length).toBeLessThanOrEqual(255);
    expect(printed!.headerFooter.oddHeader).toMatch(/^&C&"-,Bold"Ventas && pagos Ventas && pagos .*…$/);
  });
});

/** A value as rows bring it: text of any kind (formulas, blanks, controls, XML), numbers, numeric text, dates, flags, null. */
const anyValue = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('=1+1', '+A1', '-2', '@x', ' a ', '<b>&"', 'línea\ncon salto', 'checked_in', 'confirmed', ''),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
  fc.integer().map(String),
  fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.boolean(),
  fc.constant(null),
);

/**
 * The sheets as a user sees them, where an empty text cell and no cell are alike: a text made only of characters XML
 * cannot hold (NUL, most controls) is dropped by both writers, but exceljs keeps an empty string cell where ours
 * writes none.
 */
const shown = (workbook: ExcelJS.Workbook) =>
  workbookFacts(workbook).map((sheet) => ({
    ...sheet,
    rows: sheet.rows.map((row) => row.map((cell) => (cell.type === 'String' && cell.value === '' ? { ...cell, type: 'Null', value: null } : cell))),
  }));

describe('buildXlsx against exceljs\'s workbook', () => {
  it('is exceljs\'s file of the same request sheet by sheet, for any formats, values and totals', async () => {
    const formats = fc.constantFrom(...formatNames);
    const columns = fc.array(fc.tuple(formats, fc.constantFrom(undefined, 'sum', 'avg', 'min', 'max', 'count')), { minLength: 1, maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(columns, fc.array(fc.array(anyValue, { minLength: 6, maxLength: 6 }), { maxLength: 30 }), fc.boolean(), async (shape, values, totals) => {
        const request = testRequest({
          totals,
          columns: shape.map(([format, total], c) => column({ field: `f${c}`, header: `=C${c}`, format, ...(total && { total }) })),
          rows: values.map((row) => Object.fromEntries(row.map((value, c) => [`f${c}`, value]))),
        });
        expect(shown(await roundTrip(request))).toEqual(shown(await readWorkbook(await referenceXlsx(request))));
      }),
      { numRuns: 40 },
    );
  });

  it('is exceljs\'s file past many pieces of rows: every row numbered and in order, the totals after the last', async () => {
    const rows = Array.from({ length: 1_234 }, (_, i) => ({ ref: `B-${i}`, wayContactName: i % 7 === 0 ? '' : `c${i}`, dateStart: '2026-11-03', total: i / 4, balance: -i, status: 'confirmed', place: { name: `R${i % 13}` } }));
    const request = testRequest({ rows });
    const [sheet] = workbookFacts(await roundTrip(request));
    expect(sheet!.rows).toHaveLength(1 + rows.length + 1);
    expect(sheet!.rows[1_234]![0]!.value).toBe('B-1233');
    expect(sheet!.rows[1_235]![3]!.value).toBeCloseTo(rows.reduce((sum, row) => sum + row.total, 0), 6);
    expect(sheet!.autoFilter).toBe('A1:H1235');
    expect(workbookFacts(await roundTrip(request))).toEqual(workbookFacts(await readWorkbook(await referenceXlsx(request))));
  });
});

describe('buildXlsx past the rows a sheet holds', () => {
  const rows = (count: number) => Array.from({ length: count }, (_, i) => ({ ref: `B-${i + 1}`, total: 10 * (i + 1) }));
  const filtros = (workbook: ExcelJS.Workbook) => workbook.getWorksheet('Filtros')!.getSheetValues().slice(1).map((row) => (Array.isArray(row) ? row.slice(1) : row));

  it('writes every row that fits, with no note, when they all fit with the header and the totals', async () => {
    const book = await readWorkbook(await buildXlsx(testRequest({ rows: rows(3) }), 5));
    expect(book.worksheets[0]!.rowCount).toBe(5);
    expect(filtros(book).flat()).not.toContain('Filas');
  });

  it('keeps the first rows that fit, totals them, and says so on Filtros', async () => {
    const book = await readWorkbook(await buildXlsx(testRequest({ rows: rows(7) }), 5));
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value)).toEqual(['B-1', 'B-2', 'B-3']);
    expect(sheet.getRow(5).getCell(1).value).toBe('Total');
    expect(sheet.getRow(5).getCell(4).value).toBe(60);
    expect(sheet.autoFilter).toBe('A1:H4');
    expect(filtros(book).at(-1)).toEqual(['Filas', 'Solo las primeras 3: una hoja de Excel no admite más. Los totales son de esas filas; el CSV las trae todas.']);
  });

  it('without a totals row, keeps one row more', async () => {
    const sheet = (await readWorkbook(await buildXlsx(testRequest({ rows: rows(7), totals: false }), 5))).worksheets[0]!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(5).getCell(1).value).toBe('B-4');
  });
});
