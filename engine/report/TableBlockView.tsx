import { use, useCallback, useMemo } from 'react';
import { apiGet } from '../api/client.ts';
import { planExpandRequest, planRequest } from '../../core/data/planRequest.ts';
import { readRows, readTotal, rowsPath } from '../../core/data/sourceRows.ts';
import { defaultTableState, tablePaging, type TableState } from '../../core/data/tableState.ts';
import { sourceNoticeMeta, sourceQueryOptions, useSource } from '../data/useSource.ts';
import { describeFilters } from '../../core/filters/describeFilters.ts';
import { describeComparison } from '../../core/filters/comparePeriod.ts';
import { comparisonLine } from '../../core/export/reportHeader.ts';
import DataTable from '../table/DataTable.tsx';
import type { ExportContext, ExtraParams } from '../../core/table/types.ts';
import { BlockError } from './BlockError.tsx';
import type { BlockViewProps } from './blockViewProps.ts';
import { reportGlossary } from './glossary.ts';
import { blockExportTitle, TabTitlesContext, useDataScope, useReport } from './ReportContext.tsx';
import { allTabsRows, dataTabs, tabColumn } from '../export/allTabs.ts';
import { NestedRowsContext } from '../table/NestedTable.tsx';
import { exportFileName, routeParamLabels } from '../../core/export/exportTitle.ts';
import { reportPeriod } from './reportPeriod.ts';
import { readTableState, writeTableState } from '../../core/report/urlState.ts';

