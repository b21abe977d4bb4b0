import type ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AggregateName } from '../schema/registries.ts';
import { formatValue, toNumber, toOperatorDay } from '../core/format.ts';
import { getPath } from '../core/paths.ts';
import { firstRouteParams, planExpandRequest, planRequest } from '../core/data/planRequest.ts';
import type { RequestSpec } from '../core/data/requestSpec.ts';
import { transformAnswer } from '../core/data/sourceTransform.ts';
import { readRows, rowsPath } from '../core/data/sourceRows.ts';
import { arrangeColumns, columnKeys, defaultTableState, tablePaging } from '../core/data/tableState.ts';
import { writeTableState } from '../core/report/urlState.ts';
import { escapeFormula } from '../core/export/escapeFormula.ts';
import { buildExportFile } from '../engine/export/exportFile.ts';
import { allTabsRows, dataTabs, tabColumn, tabField } from '../engine/export/allTabs.ts';
import { blockExportTitle, exportFileName, routeParamLabels } from '../core/export/exportTitle.ts';
import { exportedColumns } from '../core/export/exportedColumns.ts';
import { readWorkbook, sheetFacts } from '../core/export/sheetFacts.ts';
import { defaultFilterValues } from '../core/filters/defaults.ts';
import { describeFilters } from '../core/filters/describeFilters.ts';
import { columnReader, isBlank, readableText } from '../core/table/cellValues.ts';
import { exportRequest } from '../engine/table/exportRequest.ts';
import { lineField, type ExportLines } from '../core/table/exportLines.ts';
import { monthSummer, withMonthSums } from '../core/table/monthTotals.ts';
import type { ColumnLayout, ExportContext } from '../core/table/types.ts';
import { definitionFiles, loadDefinitionFile } from '../schema/loadDefinitionFiles.ts';
import { reportDefinitionSchema, type Block, type ColumnDefinition, type ReportDefinition, type SourceDefinition, type TableBlock } from '../schema/reportDefinition.ts';
import { startTestServer, testToday, type TestServer } from './support/testServer.ts';

// Every table of every definition, exported as the engine exports it from the test API's rows, read back and compared
// with what the screen shows of those rows: each cell as the screen formats it, signs kept, the footer's totals.
const definitions: ReportDefinition[] = await Promise.all(
  definitionFiles().map(async (file) => reportDefinitionSchema.parse(await loadDefinitionFile(file))),
);

interface TableAt {
  definition: ReportDefinition;
  block: TableBlock;
  path: number[];
  tabTitles: string[];
  /** A data tab's table: its rows are one element's (the server does not build its file). */
  dataTab?: { source: string; rows: string; title: string };
}

function tablesOf(definition: ReportDefinition): TableAt[] {
  const found: TableAt[] = [];
  const visit = (blocks: readonly Block[], prefix: number[], tabTitles: string[], dataTab?: TableAt['dataTab']) => {
    blocks.forEach((block, i) => {
      if (block.kind === 'table') found.push({ definition, block, path: [...prefix, i], tabTitles, ...(dataTab ? { dataTab } : {}) });
      if (block.kind !== 'tabs') return;
      block.tabs?.forEach((tab, t) => visit(tab.blocks, [...prefix, i, t], [...tabTitles, tab.title], dataTab));
      if (block.fromData) visit(block.fromData.blocks, [...prefix, i, 0], tabTitles, { source: block.fromData.source, rows: block.fromData.rows, title: block.fromData.title });
    });
  };
  visit(definition.blocks, [], []);
  return found;
}

const tables = definitions.flatMap(tablesOf);
const numberFormats = new Set(['number', 'decimal', 'integer', 'money', 'balance', 'percent', 'points', 'hours', 'minutes']);
const dateFormats = new Set(['date', 'dateTime']);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function answerOf(definition: ReportDefinition, sourceId: string, block: TableBlock, extra: Array<[string, string]> = [], withLines = false): Promise<unknown> {
  const filters = defaultFilterValues(definition, { today: testToday });
  const source = definition.sources[sourceId];
  const table = tablePaging(block, source) === 'server' ? defaultTableState(block) : undefined;
  const request = planRequest(definition, sourceId, { filters, routeParams: firstRouteParams(definition), block, table, allRows: block.export?.rows !== 'page', withLines });
  return answerAt(request, source!, extra);
}

