import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import type { FormatName } from '../../schema/registries.ts';
import { cellValue, formatValue } from '../format.ts';
import { texts } from '../texts.ts';
import { totalFormat, totalsAccumulator } from './columnTotals.ts';
import { columnReader } from '../table/cellValues.ts';
import { exportedColumns } from './exportedColumns.ts';
import { escapeFormula } from './escapeFormula.ts';
import type { ExportDescription, ExportRequest } from './exportDescription.ts';
import { memoizeByValue } from './memoizeByValue.ts';

const separator = ';';
/** Ends every CSV line, the last one too. */
export const csvLineEnd = '\r\n';
/** Starts the file, so spreadsheets read it as UTF-8. */
export const csvBom = '\uFEFF';

const numberTexts = new Map<string, Intl.NumberFormat>();

/** A number as a Spanish-locale spreadsheet reads it: comma decimal, no grouping, the decimals of its cell format. */
export function csvNumber(value: number, numFmt: string): string {
  let format = numberTexts.get(numFmt);
  if (!format) {
    const decimals = numFmt.split('.')[1] ?? '';
    const minimumFractionDigits = decimals.replace(/[^0]/g, '').length;
    const maximumFractionDigits = decimals.replace(/[^0#]/g, '').length;
    format = new Intl.NumberFormat('en-US', { useGrouping: false, minimumFractionDigits, maximumFractionDigits, signDisplay: 'negative' });
    numberTexts.set(numFmt, format);
  }
  return format.format(value).replace('.', ',');
}

/** Quotes a field per RFC 4180 when it holds the separator, a quote or a line break. */
export function csvField(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One cell's CSV text: numbers with a decimal comma, dates as shown, text escaped against formulas. */
function cellText(format: FormatName | undefined, raw: unknown): string {
  const cell = cellValue(format, raw);
  if (cell.type === 'number') return csvNumber(cell.value, cell.numFmt);
  if (cell.type === 'date') return formatValue(format, raw);
  return csvField(escapeFormula(cell.value));
}

/** The CSV lines of a table a row at a time (the server streams them): header, one line per row, the totals line. */
export interface CsvWriter {
  header: string;
  line(row: unknown): string;
  /** The totals line, or undefined when the table shows none. */
  totals(): string | undefined;
}

export function csvWriter(description: ExportDescription): CsvWriter {
  const columns: ColumnDefinition[] = exportedColumns(description.columns);
  const readers = columns.map((column) => columnReader(column));
  const writers = columns.map((column) => memoizeByValue((raw) => cellText(column.format, raw)));
  const totals = description.totals && columns.some((column) => column.total !== undefined) ? totalsAccumulator(columns) : undefined;
  return {
    header: columns.map((column) => csvField(escapeFormula(column.header))).join(separator),
    line(row) {
      totals?.add(row);
      let line = '';
      for (let c = 0; c < columns.length; c += 1) line += (c === 0 ? '' : separator) + writers[c]!(readers[c]!(row));
      return line;
    },
    totals() {
      if (!totals) return undefined;
      const values = totals.values();
      const fields = values.map((total, c) => (total === undefined ? '' : cellText(totalFormat(columns[c]!), total)));
      if (values[0] === undefined) fields[0] = texts.table.total;
      return fields.join(separator);
    },
  };
}

/** The CSV text of a table (UTF-8 with a BOM, `;` between fields, CRLF), with its totals line last. */
export function buildCsv(request: ExportRequest): string {
  const writer = csvWriter(request);
  const lines = [writer.header];
  for (const row of request.rows) lines.push(writer.line(row));
  const totals = writer.totals();
  if (totals !== undefined) lines.push(totals);
  return csvBom + lines.join(csvLineEnd) + csvLineEnd;
}
