import type { CellValue } from '../format.ts';
import { texts } from '../texts.ts';
import { dataSheetPlan, filtersSheetLines, filtersSheetWidths, widthSampleRows } from './buildWorkbook.ts';
import type { ExportDescription, ExportRequest } from './exportDescription.ts';
import { distinctTitle } from './sheetName.ts';
import { cellXml, columnLetters, packageParts, printsLandscape, rowXml, sheetEnd, sheetStart, StyleSheet } from './xlsxParts.ts';
import { zipHere, type XlsxZip } from './xlsxZip.ts';

/**
 * Rows whose XML is gathered before it is handed to the zip (the server also looks at its back-pressure then). A
 * piece of text built by `+=` is a tree of pieces until it is encoded, and a larger one outlives more of the young
 * generation's collections: 100 rows against 500, alternated in Node, the server's 1,048,575 rows of Reservas took
 * 7.6–8.2 s against 13.1–14.5 s and the browser's 103,640 of Seguimiento (57 columns) 8.7–10.1 s against 12.2–12.9 s.
 */
export const rowsPerXmlPiece = 100;

/** Rows a worksheet holds, the header and a totals row included (Excel's limit). */
export const sheetRowLimit = 1_048_576;

/** One part of the package, whole. */
export interface XlsxPart {
  name: string;
  xml: string;
}

/**
 * The parts of one .xlsx file, whichever writer zips them (the browser's worker below, the server's stream in
 * server/export/xlsxStreamWriter.ts), in the order they are zipped: the package's parts, the rows sheet as its rows
 * come, then the Filtros sheet and the styles the cells asked for. The sheets, columns, cells and totals are those of
 * `dataSheetPlan` and `filtersSheetLines` (buildWorkbook.ts). A sheet holds `sheetRowLimit` rows: past them `full`
 * says so, the writer stops reading rows, and Filtros says the file holds only the first ones.
 */
export interface XlsxFileParts {
  /** The package's parts but the sheets and styles. */
  readonly leading: readonly XlsxPart[];
  /** The rows sheet's part name. */
  readonly rowsSheet: string;
  /** The rows sheet up to its first data row: column widths, the frozen bold header. */
  readonly rowsSheetStart: string;
  /** One data row's XML, numbered as it comes (and counted in the totals); only while not `full`. */
  row(row: unknown): string;
  /** Rows written so far. */
  readonly written: number;
  /** The rows sheet has no room for another data row (and its totals row). */
  readonly full: boolean;
  /**
   * The rows sheet after its last row: the bold totals row, the autofilter over the header and the rows, the page setup
   * (landscape when the columns are wider than a portrait page; the header row on every page).
   */
  rowsSheetEnd(): string;
  /** The Filtros sheet; `cut`: rows were left out (the sheet was full and more came); `note`: another reason the file ends early. */
  filtersSheet(cut: boolean, note?: string): XlsxPart;
  /** The styles part: last, since it holds the styles the cells asked for. */
  styles(): XlsxPart;
}

/**
 * The file's parts; `sampleRows` (the first rows, at most widthSampleRows) set the column widths, unless `widths` are
 * given (columnWidthGauge's over them). `rowLimit`: rows a sheet holds (Excel's; the tests give fewer).
 */
