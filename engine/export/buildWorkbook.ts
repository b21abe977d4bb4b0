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

/** Writes a typed value: numbers and dates stay typed with their number format, text is escaped. */
function writeCell(cell: Cell, value: CellValue, style: Style): void {
  cell.style = style;
  cell.value = value.type === 'text' ? (value.value === '' ? null : escapeFormula(value.value)) : value.value;
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
 * The rows sheet of a table, the same in the browser (a workbook in memory) and on the server (exceljs's
 * streaming writer, whose rows are committed as they are written): bold frozen header, typed cells,
 * autofilter, totals. `sampleRows` (the first rows) set the column widths.
 */
export function startDataSheet(workbook: ExcelJS.Workbook, description: ExportDescription, sampleRows: readonly unknown[]): DataSheetWriter {
  const columns = exportedColumns(description.columns);
  const sheet = workbook.addWorksheet(sheetName(description.title), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({ width: columnWidth(column, sampleRows) }));
  const styles = new Styles();
  const header = sheet.getRow(1);
  columns.forEach((column, c) => writeCell(header.getCell(c + 1), { type: 'text', value: column.header }, styles.bold));
  header.commit();

  const readers = columns.map((column) => columnReader(column));
  const toCells = columns.map((column) => memoizeByValue((raw) => cellValue(column.format, raw)));
  const totals = description.totals && columns.some((column) => column.total !== undefined) ? totalsAccumulator(columns) : undefined;
  let written = 0;
  return {
    add(row) {
      const sheetRow = sheet.getRow(written + 2);
      for (let c = 0; c < columns.length; c += 1) {
        const value = toCells[c]!(readers[c]!(row));
        writeCell(sheetRow.getCell(c + 1), value, cellStyle(styles, value));
      }
      sheetRow.commit();
      totals?.add(row);
      written += 1;
    },
    finish() {
      const lastDataRow = Math.max(1, written + 1);
      if (columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: lastDataRow, column: columns.length } };
      if (totals) {
        const values = totals.values();
        const totalsRow = sheet.getRow(lastDataRow + 1);
        values.forEach((total, c) => {
          if (total === undefined) return;
          const value = cellValue(totalFormat(columns[c]!), total);
          writeCell(totalsRow.getCell(c + 1), value, boldCellStyle(value));
        });
        if (values[0] === undefined) writeCell(totalsRow.getCell(1), { type: 'text', value: texts.table.total }, styles.bold);
        totalsRow.commit();
      }
      commitSheet(sheet);
      return written;
    },
  };
}

/** The "Filtros" sheet: title, applied filters and search, when the data was read, when and by whom the file was made. */
export function addFiltersSheet(workbook: ExcelJS.Workbook, description: ExportDescription): void {
  const sheet = workbook.addWorksheet(texts.export.filtersSheet);
  sheet.getColumn(1).width = 24;
  sheet.getColumn(2).width = 60;
  const bold = { font: { bold: true } };
  const line = (label?: string, value?: string) => {
    const row = sheet.addRow(label === undefined ? [] : [escapeFormula(label), ...(value === undefined ? [] : [escapeFormula(value)])]);
    if (label !== undefined) row.getCell(1).font = bold.font;
    row.commit();
  };
  line(texts.export.report, description.title);
  line();
  line(texts.export.appliedFilters);
  for (const { label, value } of filterLines(description)) line(label, value);
  line();
  if (description.dataAsOf) line(formatDataAsOf(description.dataAsOf));
  line(texts.export.generatedAt, generatedAtText(description.generatedAt));
  line(texts.export.generatedBy, description.generatedBy);
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