/** A table block: its state in the URL, its rows from the source (or the data tab's element). */
export function TableBlockView({ block, path }: BlockViewProps<'table'>) {
  const report = useReport();
  const scope = useDataScope();
  const { definition, filters, routeParams, searchParams, updateSearchParams } = report;
  const source = definition.sources[block.source];
  // Rows of a data tab are all in hand: they page on the client.
  const paging = scope ? (block.pageSizes ? 'client' : 'none') : tablePaging(block, source);
  const defaults = useMemo(() => defaultTableState(block), [block]);
  const pathKey = path.join('-');
  // One state object per URL, so the request and the export context change only when the URL does.
  const state = useMemo(() => readTableState(searchParams, path, defaults, block.pageSizes), [searchParams, pathKey, defaults, block.pageSizes]);
  const table = paging === 'server' ? state : undefined;

  const result = useSource(definition, block.source, {
    filters,
    routeParams,
    block,
    table,
    enabled: !scope,
    keepPrevious: paging === 'server',
  });
  const answer = scope ? scope.element : result.answer;
  const rows = useMemo(
    () => (scope && !block.rows && Array.isArray(answer) ? answer : readRows(answer, scope ? block.rows : rowsPath(block, source))),
    [answer, block, scope, source],
  );
  const total = paging === 'server' ? readTotal(answer, source, rows.length) : rows.length;

  const onStateChange = useCallback(
    (next: TableState) => updateSearchParams((params) => writeTableState(params, path, next, defaults), { replace: true }),
    [updateSearchParams, pathKey, defaults],
  );

  const tabTitles = use(TabTitlesContext);
  const exportContext = useMemo((): ExportContext => {
    // A screen of a route parameter (`/review/:type`) names its label in the file's title and name.
    const routeLabels = routeParamLabels(definition, routeParams);
    // A file of every data tab's rows is not the open tab's: its title leaves the tab out.
    const allTabs = scope?.tabs && block.export?.allTabs ? { tabs: scope.tabs, header: block.export.allTabs.header } : undefined;
    const title = blockExportTitle(definition.title, allTabs ? tabTitles.slice(0, -1) : tabTitles, block.title, routeLabels);
    // The file's rows come from `export.source` when the definition names one (e.g. an export call).
    const allRowsRequest = (extraParams: ExtraParams = {}, sourceId = block.export?.source ?? block.source, withLines = false) => {
      const request = planRequest(definition, sourceId, { filters, routeParams, block, table, allRows: block.export?.rows !== 'page', withLines });
      return {
        request: { ...request, query: [...(request.query ?? []), ...Object.entries(extraParams)] },
        rowsPath: sourceId === block.source ? rowsPath(block, source) : rowsPath({}, definition.sources[sourceId]),
      };
    };
    // The rows at hand lack the rows they expand to when their source's screen request leaves them out.
    const linesLeftOut = (sourceId = block.export?.source ?? block.source) => {
      const asked = scope?.fromData && sourceId === block.source ? scope.fromData.source : sourceId;
      return definition.sources[asked]?.screenParams !== undefined;
    };
    const fetchAllRows = async (extraParams: ExtraParams = {}, sourceId = block.export?.source ?? block.source, withLines = false) => {
      const own = sourceId === block.source;
      // A data tab's rows are an element of the tabs' answer: with lines its screen's request left out, it is asked again.
      if (scope?.fromData && own && withLines && linesLeftOut(sourceId)) {
        const tabs = dataTabs(await apiGet<unknown>(planRequest(definition, scope.fromData.source, { filters, routeParams, withLines })), scope.fromData);
        if (allTabs) return allTabsRows(tabs, block.rows);
        const element = tabs[scope.tabs?.findIndex((tab) => tab.element === scope.element) ?? -1]?.element;
        return readRows(element, block.rows);
      }
      if (own && (paging !== 'server' || block.export?.rows === 'page') && Object.keys(extraParams).length === 0 && !(withLines && linesLeftOut(sourceId))) return rows;
      const { request, rowsPath: path } = allRowsRequest(extraParams, sourceId, withLines);
      const answer = await apiGet<unknown>(request);
      const asked = definition.sources[sourceId];
      // A transformed source's file holds its transformed rows, as its screen shows them.
      if (!asked?.transform) return readRows(answer, path);
      const { transformAnswer } = await import('../../core/data/sourceTransform.ts');
      return readRows(await transformAnswer(answer, asked), path);
    };
    // The server finds the table again from the report, the block's place and the URL; a data tab's is built here.
    const screen = {
      report: definition.id,
      block: path.join('-'),
      params: searchParams.toString(),
      routeParams: Object.fromEntries(Object.keys(definition.routeParams ?? {}).flatMap((name) => (routeParams[name] === undefined ? [] : [[name, routeParams[name]!]]))),
    };
    return {
      allRowsRequest,
      ...(scope ? {} : { dataUpdatedAt: result.dataUpdatedAt, screen }),
      title,
      fileName: exportFileName(block.export?.fileName, title, routeLabels),
      ...(allTabs ? { allTabs: { column: tabColumn(allTabs.header), rows: () => allTabsRows(allTabs.tabs, block.rows) } } : {}),
      filters: withComparison(describeFilters(definition, filters, report.today), describeComparison(definition, filters, searchParams, block.source)),
      glossary: reportGlossary(definition),
      fetchAllRows,
      linesLeftOut,
    };
  }, [block, definition, filters, paging, pathKey, report.today, result.dataUpdatedAt, routeParams, rows, scope, searchParams, source, table, tabTitles]);

  // An opened row's nested rows of a source of their own (`expand.source`): asked with the applied filters and the row's fields.
  const nestedQuery = useCallback(
    (row: unknown) => {
      const expand = block.expand!;
      const request = planExpandRequest(definition, expand, row, { filters, routeParams });
      return { ...sourceQueryOptions(definition, expand.source!, request), meta: sourceNoticeMeta(definition) };
    },
    [block, definition, filters, routeParams],
  );

  if (!scope && result.error && result.answer === undefined) return <BlockError error={result.error} onRetry={result.retry} />;
  const monthRange = block.monthTotals ? reportPeriod(definition, block.source, filters) : undefined;
  const view = (
    <DataTable
      block={block}
      rows={rows}
      total={total}
      paging={paging}
      loading={!scope && (result.isPending || result.isFetching)}
      state={state}
      onStateChange={onStateChange}
      {...(monthRange ? { monthRange } : {})}
      exportContext={exportContext}
      onOpenWidget={report.openWidget}
    />
  );
  const withNested = block.expand?.source === undefined ? view : <NestedRowsContext value={nestedQuery}>{view}</NestedRowsContext>;
  if (!block.note) return withNested;
  return (
    <>
      {withNested}
      <p className="report-table-note">{block.note}</p>
    </>
  );
}

/** The filters of a file or print, with the screen's "Comparar con:" last when chosen. */
function withComparison<T extends { label: string; value: string }>(lines: T[], comparison: string | undefined) {
  return comparison === undefined ? lines : [...lines, comparisonLine(comparison)];
}
