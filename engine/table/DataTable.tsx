import { HTMLTable } from '@blueprintjs/core';
import { functionalUpdate, useTable, type ColumnSizingState, type PaginationState, type SortingState } from '@tanstack/react-table';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { getPath } from '../../core/paths.ts';
import { useTableTarget } from '../keyboard/tableTargets.ts';
import { buildColumns, searchFilter, type DataColumnDef } from './buildColumns.tsx';
import { columnWidth } from './columnWidth.ts';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { arrangeColumns, columnKeys, fullLayout, keptLayout, shownColumnIndexes } from '../../core/data/tableState.ts';
import type { ColumnLayout } from '../../core/table/types.ts';
import { dataTableFeatures, type RowRecord } from './features.ts';
import { monthSummer, shownMonths } from '../../core/table/monthTotals.ts';
import { ExportDialog, ExportProgress } from './ExportDialog.tsx';
import { Pager } from './Pager.tsx';
import { startPinning, usePinOffsets } from './pinning.ts';
import { PrintDialog } from './PrintDialog.tsx';
import { TableBody, virtualThreshold } from './TableBody.tsx';
import { TableFoot } from './TableFoot.tsx';
import { TableHead } from './TableHead.tsx';
import { Toolbar } from './Toolbar.tsx';
import type { DataTableProps, TableState } from '../../core/table/types.ts';
import { useTableExport } from './useTableExport.ts';
import { useSearchBox } from './useSearchBox.ts';
import { OpenWidgetContext } from './WidgetLink.tsx';
import './DataTable.css';

export type { DataTableProps, ExportContext, ExtraParams, Paging, TableBlock, TableState } from '../../core/table/types.ts';
export { initialTableState } from '../../core/table/initialTableState.ts';

/** The page's sort (by field or sort field) as TanStack's (by column id). */
function toSorting(sort: TableState['sort'], columns: readonly DataColumnDef[]): SortingState {
  return sort.flatMap(({ field, desc }) => {
    const column = columns.find((c) => c.meta?.sortName === field || c.meta?.definition.field === field);
    return column?.id ? [{ id: column.id, desc }] : [];
  });
}

