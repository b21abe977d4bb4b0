import ExcelJS from 'exceljs';
import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import { cellValue, formatDataAsOf, formatValue, type CellValue } from '../core/format.ts';
import { texts } from '../texts.ts';
import { totalFormat, totalsAccumulator } from './columnTotals.ts';
import { columnReader } from '../table/cellValues.ts';
import { exportedColumns } from './exportedColumns.ts';
import { escapeFormula } from './escapeFormula.ts';
import type { ExportDescription, ExportRequest } from './exportTable.ts';
import { memoizeByValue } from './memoizeByValue.ts';
import { filterLines, generatedAtText } from './reportHeader.ts';

/** Rows whose text sets the column widths: the browser reads them from its rows, the server holds them back before writing. */
export const widthSampleRows = 500;
// exceljs leaves out a column of width exactly 9 (its default), so widths start above it.
const minWidth = 10;
const maxWidth = 60;

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

/** Column width in characters from the header and the text of the first rows, as a user reads them. */
function columnWidth(column: ColumnDefinition, rows: readonly unknown[]): number {
  const read = columnReader(column);
  let widest = column.header.length;
  const n = Math.min(rows.length, widthSampleRows);
  for (let i = 0; i < n; i += 1) {
    const shown = formatValue(column.format, read(rows[i])).length;
    if (shown > widest) widest = shown;
  }
  return Math.min(maxWidth, Math.max(minWidth, widest + 2));
}

/** A title Excel accepts as a sheet name: 31 characters, none of \\ / ? * [ ] :, not "Filtros". */
function sheetName(title: string): string {
  const name = title.replace(/[\\/?*[\]:]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31).trim();
  return name === '' || name.toLowerCase() === texts.export.filtersSheet.toLowerCase() ? texts.export.report : name;
}

/** A text cell as a file holds it: escaped against formulas (an empty text is an empty cell). */
const escapedText = (value: CellValue): CellValue => (value.type === 'text' && value.value !== '' ? { type: 'text', value: escapeFormula(value.value) } : value);

/**
 * What the rows sheet holds, whichever writer writes it (exceljs in the browser, the server's streaming writer): its
 * name, column widths, header, each row's typed cells and the totals row. Text cells come escaped against formulas;
 * an empty text is an empty cell.
 */
export interface DataSheetPlan {
  name: string;
  /** Column widths in characters; the header row is bold and frozen, the autofilter spans the header and the rows. */
  widths: number[];
  header: string[];
  /** One row's cells, one per exported column; also adds the row to the totals. */
  cells(row: unknown): CellValue[];
  /** The bold totals row (undefined where a column has none), or undefined when the file has no totals row. */
  totals(): Array<CellValue | undefined> | undefined;
}

/** The rows sheet of a table; `sampleRows` (the first rows) set the column widths. */
export function dataSheetPlan(description: ExportDescription, sampleRows: readonly unknown[]): DataSheetPlan {
  const columns = exportedColumns(description.columns);
  const readers = columns.map((column) => columnReader(column));
  const toCells = columns.map((column) => memoizeByValue((raw) => escapedText(cellValue(column.format, raw))));
  const totals = description.totals && columns.some((column) => column.total !== undefined) ? totalsAccumulator(columns) : undefined;
  return {
    name: sheetName(description.title),
    widths: columns.map((column) => columnWidth(column, sampleRows)),
    header: columns.map((column) => escapeFormula(column.header)),
    cells(row) {
      const cells = new Array<CellValue>(columns.length);
      for (let c = 0; c < columns.length; c += 1) cells[c] = toCells[c]!(readers[c]!(row));
      totals?.add(row);
      return cells;
    },
    totals() {
      if (!totals) return undefined;
      const values = totals.values();
      const cells = values.map((total, c) => (total === undefined ? undefined : escapedText(cellValue(totalFormat(columns[c]!), total))));
      if (values[0] === undefined) cells[0] = { type: 'text', value: texts.table.total };
      return cells;
    },
  };
}

/** Ends a sheet of exceljs's streaming writer (a workbook in memory has nothing to end). */
function commitSheet(sheet: ExcelJS.Worksheet): void {
  (sheet as Partial<Pick<ExcelJS.Worksheet, 'commit'>>).commit?.();
}

/** Adds rows to the data sheet one at a time (a streamed sheet writes each as it comes), then closes it. */
export interface DataSheetWriter {
  add(row: unknown): void;
  /** The autofilter over the rows written and the totals row; returns the count of rows written. */
  finish(): number;
}

/**
 * The rows sheet of a table in exceljs (the browser's workbook in memory): bold frozen header, typed cells,
 * autofilter, totals. `sampleRows` (the first rows) set the column widths.
 */
export function startDataSheet(workbook: ExcelJS.Workbook, description: ExportDescription, sampleRows: readonly unknown[]): DataSheetWriter {
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

/** The "Filtros" sheet's column widths. */
export const filtersSheetWidths = [24, 60];

/**
 * The "Filtros" sheet's lines, escaped against formulas: title, applied filters and search, when the data was read,
 * when and by whom the file was made. An empty line is []; the first cell of a line is bold.
 */
export function filtersSheetLines(description: ExportDescription): string[][] {
  const lines: string[][] = [];
  const line = (label?: string, value?: string) =>
    lines.push(label === undefined ? [] : [escapeFormula(label), ...(value === undefined ? [] : [escapeFormula(value)])]);
  line(texts.export.report, description.title);
  line();
  line(texts.export.appliedFilters);
  for (const { label, value } of filterLines(description)) line(label, value);
  line();
  if (description.dataAsOf) line(formatDataAsOf(description.dataAsOf));
  line(texts.export.generatedAt, generatedAtText(description.generatedAt));
  line(texts.export.generatedBy, description.generatedBy);
  return lines;
}

/** The "Filtros" sheet in exceljs. */
export function addFiltersSheet(workbook: ExcelJS.Workbook, description: ExportDescription): void {
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

// The fastest deflate level: a 100,000-row file compresses in a fraction of the time, still small.
export const deflateLevel = 1;

/** The bytes of the .xlsx file of a table. */
export async function buildXlsx(request: ExportRequest): Promise<Uint8Array<ArrayBuffer>> {
  const zip = { compression: 'DEFLATE', compressionOptions: { level: deflateLevel } } as const;
  const buffer = await buildWorkbook(request).xlsx.writeBuffer({ zip });
  return new Uint8Array(buffer);
}