/** The answer of a planned request (and `extra` params), after its source's transforms. */
async function answerAt(request: RequestSpec, source: SourceDefinition, extra: Array<[string, string]> = []): Promise<unknown> {
  const query = new URLSearchParams([...(request.query ?? []), ...extra].map(([k, v]) => [k, String(v)])).toString();
  const url = `${request.path}${query ? `?${query}` : ''}`;
  const res = await server.get(url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  // A transformed source's file holds its rows after its Vega-Lite transforms, as the screen shows them.
  return transformAnswer(res.json(), source);
}

/**
 * The rows the file is made of, as the screen's export reads them (engine/report/TableBlockView.tsx): with lines, the
 * whole answer (the source's `screenParams` left out).
 */
async function fileRows({ definition, block, dataTab }: TableAt, lines = block.export?.lines, extra: Array<[string, string]> = []): Promise<unknown[]> {
  if (dataTab) {
    const tabs = dataTabs(await answerOf(definition, dataTab.source, block, [], lines !== undefined), dataTab);
    // Every tab's rows with `export.allTabs`, else the first (open) tab's.
    return allTabsRows(block.export?.allTabs ? tabs : tabs.slice(0, 1), block.rows);
  }
  const sourceId = lines?.source ?? block.export?.source ?? block.source;
  const answer = await answerOf(definition, sourceId, block, extra, lines !== undefined);
  return readRows(answer, sourceId === block.source ? rowsPath(block, definition.sources[sourceId]) : rowsPath({}, definition.sources[sourceId]));
}

function contextOf({ definition, block, tabTitles, dataTab }: TableAt): ExportContext {
  const filters = defaultFilterValues(definition, { today: testToday });
  const routeLabels = routeParamLabels(definition, firstRouteParams(definition));
  const title = blockExportTitle(definition.title, tabTitles, block.title, routeLabels);
  return {
    title,
    fileName: exportFileName(block.export?.fileName, title, routeLabels),
    filters: describeFilters(definition, filters, testToday),
    fetchAllRows: () => Promise.reject(new Error('the test hands the rows over')),
    ...(dataTab && block.export?.allTabs ? { allTabs: { column: tabColumn(block.export.allTabs.header), rows: () => [] } } : {}),
  };
}

/** The footer's figure of a column over the rows the screen shows (engine/table/aggregations.ts's rules). */
function footerTotal(column: ColumnDefinition, aggregate: AggregateName, rows: readonly unknown[]): number | undefined {
  const read = columnReader(column);
  if (aggregate === 'count') return rows.filter((row) => !isBlank(read(row))).length;
  const asDate = dateFormats.has(column.format ?? '');
  const numbers = rows.map(read).map((value) => (asDate ? (toOperatorDay(value)?.valueOf() ?? Number.NaN) : toNumber(value))).filter(Number.isFinite);
  if (aggregate === 'sum') return numbers.reduce((a, b) => a + b, 0);
  if (numbers.length === 0) return undefined;
  if (aggregate === 'avg') return numbers.reduce((a, b) => a + b, 0) / numbers.length;
  return aggregate === 'min' ? Math.min(...numbers) : Math.max(...numbers);
}

/** A number cell as the screen formats the value (hours are stored as seconds, written as hours). */
const shownNumber = (format: ColumnDefinition['format'], value: number) => formatValue(format, format === 'hours' ? value * 3600 : value);
/** What the screen shows of a value, uncut, with an empty cell for none. */
const shownText = (format: ColumnDefinition['format'], raw: unknown) => {
  const text = readableText(format, raw);
  return isBlank(raw) || text === formatValue(format, null) ? '' : text;
};

/** RFC 4180 lines split at `;`, quotes undone. */
function parseCsv(text: string): string[][] {
  const lines: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') (field += '"'), (i += 1);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') fields.push(field), (field = '');
    else if (ch === '\r' && body[i + 1] === '\n') {
      fields.push(field), lines.push(fields), (fields = []), (field = ''), (i += 1);
    } else field += ch;
  }
  return lines;
}

