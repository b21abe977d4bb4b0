import type { ColumnSizingState, Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import { useRowFocus } from '../keyboard/useRowFocus.ts';
import { texts } from '../texts.ts';
import { DataRow, DetailRow } from './DataRow.tsx';
import type { DataTableFeatures, RowRecord } from './features.ts';
import type { TableBlock } from '../../core/table/types.ts';

/** Height of a body row in the virtual list; CSS keeps rows at it. */
export const rowHeight = 33;
/** Above this many rows the body is virtual. */
export const virtualThreshold = 200;
const detailEstimate = 160;

type DataRowModel = Row<DataTableFeatures, RowRecord>;

/** A body line: a row, or the nested table under an expanded row. */
interface Item {
  row: DataRowModel;
  detail: boolean;
}

function bodyItems(rows: readonly DataRowModel[], expandable: boolean): Item[] {
  const items: Item[] = [];
  for (const row of rows) {
    items.push({ row, detail: false });
    if (expandable && row.getIsExpanded()) items.push({ row, detail: true });
  }
  return items;
}

export interface TableBodyProps {
  rows: readonly DataRowModel[];
  block: TableBlock;
  colSpan: number;
  loading: boolean;
  onOpenWidget(id: WidgetId, key: string): void;
  /** The element that scrolls the table (the virtual body's viewport). */
  scrollElement: HTMLDivElement | null;
  /** Height of the header above the rows inside the scrolling element. */
  headHeight: number;
  /** The table's expanded rows (a new value when one opens or closes). */
  expanded: unknown;
  /** Leading columns that stay in view (the block's pinnedColumns, at most the columns shown). */
  pinnedCount: number;
  /** Widths a person gave columns (px by column id). */
  widths: ColumnSizingState;
}

/** The rows; past the threshold only those in view are in the DOM. */
export function TableBody(props: TableBodyProps) {
  const { rows, colSpan, loading } = props;
  if (rows.length === 0) {
    return (
      <tbody>
        <tr>
          <td colSpan={colSpan} className="mirador-table-empty">
            {loading ? texts.app.loading : texts.table.empty}
          </td>
        </tr>
      </tbody>
    );
  }
  return rows.length > virtualThreshold ? <VirtualBody {...props} /> : <PlainBody {...props} />;
}

const rowIds = (rows: readonly DataRowModel[]) => rows.map((row) => row.id);

function PlainBody({ rows, block, colSpan, onOpenWidget, pinnedCount, widths }: TableBodyProps) {
  const ids = useMemo(() => rowIds(rows), [rows]);
  const focus = useRowFocus(ids);
  return (
    <tbody {...focus.bodyProps}>
      {bodyItems(rows, block.expand !== undefined).map(({ row, detail }) =>
        detail ? (
          <DetailRow key={`${row.id}:detail`} row={row} block={block} onOpenWidget={onOpenWidget} colSpan={colSpan} />
        ) : (
          <DataRow key={row.id} row={row} block={block} onOpenWidget={onOpenWidget} tabIndex={focus.tabIndex(row.id)} pinnedCount={pinnedCount} widths={widths} />
        ),
      )}
    </tbody>
  );
}

function VirtualBody({ rows, block, colSpan, onOpenWidget, scrollElement, headHeight, expanded, pinnedCount, widths }: TableBodyProps) {
  const expandable = block.expand !== undefined;
  // Stable while only the scroll position changes: new callbacks make the virtualizer re-measure every row.
  const items = useMemo(() => bodyItems(rows, expandable), [rows, expandable, expanded]);
  const estimateSize = useCallback((index: number) => (items[index]?.detail ? detailEstimate : rowHeight), [items]);
  const getItemKey = useCallback(
    (index: number) => {
      const item = items[index]!;
      return item.detail ? `${item.row.id}:detail` : item.row.id;
    },
    [items],
  );
  const getScrollElement = useCallback(() => scrollElement, [scrollElement]);
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement, estimateSize, getItemKey, overscan: 12, scrollMargin: headHeight });
  const ids = useMemo(() => rowIds(rows), [rows]);
  // A row out of view is not in the DOM: scroll to it first, the focus follows once it is rendered.
  const focus = useRowFocus(ids, (index) => virtualizer.scrollToIndex(items.findIndex((item) => !item.detail && item.row.id === ids[index])));
  const visible = virtualizer.getVirtualItems();
  const first = visible[0];
  const last = visible[visible.length - 1];
  const top = first ? first.start - headHeight : 0;
  const bottom = last ? virtualizer.getTotalSize() - (last.end - headHeight) : 0;
  return (
    <tbody {...focus.bodyProps}>
      {top > 0 && <tr className="mirador-table-spacer" aria-hidden style={{ height: top }} />}
      {visible.map((virtual) => {
        const { row, detail } = items[virtual.index]!;
        return detail ? (
          <DetailRow
            key={virtual.key}
            row={row}
            block={block}
            onOpenWidget={onOpenWidget}
            colSpan={colSpan}
            index={virtual.index}
            measureRef={virtualizer.measureElement}
          />
        ) : (
          <DataRow key={virtual.key} row={row} block={block} onOpenWidget={onOpenWidget} tabIndex={focus.tabIndex(row.id)} pinnedCount={pinnedCount} widths={widths} />
        );
      })}
      {bottom > 0 && <tr className="mirador-table-spacer" aria-hidden style={{ height: bottom }} />}
    </tbody>
  );
}
