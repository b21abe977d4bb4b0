import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx } from './buildWorkbook.ts';
import type { ExportRequest } from './exportTable.ts';
import { testRequest } from './testRequest.ts';

/** Writes the file and reads it back, as Excel would open it. */
async function roundTrip(request: ExportRequest): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await buildXlsx(request)).buffer);
  return workbook;
}

const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

const workbook = await roundTrip(testRequest());
const sheet = workbook.worksheets[0]!;

describe('buildXlsx', () => {
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

  it('never lets a text cell become a formula', () => {
    const cell = sheet.getCell('B3');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe("'=SUM(A1)");
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

  it('escapes formulas on the Filtros sheet too', async () => {
    const book = await roundTrip(testRequest({ filters: [], search: '=HYPERLINK("x")', title: 'Filtros' }));
    expect(book.worksheets.map((s) => s.name)).toEqual(['Reporte', 'Filtros']);
    expect(book.getWorksheet('Filtros')!.getSheetValues().flat()).toContain('\'=HYPERLINK("x")');
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