export function xlsxFileParts(description: ExportDescription, sampleRows: readonly unknown[], rowLimit = sheetRowLimit, widths?: number[]): XlsxFileParts {
  const plan = dataSheetPlan(description, sampleRows, widths);
  const letters = plan.header.map((_, c) => columnLetters(c));
  const styles = new StyleSheet();
  const plainXml = (value: CellValue) => cellXml(value, styles, false);
  const boldXml = (value: CellValue) => cellXml(value, styles, true);
  // The header, and the totals row when there is one.
  const dataRows = rowLimit - 1 - (plan.totals() ? 1 : 0);
  let written = 0;
  return {
    leading: packageParts([plan.name, texts.export.filtersSheet], description.generatedBy, description.generatedAt, [0]),
    rowsSheet: 'xl/worksheets/sheet1.xml',
    rowsSheetStart: sheetStart(plan.widths, true) + rowXml(1, plan.header.map((text): CellValue => ({ type: 'text', value: text })), letters, boldXml),
    row(row) {
      written += 1;
      return rowXml(written + 1, plan.cells(row), letters, plainXml);
    },
    get written() {
      return written;
    },
    get full() {
      return written >= dataRows;
    },
    rowsSheetEnd() {
      const lastDataRow = Math.max(1, written + 1);
      const totals = plan.totals();
      const autoFilter = letters.length > 0 ? `A1:${letters[letters.length - 1]}${lastDataRow}` : undefined;
      const print = { title: distinctTitle(description.title), landscape: printsLandscape(plan.widths) };
      return (totals ? rowXml(lastDataRow + 1, totals, letters, boldXml) : '') + sheetEnd(autoFilter, print);
    },
    filtersSheet: (cut, note) => ({ name: 'xl/worksheets/sheet2.xml', xml: filtersSheetXml(description, styles, cut ? dataRows : undefined, note) }),
    styles: () => ({ name: 'xl/styles.xml', xml: styles.xml() }),
  };
}

/**
 * The "Filtros" sheet: each line's first cell bold; with `cutAt`, a last line saying only that many rows are in the
 * file; with `note`, a last line saying why the file ends before its rows do.
 */
function filtersSheetXml(description: ExportDescription, styles: StyleSheet, cutAt: number | undefined, note: string | undefined): string {
  const letters = filtersSheetWidths.map((_, c) => columnLetters(c));
  const lines = filtersSheetLines(description);
  if (note !== undefined) lines.push([], [texts.export.cutRows, note]);
  else if (cutAt !== undefined) lines.push([], [texts.export.cutRows, texts.export.cutRowsNote(cutAt.toLocaleString('en-US'))]);
  const rows = lines.map((line, i) =>
    line.length === 0
      ? ''
      : rowXml(
          i + 1,
          line.map((text): CellValue => ({ type: 'text', value: text })),
          letters,
          (value, c) => cellXml(value, styles, c === 0),
          true,
        ),
  );
  return sheetStart(filtersSheetWidths, false) + rows.join('') + sheetEnd(undefined, { title: distinctTitle(description.title), landscape: false });
}

/**
 * The bytes of the .xlsx file of a table whose rows are in hand (the browser's export, in its worker): the parts
 * above zipped as the rows' XML is made, the same file as the server's stream. `zip` deflates them: on this thread by
 * default; in the browser, in a second worker beside the export's (exportTable.ts). Before, the browser built exceljs's
 * workbook in memory and wrote it (`referenceWorkbook.ts`, kept as the tests' reference): a cell object, its style
 * and its XML per cell, 5–6 million cells for Seguimiento's 100,000 bookings over four years.
 */
export async function buildXlsx(request: ExportRequest, rowLimit = sheetRowLimit, zip: XlsxZip = zipHere()): Promise<Uint8Array<ArrayBuffer>> {
  try {
    const parts = xlsxFileParts(request, request.rows.slice(0, widthSampleRows), rowLimit);
    const encoder = new TextEncoder();
    const whole = async ({ name, xml }: XlsxPart) => {
      zip.file(name);
      await zip.push(encoder.encode(xml), true);
    };
    for (const part of parts.leading) await whole(part);
    zip.file(parts.rowsSheet);
    let xml = parts.rowsSheetStart;
    for (const row of request.rows) {
      if (parts.full) break;
      xml += parts.row(row);
      if (parts.written % rowsPerXmlPiece === 0) {
        const wait = zip.push(encoder.encode(xml), false);
        xml = '';
        if (wait) await wait;
      }
    }
    await zip.push(encoder.encode(xml + parts.rowsSheetEnd()), true);
    await whole(parts.filtersSheet(parts.written < request.rows.length));
    await whole(parts.styles());
    return await zip.end();
  } catch (error) {
    zip.abort();
    throw error;
  }
}
