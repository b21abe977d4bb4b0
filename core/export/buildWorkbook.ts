import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import { cellValue, formatDataAsOf, formatValue, type CellValue } from '../format.ts';
import { defaultTimeZone } from '../timeZone.ts';
import { texts } from '../texts.ts';
import { totalFormat, totalsAccumulator } from './columnTotals.ts';
import { columnReader } from '../table/cellValues.ts';
import { exportedColumns } from './exportedColumns.ts';
import type { ExportDescription } from './exportDescription.ts';
import { memoizeByValue } from './memoizeByValue.ts';
import { filterLines, generatedAtText } from './reportHeader.ts';
import { sheetName } from './sheetName.ts';

/** Rows whose text sets the column widths: the browser reads them from its rows, the server holds them back before writing. */
export const widthSampleRows = 500;
// exceljs leaves out a column of width exactly 9 (its default), so widths start above it.
const minWidth = 10;
const maxWidth = 60;

/**
 * Column widths in characters from the header and the text of the first rows, as a user reads them, fed a row at a
 * time (the server reads its first rows in slices, so slow computed columns never hold the event loop for long).
 */
export function columnWidthGauge(columns: readonly ColumnDefinition[]) {
  const readers = columns.map((column) => columnReader(column));
  const widest = columns.map((column) => column.header.length);
  let seen = 0;
  return {
    add(row: unknown): void {
      if (seen >= widthSampleRows) return;
      seen += 1;
      for (let c = 0; c < columns.length; c += 1) {
        const shown = formatValue(columns[c]!.format, readers[c]!(row)).length;
        if (shown > widest[c]!) widest[c] = shown;
      }
    },
    widths: (): number[] => widest.map((width) => Math.min(maxWidth, Math.max(minWidth, width + 2))),
  };
}

function sampleWidths(columns: readonly ColumnDefinition[], rows: readonly unknown[]): number[] {
  const gauge = columnWidthGauge(columns);
  for (const row of rows) gauge.add(row);
  return gauge.widths();
}


/**
 * What the rows sheet holds, whichever writer writes it (xlsxFile.ts in the browser and on the server, exceljs's in the
 * tests' reference workbook): its
 * name, column widths, header, each row's typed cells and the totals row. Text cells are the text as read (an .xlsx
 * string cell is never a formula, so no apostrophe: that escaping is CSV's); an empty text is an empty cell.
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

/** The rows sheet of a table; `sampleRows` (the first rows) set the column widths, unless `widths` (columnWidthGauge's) are given. */
export function dataSheetPlan(description: ExportDescription, sampleRows: readonly unknown[], widths?: number[]): DataSheetPlan {
  const columns = exportedColumns(description.columns);
  const readers = columns.map((column) => columnReader(column));
  const toCells = columns.map((column) => memoizeByValue((raw) => cellValue(column.format, raw)));
  const totals = description.totals && columns.some((column) => column.total !== undefined) ? totalsAccumulator(columns) : undefined;
  return {
    name: sheetName(description.title),
    widths: widths ?? sampleWidths(columns, sampleRows),
    header: columns.map((column) => column.header),
    cells(row) {
      const cells = new Array<CellValue>(columns.length);
      for (let c = 0; c < columns.length; c += 1) cells[c] = toCells[c]!(readers[c]!(row));
      totals?.add(row);
      return cells;
    },
    totals() {
      if (!totals) return undefined;
      const values = totals.values();
      const cells = values.map((total, c) => (total === undefined ? undefined : cellValue(totalFormat(columns[c]!), total)));
      if (values[0] === undefined) cells[0] = { type: 'text', value: texts.table.total };
      return cells;
    },
  };
}

/** The "Filtros" sheet's column widths. */
export const filtersSheetWidths = [24, 60];

/**
 * The "Filtros" sheet's lines as read (string cells, never formulas): title, applied filters and search, when the data was read,
 * when and by whom the file was made. An empty line is []; the first cell of a line is bold.
 */
export function filtersSheetLines(description: ExportDescription): string[][] {
  const lines: string[][] = [];
  const line = (label?: string, value?: string) =>
    lines.push(label === undefined ? [] : [label, ...(value === undefined ? [] : [value])]);
  line(texts.export.report, description.title);
  line();
  line(texts.export.appliedFilters);
  for (const { label, value } of filterLines(description)) line(label, value);
  line();
  const zone = description.timeZone ?? defaultTimeZone;
  if (description.dataAsOf) line(formatDataAsOf(description.dataAsOf, zone));
  line(texts.export.generatedAt, generatedAtText(description.generatedAt, zone));
  line(texts.export.generatedBy, description.generatedBy);
  return lines;
}

