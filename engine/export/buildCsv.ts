import type { FormatName } from '../../schema/registries.ts';
import { cellValue, formatValue } from '../core/format.ts';
import { texts } from '../texts.ts';
import { columnTotals, totalFormat } from './columnTotals.ts';
import { columnValue } from '../table/cellValues.ts';
import { exportedColumns } from './exportedColumns.ts';
import { escapeFormula } from './escapeFormula.ts';
import type { ExportRequest } from './exportTable.ts';
import { memoizeByValue } from './memoizeByValue.ts';

const separator = ';';
const lineEnd = '\r\n';
const bom = '\uFEFF';

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

/** The CSV text of a table (UTF-8 with a BOM, `;` between fields, CRLF), with its totals line last. */
export function buildCsv(request: ExportRequest): string {
  const columns = exportedColumns(request.columns);
  const lines: string[] = [columns.map((column) => csvField(escapeFormula(column.header))).join(separator)];
  const writers = columns.map((column) => memoizeByValue((raw) => cellText(column.format, raw)));
  for (const row of request.rows) {
    let line = '';
    for (let c = 0; c < columns.length; c += 1) line += (c === 0 ? '' : separator) + writers[c]!(columnValue(columns[c]!, row));
    lines.push(line);
  }
  if (request.totals && columns.some((column) => column.total !== undefined)) {
    const totals = columnTotals(columns, request.rows);
    const fields = totals.map((total, c) => {
      if (total === undefined) return '';
      return cellText(totalFormat(columns[c]!), total);
    });
    if (totals[0] === undefined) fields[0] = texts.table.total;
    lines.push(fields.join(separator));
  }
  return bom + lines.join(lineEnd) + lineEnd;
}
