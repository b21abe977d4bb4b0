import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { WidgetId } from '../../schema/registries.ts';
import { widgetIds } from '../../schema/registries.ts';
import type { TableState } from '../data/tableState.ts';
import type { BlockPath } from '../data/walkBlocks.ts';
import type { FilterContext, QueryPairs } from '../filters/filterKind.ts';
import { kindOf } from '../filters/filterKinds.ts';
import type { FilterValues } from '../filters/filterValues.ts';

/**
 * How a view lives in the URL search params, so that every view is a link:
 * - each shown filter under its id (absent: the default; empty: explicitly nothing), see each kind's toUrl;
 * - each table's state under `t{block path}.` (`t0.page=2`, `t1-0-0.sort=-total`, `t0.cols=place,ref,-status`), only where it
 *   differs from the default;
 * - the open widgets, bottom to top: `open=booking-detail:MR000123`.
 */

type Definition = Pick<ReportDefinition, 'filters'>;

/** The applied filter values: the URL's where it says, the defaults elsewhere; hidden filters keep their defaults. */
export function readFilterValues(definition: Definition, params: URLSearchParams, defaults: FilterValues, context: FilterContext): FilterValues {
  const values: FilterValues = { ...defaults };
  for (const filter of definition.filters) {
    if (filter.hidden) continue;
    const fromUrl = kindOf(filter).fromUrl(filter, params, context);
    if (fromUrl !== undefined) values[filter.id] = fromUrl;
  }
  return values;
}

function withoutFilters(definition: Definition, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const filter of definition.filters) for (const key of kindOf(filter).urlKeys(filter)) next.delete(key);
  // New filters start every table on its first page.
  for (const key of [...next.keys()]) if (/^t[\d-]+\.page$/.test(key)) next.delete(key);
  return next;
}

/** The URL after Aplicar: every shown filter written out, tables back on page 1. */
export function writeFilterValues(definition: Definition, values: FilterValues, params: URLSearchParams): URLSearchParams {
  const next = withoutFilters(definition, params);
  for (const filter of definition.filters) {
    const value = values[filter.id];
    if (filter.hidden || value === undefined) continue;
    for (const [key, text] of kindOf(filter).toUrl(filter, value)) next.append(key, text);
  }
  return next;
}

/** The URL after Limpiar: no filter in it, so the definition's defaults apply. */
export function clearFilterValues(definition: Definition, params: URLSearchParams): URLSearchParams {
  return withoutFilters(definition, params);
}

// --- Tables ---------------------------------------------------------------------------------

export const tablePrefix = (path: BlockPath) => `t${path.join('-')}.`;

const encodeSort = (sort: TableState['sort']) => sort.map(({ field, desc }) => `${desc ? '-' : ''}${field}`).join(',');
const decodeSort = (text: string): TableState['sort'] =>
  text
    .split(',')
    .filter(Boolean)
    .map((part) => (part.startsWith('-') ? { field: part.slice(1), desc: true } : { field: part, desc: false }));

/** A table's columns in the URL: every key in the order shown, a hidden one after `-` (`t0.cols=place,ref,-status`). */
const encodeColumns = (columns: TableState['columns']) => (columns ?? []).map(({ key, shown }) => (shown ? key : `-${key}`)).join(',');
const decodeColumns = (text: string): TableState['columns'] => {
  const columns = text
    .split(',')
    .filter((part) => part !== '' && part !== '-')
    .map((part) => (part.startsWith('-') ? { key: part.slice(1), shown: false } : { key: part, shown: true }));
  return columns.length > 0 ? columns : undefined;
};

