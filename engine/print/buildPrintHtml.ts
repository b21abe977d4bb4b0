import { formatDataAsOf, formatWhole } from '../../core/format.ts';
import { operatorTimeZone } from '../../core/timeZone.ts';
import { columnTotals, totalFormat } from '../../core/export/columnTotals.ts';
import { columnAlign, columnValue } from '../../core/table/cellValues.ts';
import { withMonthSums } from '../../core/table/monthTotals.ts';
import type { ExportRequest } from '../../core/export/exportDescription.ts';
import { memoizeByValue } from '../../core/export/memoizeByValue.ts';
import { widthSampleRows } from '../../core/export/buildWorkbook.ts';
import { printsLandscape } from '../../core/export/xlsxParts.ts';
import { filterLines, generatedAtText } from '../../core/export/reportHeader.ts';
import { texts } from '../texts.ts';

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML: markup in a value shows as text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEntities[c]!);
}

// Left is the stylesheet's default, so most cells of a long printout carry no class.
function cell(tag: 'th' | 'td', align: string, text: string): string {
  return `<${tag}${align === 'left' ? '' : ` class="align-${align}"`}>${escapeHtml(text)}</${tag}>`;
}

/** What is printed: a table's export request (with when its data was read). */
export type PrintRequest = ExportRequest;

function header(request: PrintRequest): string {
  const filters = filterLines(request)
    .map(({ label, value }) => `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`)
    .join('');
  return [
    `<header class="mirador-print-header">`,
    `<h1>${escapeHtml(request.title)}</h1>`,
    `<p class="mirador-print-meta">${escapeHtml(`${texts.print.printedAt} ${generatedAtText(request.generatedAt, request.timeZone ?? operatorTimeZone())}`)}`,
    ` · ${escapeHtml(`${texts.print.printedBy} ${request.generatedBy}`)}</p>`,
    request.dataAsOf === undefined ? '' : `<p class="mirador-print-meta mirador-print-data-as-of">${escapeHtml(formatDataAsOf(request.dataAsOf, request.timeZone ?? operatorTimeZone()))}</p>`,
    `<h2>${escapeHtml(texts.export.appliedFilters)}</h2>`,
    `<dl class="mirador-print-filters">${filters}</dl>`,
    `</header>`,
  ].join('');
}

/**
 * The formulas of the figures printed: the printed columns' (as their header and help state them), and the table's own
 * note or chart's help (named after the last part of the title, or "Nota"); the page's other cards, charts and tables
 * are not on paper.
 */
export function printedGlossary(request: ExportRequest): Array<{ label: string; text: string }> {
  const columnHelp = new Set(request.columns.flatMap((column) => (column.help ? [`${column.header}\n${column.help}`] : [])));
  const ownLabels = new Set([request.title.split(' - ').at(-1)!.trim(), texts.report.note]);
  return (request.glossary ?? []).filter(({ label, text }) => columnHelp.has(`${label}\n${text}`) || ownLabels.has(label));
}

/** The printed figures' formulas, so the paper says how each is computed. */
function glossary(request: ExportRequest): string {
  const entries = printedGlossary(request);
  if (entries.length === 0) return '';
  const items = entries.map(({ label, text }) => `<div><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(text)}</dd></div>`).join('');
  return `<section class="mirador-print-glossary"><h2>${escapeHtml(texts.print.formulas)}</h2><dl>${items}</dl></section>`;
}

/** Characters of each column's widest text (header, first rows), capped as the file's are: over a portrait page's, landscape. */
function columnWidths(request: PrintRequest): number[] {
  const sample = request.rows.slice(0, widthSampleRows);
  return request.columns.map((column) => {
    let widest = column.header.length;
    for (const row of sample) widest = Math.max(widest, formatWhole(column.format, columnValue(column, row)).length);
    return Math.min(60, widest + 2);
  });
}

function totalsRow(request: ExportRequest, aligns: string[]): string {
  if (!request.totals || !request.columns.some((column) => column.total !== undefined)) return '';
  const totals = columnTotals(request.columns, request.rows);
  const cells = totals.map((total, c) => {
    const column = request.columns[c]!;
    if (total !== undefined) return cell('td', aligns[c]!, formatWhole(totalFormat(column), total));
    return cell('td', aligns[c]!, c === 0 ? texts.table.total : '');
  });
  return `<tr class="mirador-print-total">${cells.join('')}</tr>`;
}

/**
 * The printed report: title, print date, when its data was read, applied filters, the printed figures' formulas, then
 * every row of the table with its header (repeated on each page by the print stylesheet) and the totals as the last
 * row; on landscape paper when the table is wide (print.css numbers the pages).
 */
export function buildPrintHtml(asked: PrintRequest): string {
  const request = withMonthSums(asked);
  const { columns } = request;
  const aligns = columns.map(columnAlign);
  const head = columns.map((column, c) => cell('th', aligns[c]!, column.header)).join('');
  // Paper has room for whole names: the screen's cuts are for narrow columns.
  const cells = columns.map((column, c) => memoizeByValue((raw) => cell('td', aligns[c]!, formatWhole(column.format, raw))));
  const body: string[] = [];
  for (const row of request.rows) {
    let tr = '<tr>';
    for (let c = 0; c < columns.length; c += 1) tr += cells[c]!(columnValue(columns[c]!, row));
    body.push(`${tr}</tr>`);
  }
  if (request.rows.length === 0) body.push(`<tr><td colspan="${columns.length}">${escapeHtml(texts.table.empty)}</td></tr>`);
  body.push(totalsRow(request, aligns));
  const page = printsLandscape(columnWidths(request)) ? 'mirador-print-page mirador-print-landscape' : 'mirador-print-page';
  return (
    `<div class="${page}">${header(request)}${glossary(request)}` +
    `<table class="mirador-print-table"><thead><tr>${head}</tr></thead><tbody>${body.join('')}</tbody></table></div>`
  );
}
