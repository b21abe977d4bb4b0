import type { ReportDefinition, SourceDefinition } from '../../schema/reportDefinition.ts';
import type { RequestSpec } from './requestSpec.ts';
import type { QueryPairs } from '../filters/filterKind.ts';
import { kindOf } from '../filters/filterKinds.ts';
import type { FilterValues } from '../filters/filterValues.ts';
import { allRowsThreshold } from '../table/initialTableState.ts';
import { defaultTableState, type TableBlock, type TableState } from './tableState.ts';
import { walkBlocks } from './walkBlocks.ts';
import { getPath } from '../paths.ts';

export interface PlanContext {
  /** Applied filter values by filter id. */
  filters: FilterValues;
  /** The state of the table showing a server-paged source. */
  table?: TableState | undefined;
  /** That table (its columns' sort fields, its search mode). Default: the source's first table. */
  block?: TableBlock | undefined;
  routeParams: Readonly<Record<string, string | undefined>>;
  /** The key of the row that opened a widget, for `{name}` the route does not give. */
  widgetKey?: string | undefined;
  /** Every row in one answer (export): page 1 with -1 rows per page. */
  allRows?: boolean | undefined;
  /**
   * The request of a file or print that carries nested lines (`export.lines`): the source's `screenParams` are left
   * out, so that its answer holds the rows each row expands to. Default: false (the screen's request).
   */
  withLines?: boolean | undefined;
}

function sourceOf(definition: Pick<ReportDefinition, 'sources'>, sourceId: string): SourceDefinition {
  const source = definition.sources[sourceId];
  if (!source) throw new Error(`Unknown source "${sourceId}"`);
  return source;
}

/** The route parameters a screen opens with when the URL gives none: each parameter's first listed value. */
export function firstRouteParams(definition: Pick<ReportDefinition, 'routeParams'>): Record<string, string> {
  return Object.fromEntries(Object.entries(definition.routeParams ?? {}).map(([name, values]) => [name, values[0]!.value]));
}

/** `{name}` segments filled from the route parameters or the opened row's key, URL-encoded. */
function fillPath(path: string, context: PlanContext): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = context.routeParams[name] ?? context.widgetKey;
    if (value === undefined) throw new Error(`No value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}

function fixedParams(source: SourceDefinition, withLines: boolean): QueryPairs {
  const params = withLines ? source.params : { ...source.params, ...source.screenParams };
  return Object.entries(params ?? {}).flatMap(([key, value]): QueryPairs => {
    if (value === null) return [];
    return (Array.isArray(value) ? value : [value]).map((v) => [key, String(v)]);
  });
}

function filterParams(definition: Pick<ReportDefinition, 'filters'>, source: SourceDefinition, values: FilterValues): QueryPairs {
  const sent = source.filters ? new Set(source.filters) : undefined;
  return definition.filters.flatMap((filter) => {
    const value = values[filter.id];
    if ((sent && !sent.has(filter.id)) || value === undefined) return [];
    return kindOf(filter).toQuery(filter, value);
  });
}

function firstTableOf(definition: Pick<ReportDefinition, 'blocks'>, sourceId: string): TableBlock | undefined {
  let found: TableBlock | undefined;
  walkBlocks(definition.blocks, (block) => {
    if (!found && block.kind === 'table' && block.source === sourceId) found = block;
  });
  return found;
}

/** The server's names of the sorted columns: a column's `sortField` when set, else its field. */
function sortNames(block: TableBlock | undefined, sort: TableState['sort']): Array<{ name: string; desc: boolean }> {
  return sort.flatMap(({ field, desc }) => {
    // The table names a sort by the column's sort field (server) or its field.
    const column = block?.columns.find((c) => (c.sortField ?? c.field) === field) ?? block?.columns.find((c) => c.field === field);
    if (column && (!column.sortable || column.sortField === '')) return [];
    return [{ name: column?.sortField ?? field, desc }];
  });
}

function pagingParams(style: 'vuetify' | 'laravel', state: TableState, block: TableBlock | undefined, allRows: boolean): QueryPairs {
  const page = String(allRows ? 1 : state.page);
  const perPage = String(allRows ? -1 : state.pageSize);
  const sort = sortNames(block, state.sort);
  const search: QueryPairs = block?.search === 'server' && state.search.trim() ? [['search', state.search.trim()]] : [];
  if (style === 'laravel') {
    return [['page', page], ['per_page', perPage], ...sort.map(({ name, desc }): [string, string] => ['sort', `${name}|${desc ? 'desc' : 'asc'}`]), ...search];
  }
  return [
    ['page', page],
    ['itemsPerPage', perPage],
    ...sort.map(({ name }): [string, string] => ['sortBy', name]),
    ...sort.map(({ desc }): [string, string] => ['sortDesc', String(desc)]),
    ...search,
  ];
}

/** Whether `request` asks a server-paged source for every row (-1 per page): the answer the server streams. */
export function asksEveryRow(definition: Pick<ReportDefinition, 'sources'>, sourceId: string, request: RequestSpec): boolean {
  const source = definition.sources[sourceId];
  if (source?.paging.mode !== 'server') return false;
  const perPage = source.paging.style === 'laravel' ? 'per_page' : 'itemsPerPage';
  return request.query?.some(([name, value]) => name === perPage && value === '-1') ?? false;
}

/** The one request that answers a source for the applied filters (and a table's page). */
export function planRequest(
  definition: Pick<ReportDefinition, 'sources' | 'filters' | 'blocks'>,
  sourceId: string,
  context: PlanContext,
): RequestSpec {
  const source = sourceOf(definition, sourceId);
  const query: QueryPairs = [...fixedParams(source, context.withLines ?? false), ...filterParams(definition, source, context.filters)];
  if (source.paging.mode === 'server') {
    const block = context.block ?? firstTableOf(definition, sourceId);
    const state = context.table ?? (block ? defaultTableState(block) : { page: 1, pageSize: -1, sort: [], search: '' });
    // "Todas" asks for every row (-1), the answer the server streams, rather than one page of a million.
    query.push(...pagingParams(source.paging.style, state, block, (context.allRows ?? false) || state.pageSize >= allRowsThreshold));
  }
  return { service: source.service, path: fillPath(source.path, context), query };
}

/**
 * The request of an opened row's nested rows (`expand.source`): the source's request for the applied filters, with the
 * row's fields `expand.params` names.
 */
export function planExpandRequest(
  definition: Pick<ReportDefinition, 'sources' | 'filters' | 'blocks'>,
  expand: Pick<NonNullable<TableBlock['expand']>, 'source' | 'params'>,
  row: unknown,
  context: PlanContext,
): RequestSpec {
  if (expand.source === undefined) throw new Error('The nested rows have no source of their own');
  const request = planRequest(definition, expand.source, context);
  const fromRow = Object.entries(expand.params ?? {}).flatMap(([name, path]): QueryPairs => {
    const value = getPath(row, path);
    return value === undefined || value === null ? [] : [[name, String(value)]];
  });
  const named = new Set(fromRow.map(([name]) => name));
  return { ...request, query: [...(request.query ?? []).filter(([name]) => !named.has(name)), ...fromRow] };
}
