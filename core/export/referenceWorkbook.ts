import ExcelJS from 'exceljs';
import type { CellValue } from '../format.ts';
import { texts } from '../texts.ts';
import { dataSheetPlan, filtersSheetLines, filtersSheetWidths } from './buildWorkbook.ts';
import type { ExportDescription, ExportRequest } from './exportDescription.ts';
import { xlsxDeflateLevel } from './xlsxZip.ts';

// The file of a table as exceljs's workbook in memory writes it: what the browser built before both writers wrote the
// file's XML themselves (xlsxFile.ts). The tests and the bench keep it as the reference both files are read against
// (values, types, number formats, bold, frozen row, autofilter, widths, totals, Filtros) and timed against.

type Cell = ExcelJS.Cell;
type Style = Partial<ExcelJS.Style>;

/**
 * Cell styles shared by reference: exceljs then resolves each style once instead of once per cell
 * (a 100,000-row file). Shared objects are never mutated; bold cells get their own.
 */
class Styles {
  readonly plain: Style = {};
  readonly bold: Style = { font: { bold: true } };
  private readonly byFormat = new Map<string, Style>();

  number(numFmt: string): Style {
    let style = this.byFormat.get(numFmt);
    if (!style) this.byFormat.set(numFmt, (style = { numFmt }));
    return style;
  }
}

/** Writes a typed value (its text already escaped by the plan): numbers and dates stay typed with their number format. */
function writeCell(cell: Cell, value: CellValue, style: Style): void {
  cell.style = style;
  cell.value = value.type === 'text' ? (value.value === '' ? null : value.value) : value.value;
}

const cellStyle = (styles: Styles, value: CellValue) => (value.type === 'text' ? styles.plain : styles.number(value.numFmt));

const boldCellStyle = (value: CellValue): Style =>
  value.type === 'text' ? { font: { bold: true } } : { numFmt: value.numFmt, font: { bold: true } };

/** Ends a sheet of exceljs's streaming writer (a workbook in memory has nothing to end). */
function commitSheet(sheet: ExcelJS.Worksheet): void {
  (sheet as Partial<Pick<ExcelJS.Worksheet, 'commit'>>).commit?.();
}

/** Adds rows to the data sheet one at a time (a streamed sheet writes each as it comes), then closes it. */
interface DataSheetWriter {
  add(row: unknown): void;
  /** The autofilter over the rows written and the totals row; returns the count of rows written. */
  finish(): number;
}

/**
 * The rows sheet of a table in exceljs's workbook in memory: bold frozen header, typed cells,
 * autofilter, totals. `sampleRows` (the first rows) set the column widths.
 */
function startDataSheet(workbook: ExcelJS.Workbook, description: ExportDescription, sampleRows: readonly unknown[]): DataSheetWriter {
  const plan = dataSheetPlan(description, sampleRows);
  const sheet = workbook.addWorksheet(plan.name, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  sheet.columns = plan.widths.map((width) => ({ width }));
  const styles = new Styles();
  const header = sheet.getRow(1);
  plan.header.forEach((text, c) => writeCell(header.getCell(c + 1), { type: 'text', value: text }, styles.bold));
  header.commit();
  let written = 0;
  return {
    add(row) {
      const sheetRow = sheet.getRow(written + 2);
      plan.cells(row).forEach((value, c) => writeCell(sheetRow.getCell(c + 1), value, cellStyle(styles, value)));
      sheetRow.commit();
      written += 1;
    },
    finish() {
      const lastDataRow = Math.max(1, written + 1);
      if (plan.header.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: lastDataRow, column: plan.header.length } };
      const totals = plan.totals();
      if (totals) {
        const totalsRow = sheet.getRow(lastDataRow + 1);
        totals.forEach((value, c) => value && writeCell(totalsRow.getCell(c + 1), value, boldCellStyle(value)));
        totalsRow.commit();
      }
      commitSheet(sheet);
      return written;
    },
  };
}

/** The "Filtros" sheet in exceljs. */
function addFiltersSheet(workbook: ExcelJS.Workbook, description: ExportDescription): void {
  const sheet = workbook.addWorksheet(texts.export.filtersSheet);
  filtersSheetWidths.forEach((width, c) => (sheet.getColumn(c + 1).width = width));
  for (const cells of filtersSheetLines(description)) {
    const row = sheet.addRow(cells);
    if (cells.length > 0) row.getCell(1).font = { bold: true };
    row.commit();
  }
  commitSheet(sheet);
}

/** The workbook of a table: the rows sheet, then the "Filtros" sheet. */
export function buildWorkbook(request: ExportRequest): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = request.generatedBy;
  workbook.created = request.generatedAt;
  const sheet = startDataSheet(workbook, request, request.rows);
  for (const row of request.rows) sheet.add(row);
  sheet.finish();
  addFiltersSheet(workbook, request);
  return workbook;
}


/** The bytes of exceljs's .xlsx file of a table. */
export async function referenceXlsx(request: ExportRequest): Promise<Uint8Array<ArrayBuffer>> {
  const zip = { compression: 'DEFLATE', compressionOptions: { level: xlsxDeflateLevel } } as const;
  const buffer = await buildWorkbook(request).xlsx.writeBuffer({ zip });
  return new Uint8Array(buffer);
}