const positiveInt = (text: string | null) => {
  const n = Number(text);
  return text !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** A table's state from the URL, its defaults where the URL is silent. */
export function readTableState(params: URLSearchParams, path: BlockPath, defaults: TableState, pageSizes?: readonly number[]): TableState {
  const p = tablePrefix(path);
  const size = positiveInt(params.get(`${p}size`));
  const sort = params.get(`${p}sort`);
  const cols = params.get(`${p}cols`);
  // Unknown keys are kept here and ignored where the columns are arranged (core/data/tableState.ts arrangeColumns).
  const columns = cols === null ? defaults.columns : decodeColumns(cols);
  return {
    page: positiveInt(params.get(`${p}page`)) ?? defaults.page,
    pageSize: size !== undefined && (!pageSizes || pageSizes.includes(size)) ? size : defaults.pageSize,
    sort: sort === null ? defaults.sort : decodeSort(sort),
    search: params.get(`${p}q`) ?? defaults.search,
    ...(columns ? { columns } : {}),
  };
}

/** The URL with a table's state, writing only what differs from its defaults. */
export function writeTableState(params: URLSearchParams, path: BlockPath, state: TableState, defaults: TableState): URLSearchParams {
  const p = tablePrefix(path);
  const next = new URLSearchParams(params);
  const entries: Array<[string, string, string]> = [
    ['page', String(state.page), String(defaults.page)],
    ['size', String(state.pageSize), String(defaults.pageSize)],
    ['sort', encodeSort(state.sort), encodeSort(defaults.sort)],
    ['q', state.search, defaults.search],
    ['cols', encodeColumns(state.columns), encodeColumns(defaults.columns)],
  ];
  for (const [name, value, fallback] of entries) {
    if (value === fallback) next.delete(`${p}${name}`);
    else next.set(`${p}${name}`, value);
  }
  return next;
}

// --- Widgets --------------------------------------------------------------------------------

export interface OpenWidget {
  id: WidgetId;
  key: string;
}

const openKey = 'open';

/** The widgets open, bottom to top; entries naming no widget id are ignored. */
export function readOpenWidgets(params: URLSearchParams): OpenWidget[] {
  return params.getAll(openKey).flatMap((entry) => {
    const colon = entry.indexOf(':');
    const id = widgetIds.find((w) => w === (colon === -1 ? entry : entry.slice(0, colon)));
    return id ? [{ id, key: colon === -1 ? '' : entry.slice(colon + 1) }] : [];
  });
}

/** Opens a widget on top of those already open. */
export function openWidgetParams(params: URLSearchParams, id: WidgetId, key: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.append(openKey, `${id}:${key}`);
  return next;
}

/** Closes the top widget. */
export function closeWidgetParams(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const open = next.getAll(openKey);
  next.delete(openKey);
  for (const entry of open.slice(0, -1)) next.append(openKey, entry);
  return next;
}

// --- Tabs -----------------------------------------------------------------------------------

const tabKey = (path: BlockPath) => `${tablePrefix(path)}tab`;

/** The selected tab of a tabs block (0 when the URL does not say or names no tab). */
export function readSelectedTab(params: URLSearchParams, path: BlockPath, tabCount: number): number {
  const n = Number(params.get(tabKey(path)));
  return Number.isInteger(n) && n > 0 && n < tabCount ? n : 0;
}

export function writeSelectedTab(params: URLSearchParams, path: BlockPath, tab: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (tab === 0) next.delete(tabKey(path));
  else next.set(tabKey(path), String(tab));
  return next;
}

// --- Saved views ----------------------------------------------------------------------------

/** A saved view is the URL state of a screen: the filters' params apart (checked against the definition when opened), then the rest. */
export interface ViewState {
  filters: QueryPairs;
  params: QueryPairs;
}

/** The URL key that asks a screen to open one of its saved views (the sidebar's links). */
export const savedViewKey = 'savedView';

/** What a view does not keep: the open panels, the page each table is on, the request to open a view. */
const outsideView = (key: string) => key === openKey || key === savedViewKey || /^t[\d-]+\.page$/.test(key);

/** The current view of a screen, to save under a name: every filter's params, sort, page sizes, searches, tabs… */
export function captureView(definition: Definition, params: URLSearchParams): ViewState {
  const filterKeys = new Set(definition.filters.filter((filter) => !filter.hidden).flatMap((filter) => kindOf(filter).urlKeys(filter)));
  const view: ViewState = { filters: [], params: [] };
  for (const [key, value] of params) {
    if (outsideView(key)) continue;
    (filterKeys.has(key) ? view.filters : view.params).push([key, value]);
  }
  return view;
}
