import type { ExportDescription } from '../../core/export/exportDescription.ts';
import { blockExportTitle, exportFileName, routeParamLabels } from '../../core/export/exportTitle.ts';
import { planRequest } from '../../core/data/planRequest.ts';
import { rowsPath } from '../../core/data/sourceRows.ts';
import { arrangeColumns, defaultTableState, tablePaging } from '../../core/data/tableState.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { describeFilters } from '../../core/filters/describeFilters.ts';
import { describeComparison } from '../../core/filters/comparePeriod.ts';
import { readFilterValues, readTableState } from '../../core/report/urlState.ts';
import { lineColumns, type ExportLines } from '../../core/table/exportLines.ts';
import type { Block, ReportDefinition, TableBlock } from '../../schema/reportDefinition.ts';
import { HttpError } from '../http/HttpError.ts';
import { messages } from '../messages.ts';
import type { ExportBody } from './exportBody.ts';
import type { SourceTransform } from '../../core/data/sourceTransform.ts';

/** What the server reads and writes for one export: the list's request, where its rows are, and the file's description. */
export interface ExportPlan {
  /** The list route's path and query, as the browser would ask it for every row. */
  url: string;
  rowsPath: string;
  lines: ExportLines | undefined;
  /** The source's Vega-Lite transforms, run over every row before the file is written (as the screen runs them). */
  transform: SourceTransform | undefined;
  description: Omit<ExportDescription, 'generatedBy' | 'generatedAt' | 'dataAsOf'>;
}

const listPrefix = '/api/v1/';

/** The table block at `path` (block, tab, block…) and the titles of the fixed tabs it sits in; data tabs are not. */
function tableAt(blocks: readonly Block[], path: readonly number[]): { block: TableBlock; tabTitles: string[] } | undefined {
  const tabTitles: string[] = [];
  let list = blocks;
  for (let i = 0; i < path.length; i += 2) {
    const block = list[path[i]!];
    if (!block) return undefined;
    if (i === path.length - 1) return block.kind === 'table' ? { block, tabTitles } : undefined;
    // A data tab's blocks read one element of an answer the browser holds: they are not built here.
    const tab = block.kind === 'tabs' ? block.tabs?.[path[i + 1]!] : undefined;
    if (!tab) return undefined;
    tabTitles.push(tab.title);
    list = tab.blocks;
  }
  return undefined;
}

/** The route parameters the definition allows; 400 for a name or value it does not list. */
function checkedRouteParams(definition: ReportDefinition, sent: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(sent)) {
    const allowed = definition.routeParams?.[name];
    if (!allowed || !allowed.some((choice) => choice.value === value)) throw new HttpError(400, messages.exportRouteParam(name));
  }
  return sent;
}

/**
 * The export of a screen's table as the browser would ask for it (engine/report/TableBlockView.tsx and
 * engine/table/useTableExport.ts): the same framework-free planning of the list request from the URL's filters and
 * table state, the same columns, totals, titles and file name, all from the server's copy of the definition.
 */
export function planExport(reports: readonly ReportDefinition[], body: ExportBody, today: string): ExportPlan {
  const definition = reports.find((report) => report.id === body.report);
  if (!definition) throw new HttpError(400, messages.exportReport(body.report));
  const path = body.block.split('-').map(Number);
  const found = tableAt(definition.blocks, path);
  if (!found) throw new HttpError(400, messages.exportBlock(body.block));
  const { block, tabTitles } = found;
  // Month columns are summed from the rows in the browser; such a table's file is built there.
  if (block.monthTotals) throw new HttpError(400, messages.exportBlock(body.block));
  const question = block.export?.question;
  if ((question === undefined) !== (body.answer === undefined)) throw new HttpError(400, messages.exportAnswer);

  const routeParams = checkedRouteParams(definition, body.routeParams);
  const params = new URLSearchParams(body.params);
  const context = { today };
  const filters = readFilterValues(definition, params, defaultFilterValues(definition, context), context);
  const source = definition.sources[block.source];
  const state = readTableState(params, path, defaultTableState(block), block.pageSizes);
  const table = tablePaging(block, source) === 'server' ? state : undefined;

  const yes = body.answer === 'yes';
  const value = question ? (yes ? question.yes : question.no) : undefined;
  // A null (or no) answer value sends no parameter; Sí adds the nested lines.
  const extra: Array<[string, string]> = question?.param === undefined || value === undefined || value === null ? [] : [[question.param, String(value)]];
  // The question's Sí lines, else the lines every file of the table carries.
  const lines = (yes ? question?.lines : undefined) ?? block.export?.lines;
  const sourceId = lines?.source ?? block.export?.source ?? block.source;

  let request;
  try {
    // A file with lines asks the whole answer, without the lean parameters of the screen's request.
    request = planRequest(definition, sourceId, { filters, routeParams, block, table, allRows: block.export?.rows !== 'page', withLines: lines !== undefined });
  } catch {
    // A `{name}` of the source's path that the screen did not give.
    throw new HttpError(400, messages.exportSource);
  }
  if (!request.path.startsWith(listPrefix) || request.path.startsWith(`${listPrefix}export`)) throw new HttpError(400, messages.exportSource);
  const query = new URLSearchParams([...(request.query ?? []), ...extra].map(([name, value]) => [name, value])).toString();

  const routeLabels = routeParamLabels(definition, routeParams);
  const title = blockExportTitle(definition.title, tabTitles, block.title, routeLabels);
  // The columns the screen shows, in its order (the URL's `t<path>.cols`: keys of the server's own columns, unknown ones
  // ignored), then the nested lines' columns.
  const shown = arrangeColumns(block.columns, state.columns);
  const columns = lines ? lineColumns(shown, lines) : shown;
  const search = body.search;
  return {
    url: `${request.path}${query ? `?${query}` : ''}`,
    rowsPath: sourceId === block.source ? rowsPath(block, source) : rowsPath({}, definition.sources[sourceId]),
    lines,
    transform: definition.sources[sourceId]?.transform,
    description: {
      title,
      fileName: exportFileName(block.export?.fileName, title, routeLabels),
      columns,
      totals: columns.some((column) => column.total !== undefined),
      filters: describeFilters(definition, filters, today),
      comparison: describeComparison(definition, filters, params, block.source),
      ...(search ? { search } : {}),
    },
  };
}