const csvNumber = (text: string) => Number(text.replace(',', '.'));

/** What the screen shows: each row's cells and the footer; the screen's rows give the totals (a file with lines has more). */
interface Screen {
  columns: ColumnDefinition[];
  rows: readonly unknown[];
  /** The columns' totals as the footer shows them, formatted; '' where a column has none. */
  totals: string[] | undefined;
}

function checkWorkbook(where: string, sheet: ExcelJS.Worksheet, screen: Screen) {
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header, where).toEqual(screen.columns.map((column) => column.header));
  expect(sheet.rowCount, `${where}: rows`).toBe(1 + screen.rows.length + (screen.totals ? 1 : 0));
  const readers = screen.columns.map((column) => columnReader(column));
  screen.rows.forEach((row, r) => {
    const line = sheet.getRow(r + 2);
    screen.columns.forEach((column, c) => {
      const raw = readers[c]!(row);
      const cell = line.getCell(c + 1).value;
      const at = `${where}: row ${r + 1} «${column.header}»`;
      if (numberFormats.has(column.format ?? '') && Number.isFinite(toNumber(raw))) {
        expect(typeof cell, at).toBe('number');
        expect(shownNumber(column.format, cell as number), at).toBe(formatValue(column.format, raw));
        // The file keeps the sign the value has (a balance in the customer's favour stays negative).
        expect(Math.sign(cell as number), at).toBe(Math.sign(toNumber(raw)));
      } else if (dateFormats.has(column.format ?? '') && toOperatorDay(raw)) {
        expect(cell, at).toBeInstanceOf(Date);
        expect(formatValue(column.format, (cell as Date).toISOString()), at).toBe(formatValue(column.format, raw));
      } else {
        expect(cell ?? '', at).toBe(numberFormats.has(column.format ?? '') || dateFormats.has(column.format ?? '') ? '' : shownText(column.format, raw));
      }
    });
  });
  if (!screen.totals) return;
  const totals = sheet.getRow(screen.rows.length + 2);
  screen.columns.forEach((column, c) => {
    if (column.total === undefined) return;
    const cell = totals.getCell(c + 1).value;
    const format = column.total === 'count' ? 'integer' : column.format;
    const shown = typeof cell === 'number' ? shownNumber(format, cell) : cell instanceof Date ? formatValue(format, cell.toISOString()) : '';
    expect(shown, `${where}: total «${column.header}»`).toBe(screen.totals![c]);
  });
}

function checkCsv(where: string, text: string, screen: Screen) {
  const lines = parseCsv(text);
  expect(lines[0], where).toEqual(screen.columns.map((column) => escapeFormula(column.header)));
  expect(lines.length, `${where}: lines`).toBe(1 + screen.rows.length + (screen.totals ? 1 : 0));
  const readers = screen.columns.map((column) => columnReader(column));
  screen.rows.forEach((row, r) => {
    screen.columns.forEach((column, c) => {
      const raw = readers[c]!(row);
      const field = lines[r + 1]![c]!;
      const at = `${where}: row ${r + 1} «${column.header}»`;
      if (numberFormats.has(column.format ?? '') && Number.isFinite(toNumber(raw))) {
        expect(shownNumber(column.format, csvNumber(field)), at).toBe(formatValue(column.format, raw));
        expect(Math.sign(csvNumber(field)), at).toBe(Math.sign(toNumber(raw)));
      } else if (dateFormats.has(column.format ?? '') && toOperatorDay(raw)) {
        expect(field, at).toBe(formatValue(column.format, raw));
      } else {
        const shown = numberFormats.has(column.format ?? '') || dateFormats.has(column.format ?? '') ? '' : shownText(column.format, raw);
        // A CSV opened in a spreadsheet would run text that starts like a formula: it keeps its apostrophe.
        expect(field, at).toBe(escapeFormula(shown));
      }
    });
  });
  if (!screen.totals) return;
  const totals = lines[screen.rows.length + 1]!;
  screen.columns.forEach((column, c) => {
    if (column.total === undefined) return;
    const format = column.total === 'count' ? 'integer' : column.format;
    const field = totals[c]!;
    const shown = field === '' ? '' : dateFormats.has(format ?? '') ? field : shownNumber(format, csvNumber(field));
    expect(shown, `${where}: total «${column.header}»`).toBe(screen.totals![c]);
  });
}

