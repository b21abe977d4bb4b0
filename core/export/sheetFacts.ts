import ExcelJS from 'exceljs';

// What a user sees of an .xlsx file, read back with exceljs's reader: the tests compare the browser's and the server's
// files with exceljs's own (referenceWorkbook.ts) sheet by sheet through it.

/** Reads an .xlsx file's bytes as Excel would open them. */
export async function readWorkbook(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

const typeNames = new Map(Object.entries(ExcelJS.ValueType).map(([name, type]) => [type, name]));

/** One cell as a user reads it: its value (dates as ISO text), its type, number format and boldness. */
function cellFacts(cell: ExcelJS.Cell) {
  const value = cell.value instanceof Date ? cell.value.toISOString() : cell.value;
  return { value, type: typeNames.get(cell.type), numFmt: cell.numFmt, bold: cell.font?.bold === true };
}

/** A sheet as a user sees it: name, frozen rows, autofilter, column count and widths, every cell of every row. */
export function sheetFacts(sheet: ExcelJS.Worksheet) {
  const columns = sheet.columnCount;
  const rows = [];
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells = [];
    for (let c = 1; c <= columns; c += 1) cells.push(cellFacts(row.getCell(c)));
    rows.push(cells);
  }
  const view = sheet.views?.[0];
  return {
    name: sheet.name,
    frozenRows: view?.state === 'frozen' ? view.ySplit : 0,
    autoFilter: sheet.autoFilter,
    columns,
    widths: sheet.columns?.map((column) => column.width) ?? [],
    rows,
  };
}

/** Every sheet of a workbook, in order. */
export const workbookFacts = (workbook: ExcelJS.Workbook) => workbook.worksheets.map(sheetFacts);