/** Every table of every report: search, sort, pages, totals, expandable rows, month totals, export and print. */
export default function DataTable(props: DataTableProps) {
  const { block, rows, total, paging, loading, state, onStateChange, monthRange, exportContext, onOpenWidget } = props;
  const serverPaging = paging === 'server';
  const clientSearch = block.search === 'client';
  const pageSizes = block.pageSizes;
  const clientPaged = paging === 'client' && pageSizes !== undefined;

  const latest = useRef(state);
  latest.current = state;
  const change = (patch: Partial<TableState>) => onStateChange({ ...latest.current, ...patch });

  const [searchText, setSearchText] = useSearchBox(state.search, (search) => change({ search, page: 1 }));
  const clientQuery = useDeferredValue(clientSearch ? searchText : '');

  const spec = block.monthTotals;
  const monthSums = useMemo(() => (spec ? monthSummer(spec) : undefined), [spec]);
  const months = useMemo(
    () => (monthSums ? shownMonths(rows, monthSums, monthRange) : []),
    [rows, monthSums, monthRange?.from, monthRange?.to],
  );
  // Columns change when the months do, not when a new page brings the same months.
  const monthsKey = months.join();
  const columns = useMemo(() => buildColumns(block, serverPaging, months, monthSums), [block, serverPaging, monthsKey, monthSums]);

  const globalFilterFn = useMemo(() => searchFilter(columns), [columns]);
  // The person's columns (the "Columnas" menu, in the URL): the definition's columns shown, in their order; month
  // columns always follow them.
  const layout = state.columns;
  const shownIndexes = useMemo(() => shownColumnIndexes(block.columns, layout), [block.columns, layout]);
  const shownIds = useMemo(() => shownIndexes.map((index) => `c${index}`), [shownIndexes]);
  const columnOrder = useMemo(() => [...shownIds, ...columns.filter((c) => c.meta?.month).map((c) => c.id!)], [shownIds, columns]);
  const columnVisibility = useMemo(() => {
    const shown = new Set(shownIds);
    return Object.fromEntries(block.columns.flatMap((_, index) => (shown.has(`c${index}`) ? [] : [[`c${index}`, false] as const])));
  }, [block.columns, shownIds]);
  // The first `pinnedColumns` columns shown stay in view, whichever they are.
  const pinnedCount = Math.min(block.pinnedColumns, shownIds.length);
  const columnPinning = useMemo(() => startPinning(shownIds, pinnedCount), [shownIds, pinnedCount]);
  // Widths a person dragged or keyed (the header's handle), for this visit of the screen: not in the URL.
  const [columnSizing, setColumnSizing] = useState<ColumnSizingState>({});
  const menuColumns = useMemo(() => {
    const keys = columnKeys(block.columns);
    return fullLayout(block.columns, layout).map(({ key, shown }) => ({ key, shown, header: block.columns[keys.indexOf(key)]!.header }));
  }, [block.columns, layout]);
  const onColumns = useCallback(
    (next: ColumnLayout | undefined) => change({ columns: keptLayout(block.columns, next) }),
    [block.columns],
  );
  // Prints and files show the columns the screen shows, in its order.
  const shownBlock = useMemo(() => (layout ? { ...block, columns: arrangeColumns(block.columns, layout) } : block), [block, layout]);
  const sorting = useMemo(() => toSorting(state.sort, columns), [state.sort, columns]);
  const pageSize = state.pageSize > 0 ? state.pageSize : (pageSizes?.[0] ?? Math.max(total, 1));
  const pagination = useMemo<PaginationState>(
    () =>
      serverPaging || clientPaged
        ? { pageIndex: Math.max(state.page - 1, 0), pageSize }
        : { pageIndex: 0, pageSize: Math.max(rows.length, 1) },
    [serverPaging, clientPaged, state.page, pageSize, rows.length],
  );

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: rows as readonly RowRecord[],
    // The definition's key when it names one; else the index (data ids are not promised to be unique).
    getRowId: (row, index) => (block.rowKey ? String(getPath(row, block.rowKey)) : String(index)),
    state: { sorting, pagination, globalFilter: clientQuery, columnPinning, columnVisibility, columnOrder, columnSizing },
    onColumnSizingChange: (updater) => setColumnSizing((old) => functionalUpdate(updater, old)),
    onSortingChange: (updater) => {
      const next = functionalUpdate(updater, sorting);
      const sort = next.flatMap(({ id, desc }) => {
        const name = columns.find((c) => c.id === id)?.meta?.sortName;
        return name ? [{ field: name, desc }] : [];
      });
      change({ sort, page: 1 });
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      change(next.pageSize === pagination.pageSize ? { page: next.pageIndex + 1 } : { page: 1, pageSize: next.pageSize });
    },
    manualSorting: serverPaging,
    manualPagination: !clientPaged,
    manualFiltering: !clientSearch,
    rowCount: serverPaging ? total : undefined,
    globalFilterFn,
    // Object values (a client) are searched by their formatted text; `searchable: false` columns opt out.
    getColumnCanGlobalFilter: () => true,
    getRowCanExpand: () => block.expand !== undefined,
    autoResetPageIndex: false,
    enableMultiSort: false,
    sortDescFirst: false,
  });

  const shownRows = table.getRowModel().rows;
  const matchingRows = table.getPrePaginatedRowModel().rows;
  const count = serverPaging ? total : matchingRows.length;
  const pageCount = table.getPageCount();

  useEffect(() => {
    // A search or new data can leave the page past the last one.
    if (clientPaged && pageCount > 0 && state.page > pageCount) change({ page: pageCount });
  });

  const exporter = useTableExport({
    block: shownBlock,
    context: exportContext,
    fetchAll: (serverPaging && (block.export?.rows ?? 'all') === 'all') || block.export?.source !== undefined,
    rowsAtHand: () => (block.export?.rows === 'page' ? shownRows : matchingRows).map((row) => row.original),
    paged: serverPaging || clientPaged ? { pageRows: () => shownRows.map((row) => row.original), total: count } : undefined,
    search: searchText,
    monthTotals: spec && monthSums ? { spec, sums: monthSums, range: monthRange } : undefined,
  });

  // The page shortcuts (`/`, `e`, `p`) act on this table when it is the one shown or focused.
  const blockRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  useTableTarget({
    element: blockRef,
    focusSearch: () => {
      searchRef.current?.focus();
      return searchRef.current !== null;
    },
    exportFile: () => {
      if (exporter.busy === undefined) exporter.run('xlsx');
    },
    print: () => {
      if (exporter.busy === undefined) exporter.run('print');
    },
  });

  const virtual = shownRows.length > virtualThreshold;
  // State, not a ref: the virtual body renders again once its viewport exists.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const [headHeight, setHeadHeight] = useState(0);
  useLayoutEffect(() => {
    if (!virtual) return;
    const height = scrollElement?.querySelector('thead')?.offsetHeight ?? 0;
    if (height !== headHeight) setHeadHeight(height);
  });
  usePinOffsets(scrollElement, pinnedCount);

  const expandable = block.expand !== undefined;
  const leafColumns = table.getVisibleLeafColumns();
  const colSpan = leafColumns.length + (expandable ? 1 : 0);
  const hasTotals = leafColumns.some((column) => column.columnDef.meta?.definition.total !== undefined);
  const hasWidths = leafColumns.some((column) => column.columnDef.meta?.definition.width !== undefined || columnSizing[column.id] !== undefined);

  return (
    <div className="mirador-table-block" ref={blockRef}>
      <Toolbar
        searchRef={searchRef}
        search={block.search === 'none' ? undefined : searchText}
        onSearch={setSearchText}
        count={count}
        loading={loading}
        busy={exporter.busy}
        onAction={exporter.run}
        columnsMenu={<ColumnsMenu columns={menuColumns} onChange={onColumns} months={spec !== undefined} changed={layout !== undefined} />}
      />
      <div
        ref={setScrollElement}
        className={['mirador-table-scroll', virtual && 'mirador-table-scroll-virtual', pinnedCount > 0 && 'mirador-table-scroll-pinned'].filter(Boolean).join(' ')}
      >
        <OpenWidgetContext value={onOpenWidget}>
          <HTMLTable
            compact
            striped={!virtual}
            interactive={block.rowClick !== undefined}
            className={virtual ? 'mirador-table mirador-table-virtual' : 'mirador-table'}
            aria-busy={loading}
          >
            {(virtual || hasWidths) && (
              <colgroup>
                {expandable && <col style={{ width: 40 }} />}
                {leafColumns.map((column) => {
                  const definition = column.columnDef.meta!.definition;
                  // A virtual body has a fixed layout, so every column needs a width; otherwise only the definition's.
                  const width = columnSizing[column.id] ?? (virtual ? columnWidth(definition) : definition.width);
                  return <col key={column.id} style={{ width }} />;
                })}
              </colgroup>
            )}
            <TableHead table={table} expandable={expandable} pinnedCount={pinnedCount} widths={columnSizing} />
            <TableBody
              rows={shownRows}
              block={block}
              colSpan={colSpan}
              loading={loading}
              onOpenWidget={onOpenWidget}
              scrollElement={scrollElement}
              headHeight={headHeight}
              expanded={table.state.expanded}
              pinnedCount={pinnedCount}
              widths={columnSizing}
            />
            {hasTotals && shownRows.length > 0 && (
              <TableFoot table={table} pageOnly={serverPaging} expandable={expandable} pinnedCount={pinnedCount} />
            )}
          </HTMLTable>
        </OpenWidgetContext>
      </div>
      {(serverPaging || clientPaged) && (
        <Pager
          page={state.page}
          pageCount={pageCount}
          pageSize={pageSize}
          pageSizes={pageSizes}
          onPage={(page) => table.setPageIndex(page - 1)}
          onPageSize={(size) => table.setPageSize(size)}
        />
      )}
      <ExportProgress received={exporter.received} onCancel={exporter.stop} />
      <PrintDialog pageRows={exporter.askingPrint} total={count} onCancel={exporter.cancelPrint} onPrint={exporter.answerPrint} />
      {block.export?.question && (
        <ExportDialog
          question={block.export.question.text}
          isOpen={exporter.asking !== undefined}
          onCancel={exporter.cancel}
          onGenerate={exporter.answer}
        />
      )}
    </div>
  );
}