/** The footer the screen shows over `rows` (its own columns), placed under the file's columns of the same header. */
function screenTotals(fileColumns: readonly ColumnDefinition[], screenColumns: readonly ColumnDefinition[], screenRows: readonly unknown[], lineRows: readonly unknown[]): string[] | undefined {
  if (!fileColumns.some((column) => column.total !== undefined)) return undefined;
  return fileColumns.map((column) => {
    if (column.total === undefined) return '';
    const format = column.total === 'count' ? 'integer' : column.format;
    const own = screenColumns.find((candidate) => candidate.header === column.header && candidate.total === column.total);
    // A nested line's column sums over the nested rows (a line per nested row).
    const total = own ? footerTotal(own, own.total!, screenRows) : footerTotal(column, column.total, lineRows);
    return total === undefined ? '' : formatValue(format, total);
  });
}

async function filesOf(request: ReturnType<typeof exportRequest>) {
  const xlsx = new Uint8Array(await (await buildExportFile(request, 'xlsx')).arrayBuffer());
  // Blob.text() would drop the BOM the file starts with.
  const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (await buildExportFile(request, 'csv')).arrayBuffer());
  return { xlsx, csv, sheet: (await readWorkbook(xlsx)).worksheets[0]! };
}

/**
 * A person's columns on a table: the first hidden, the last moved in front of the others (a table of two: the first
 * hidden); the layout by the columns' keys, and the columns it should show, found by their places.
 */
function personColumns(block: TableBlock): { layout: ColumnLayout; columns: ColumnDefinition[] } | undefined {
  const count = block.columns.length;
  if (count < 2) return undefined;
  const keys = columnKeys(block.columns);
  const order = count >= 3 ? [count - 1, ...Array.from({ length: count - 2 }, (_, i) => i + 1)] : [1];
  return {
    layout: [{ key: keys[0]!, shown: false }, ...order.map((index) => ({ key: keys[index]!, shown: true }))],
    columns: order.map((index) => block.columns[index]!),
  };
}

describe.each(tables.map((table) => [`${table.definition.id} ${table.path.join('-')}`, table] as const))('%s', (_name, table) => {
  const { definition, block } = table;

  it('Excel and CSV hold the screen\'s rows, signs and totals; the server writes the same files', async () => {
    const question = block.export?.question;
    // The file without lines is the answer No's (its value sent as the question's parameter, when it has one).
    const noExtra: Array<[string, string]> = question?.param !== undefined && question.no !== undefined && question.no !== null ? [[question.param, String(question.no)]] : [];
    const rows = await fileRows(table, undefined, noExtra);
    const spec = block.monthTotals;
    const monthTotals = spec ? { spec, sums: monthSummer(spec), range: undefined } : undefined;
    // The lines every file of the table carries (e.g. the rows a row expands to), as the screen's export adds them.
    const always = block.export?.lines;
    const request = exportRequest(block, contextOf(table), rows, '', monthTotals, always);
    const { xlsx, csv, sheet } = await filesOf(request);
    // The month columns are summed where the file is built: the screen reads the same sums.
    const shown = withMonthSums(request);
    const columns = exportedColumns(shown.columns);
    const screen: Screen = { columns, rows: shown.rows, totals: screenTotals(columns, exportedColumns(block.columns), rows, shown.rows) };
    if (table.dataTab && block.export?.allTabs) {
      // Every tab's rows, each named by its tab in the first column.
      const answer = await answerOf(definition, table.dataTab.source, block);
      const titles = readRows(answer, table.dataTab.rows).map((element) => formatValue('text', getPath(element, table.dataTab!.title)));
      expect(titles.length).toBeGreaterThan(1);
      expect(columns[0]!.header).toBe(block.export.allTabs.header);
      expect(new Set(rows.map((row) => (row as Record<string, unknown>)[tabField]))).toEqual(new Set(titles.filter((title, i) => readRows(readRows(answer, table.dataTab!.rows)[i], block.rows).length > 0)));
    }
    // The rows a row expands to on screen go into the file too: the row's own, or those its source answers for it.
    if (block.expand?.source === undefined) {
      if (block.expand) expect(always?.rows, `${definition.id}: the expanded rows are exported`).toBe(block.expand.rows);
    } else {
      const expand = block.expand;
      const filters = defaultFilterValues(definition, { today: testToday });
      for (const row of rows) {
        const request = planExpandRequest(definition, expand, row, { filters, routeParams: firstRouteParams(definition) });
        const nested = readRows(await answerAt(request, definition.sources[expand.source!]!), expand.rows);
        expect(readRows(row, always!.rows), `${definition.id}: ${request.query?.join('&')}`).toEqual(nested);
      }
    }
    if (always) {
      // Each row's nested rows are in the file, a line each.
      const nestedCount = (row: unknown) => Math.max(1, readRows(row, always.rows).length);
      expect(shown.rows.length).toBe(rows.reduce<number>((count, row) => count + nestedCount(row), 0));
      expect(shown.rows.length).toBeGreaterThan(rows.length);
    }
    const where = `${definition.id} ${table.path.join('-')}`;
    checkWorkbook(where, sheet, screen);
    checkCsv(where, csv, screen);
    // A screen of a route parameter (one per review type) names it in the file's sheet and name.
    for (const label of routeParamLabels(definition, firstRouteParams(definition))) {
      expect(sheet.name).toContain(label);
      expect(request.fileName).toContain(label);
    }

    // The server's file of the same screen (a data tab's and a month table's are built in the browser).
    if (table.dataTab || spec) return;
    const body = { report: definition.id, block: table.path.join('-'), routeParams: firstRouteParams(definition), ...(block.export?.question ? { answer: 'no' } : {}) };
    const post = (format: 'xlsx' | 'csv') =>
      server.request({ method: 'POST', url: '/api/v1/export', headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` }, payload: JSON.stringify({ ...body, format }) });
    const [serverXlsx, serverCsv] = await Promise.all([post('xlsx'), post('csv')]);
    expect(serverXlsx.statusCode, serverXlsx.payload.slice(0, 200)).toBe(200);
    expect(serverXlsx.headers['content-disposition']).toContain(encodeURIComponent(request.fileName));
    expect(serverCsv.statusCode).toBe(200);
    expect(sheetFacts((await readWorkbook(serverXlsx.rawPayload)).worksheets[0]!)).toEqual(sheetFacts((await readWorkbook(xlsx)).worksheets[0]!));
    expect(serverCsv.payload).toBe(csv);
  });

  it('with one column hidden and another moved first (the "Columnas" menu), files and the server\'s hold the screen\'s columns', async (context) => {
    const person = personColumns(block);
    if (!person) return context.skip();
    // The screen's columns, found here without the engine: the definition's, the first left out, the last in front.
    const arranged = arrangeColumns(block.columns, person.layout);
    expect(arranged).toEqual(person.columns);
    const question = block.export?.question;
    const noExtra: Array<[string, string]> = question?.param !== undefined && question.no !== undefined && question.no !== null ? [[question.param, String(question.no)]] : [];
    const rows = await fileRows(table, undefined, noExtra);
    const spec = block.monthTotals;
    const monthTotals = spec ? { spec, sums: monthSummer(spec), range: undefined } : undefined;
    const always = block.export?.lines;
    // The engine hands the export the block with the columns it shows (engine/table/DataTable.tsx).
    const request = exportRequest({ ...block, columns: arranged }, contextOf(table), rows, '', monthTotals, always);
    const { xlsx, csv, sheet } = await filesOf(request);
    const shown = withMonthSums(request);
    const columns = exportedColumns(shown.columns);
    // The file's own columns (after an all-tabs file's tab column, before nested lines' and months'): the screen's.
    const start = request.columns[0]?.header === block.export?.allTabs?.header ? 1 : 0;
    const expected = exportedColumns(person.columns).map((column) => column.header);
    expect(columns.slice(start, start + expected.length).map((column) => column.header)).toEqual(expected);
    const screen: Screen = { columns, rows: shown.rows, totals: screenTotals(columns, exportedColumns(arranged), rows, shown.rows) };
    const where = `${definition.id} ${table.path.join('-')} with columns of one's own`;
    checkWorkbook(where, sheet, screen);
    checkCsv(where, csv, screen);

    if (table.dataTab || spec) return;
    const defaults = defaultTableState(block);
    const params = writeTableState(new URLSearchParams(), table.path, { ...defaults, columns: person.layout }, defaults).toString();
    const body = { report: definition.id, block: table.path.join('-'), params, routeParams: firstRouteParams(definition), ...(question ? { answer: 'no' } : {}) };
    const post = (format: 'xlsx' | 'csv') =>
      server.request({ method: 'POST', url: '/api/v1/export', headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` }, payload: JSON.stringify({ ...body, format }) });
    const [serverXlsx, serverCsv] = await Promise.all([post('xlsx'), post('csv')]);
    expect(serverXlsx.statusCode, serverXlsx.payload.slice(0, 200)).toBe(200);
    expect(sheetFacts((await readWorkbook(serverXlsx.rawPayload)).worksheets[0]!)).toEqual(sheetFacts((await readWorkbook(xlsx)).worksheets[0]!));
    expect(serverCsv.payload).toBe(csv);
  });
});

// Every table whose export asks for the nested lines: its file with Sí.
const withLineTables = tables.filter((table) => table.block.export?.question?.lines !== undefined);
describe.each(withLineTables.map((table) => [`${table.definition.id} ${table.path.join('-')}`, table] as const))('%s', (_name, table) => {
  const { definition, block } = table;
  const lines = block.export!.question!.lines;
  it('with the nested lines (Sí), each row\'s amounts count once: the file\'s totals are the screen\'s', async () => {
    const question = block.export!.question!;
    const extra: Array<[string, string]> = question.param !== undefined && question.yes !== undefined && question.yes !== null ? [[question.param, String(question.yes)]] : [];
    const screenRows = await fileRows(table);
    const rows = await fileRows(table, lines, extra);
    const request = exportRequest(block, contextOf(table), rows, '', undefined, lines);
    const { csv, sheet, xlsx } = await filesOf(request);
    const columns = exportedColumns(request.columns);
    const lineTotals = screenTotals(columns, exportedColumns(block.columns), screenRows, request.rows);
    expect(lineTotals, 'the file with lines has a totals row').toBeDefined();
    const nestedCount = (row: unknown) => Math.max(1, readRows(row, lines!.rows).length);
    expect(request.rows.length).toBe(rows.reduce<number>((count, row) => count + nestedCount(row), 0));
    const screen: Screen = { columns, rows: request.rows, totals: lineTotals };
    const where = `${definition.id} ${table.path.join('-')} with lines`;
    checkWorkbook(where, sheet, screen);
    checkCsv(where, csv, screen);
    // Each row's amounts stand on one line of its own: the others leave them empty.
    expect(request.rows.length).toBeGreaterThan(screenRows.length);
    const amount = columns.findIndex((column) => column.total !== undefined && !column.field?.startsWith(lineField));
    expect(amount).toBeGreaterThanOrEqual(0);
    const written = request.rows.filter((row) => !isBlank(columnReader(columns[amount]!)(row))).length;
    expect(written).toBeLessThanOrEqual(screenRows.length);

    if (table.dataTab) return;
    const body = { report: definition.id, block: table.path.join('-'), routeParams: firstRouteParams(definition), answer: 'yes' };
    const answer = await server.request({
      method: 'POST',
      url: '/api/v1/export',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
      payload: JSON.stringify({ ...body, format: 'xlsx' }),
    });
    expect(answer.statusCode).toBe(200);
    expect(sheetFacts((await readWorkbook(answer.rawPayload)).worksheets[0]!)).toEqual(sheetFacts((await readWorkbook(xlsx)).worksheets[0]!));
  });
});

it('walks every definition with a table (no sampling)', () => {
  expect(withLineTables.length).toBeGreaterThan(0);
  expect(new Set(tables.map((table) => table.definition.id)).size).toBe(definitions.filter((d) => JSON.stringify(d.blocks).includes('"kind":"table"')).length);
  expect(tables.length).toBeGreaterThan(30);
});

// A table whose total the screen states in a card: the file's totals row says the same figure.
describe.each([
  { report: 'general-balance', card: 'Total saldos', column: 'Saldo' },
  { report: 'general-sales', card: 'Total', column: 'Total' },
  { report: 'general-income-by-channel', card: 'Ingresos', column: 'Ingresos' },
])('$report: the file\'s «$column» total is the card «$card»', ({ report, card, column }) => {
  it.each(['xlsx', 'csv'] as const)('%s', async (format) => {
    const definition = definitions.find((d) => d.id === report)!;
    const table = tablesOf(definition)[0]!;
    const cards = definition.blocks.find((block) => block.kind === 'cards' && block.cards.some((c) => c.label === card));
    if (cards?.kind !== 'cards') throw new Error(`no card «${card}»`);
    const shown = cards.cards.find((c) => c.label === card)!;
    const answer = await answerOf(definition, cards.source, table.block);
    const stated = toNumber(getPath(answer, shown.field));
    expect(Number.isFinite(stated)).toBe(true);

    const body = { report, block: table.path.join('-'), routeParams: firstRouteParams(definition), format };
    const file = await server.request({ method: 'POST', url: '/api/v1/export', headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` }, payload: JSON.stringify(body) });
    expect(file.statusCode).toBe(200);
    let total: unknown;
    if (format === 'xlsx') {
      const sheet = (await readWorkbook(file.rawPayload)).worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(sheet.getRow(sheet.rowCount).getCell(1).value).toBe('Total');
      total = sheet.getRow(sheet.rowCount).getCell(header.indexOf(column) + 1).value;
    } else {
      const lines = parseCsv(file.payload);
      const last = lines[lines.length - 1]!;
      expect(last[0]).toBe('Total');
      total = csvNumber(last[lines[0]!.indexOf(column)]!);
    }
    expect(formatValue('money', total)).toBe(formatValue('money', stated));
  });
});

// Comercial's file holds every typology (a data tab each): its totals row is the overall total the card states.
it('general-comercial: the file of every typology totals the card «Total general»', async () => {
  const definition = definitions.find((d) => d.id === 'general-comercial')!;
  const table = tablesOf(definition).find((t) => t.dataTab)!;
  const answer = await answerOf(definition, table.dataTab!.source, table.block);
  const rows = await fileRows(table);
  const request = exportRequest(table.block, contextOf(table), rows, '', undefined, table.block.export?.lines);
  const { sheet, csv } = await filesOf(request);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const last = sheet.getRow(sheet.rowCount);
  expect(last.getCell(1).value).toBe('Total');
  expect(formatValue('money', last.getCell(header.indexOf('Ventas') + 1).value)).toBe(formatValue('money', getPath(answer, 'total')));
  const lines = parseCsv(csv);
  expect(formatValue('money', csvNumber(lines[lines.length - 1]![lines[0]!.indexOf('Ventas')]!))).toBe(formatValue('money', getPath(answer, 'total')));
});
