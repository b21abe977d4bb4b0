import { Button } from '@blueprintjs/core';
import { FlexRender, type ColumnSizingState, type Row } from '@tanstack/react-table';
import type { Ref } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import { texts } from '../texts.ts';
import { cellAttributes, CellContent, widenedColumn } from './CellContent.tsx';
import { innerWidth } from './TableHead.tsx';
import type { DataTableFeatures, RowRecord } from './features.ts';
import { NestedTable } from './NestedTable.tsx';
import { pinnedCell, pinnedExpandCell } from './pinning.ts';
import { rowActivation } from './rowActivation.ts';
import type { TableBlock } from '../../core/table/types.ts';

export interface RowProps {
  row: Row<DataTableFeatures, RowRecord>;
  block: TableBlock;
  onOpenWidget(id: WidgetId, key: string): void;
}

/**
 * One row of the table: its cells, a chevron when rows expand, clickable when rows open a widget. Focusable (the arrow
 * keys move through the rows, `tabIndex` says whether Tab reaches this one); Enter opens its widget.
 */
export function DataRow({
  row,
  block,
  onOpenWidget,
  tabIndex,
  pinnedCount,
  widths,
}: RowProps & { tabIndex: 0 | -1; pinnedCount: number; widths: ColumnSizingState }) {
  const expanded = row.getIsExpanded();
  return (
    <tr {...rowActivation(block.rowClick, row.original, onOpenWidget)} tabIndex={tabIndex} data-row-id={row.id}>
      {block.expand && (
        <td
          className={pinnedCount > 0 ? `mirador-table-expand ${pinnedExpandCell.className}` : 'mirador-table-expand'}
          style={pinnedCount > 0 ? pinnedExpandCell.style : undefined}
        >
          <Button
            variant="minimal"
            size="small"
            icon={expanded ? 'chevron-down' : 'chevron-right'}
            aria-label={expanded ? texts.table.collapse : texts.table.expand}
            aria-expanded={expanded}
            onClick={(event) => {
              // The chevron only expands; it does not open the row's widget.
              event.stopPropagation();
              row.toggleExpanded();
            }}
          />
        </td>
      )}
      {row.getVisibleCells().map((cell) => {
        const definition = cell.column.columnDef.meta!.definition;
        const { style, title } = cellAttributes(definition, cell.getValue(), block.balanceColors);
        const pinned = pinnedCell(cell.column, pinnedCount);
        const width = widths[cell.column.id];
        return (
          <td key={cell.id} className={pinned.className} style={{ ...pinned.style, ...style }} title={title}>
            {width === undefined ? (
              <FlexRender cell={cell} />
            ) : (
              // A widened column shows names whole (the spec's cut is for narrow columns), cut by CSS where they overflow.
              <div className="mirador-table-clip" style={{ width: innerWidth(width) }}>
                <CellContent column={widenedColumn(definition)} value={cell.getValue()} row={row.original} />
              </div>
            )}
          </td>
        );
      })}
    </tr>
  );
}

/** The nested table under an expanded row, across every column. */
export function DetailRow({ row, block, onOpenWidget, colSpan, measureRef, index }: RowProps & { colSpan: number; measureRef?: Ref<HTMLTableRowElement>; index?: number }) {
  if (!block.expand) return null;
  return (
    <tr className="mirador-table-detail" ref={measureRef} data-index={index}>
      <td colSpan={colSpan}>
        <NestedTable expand={block.expand} row={row.original} balanceColors={block.balanceColors} onOpenWidget={onOpenWidget} />
      </td>
    </tr>
  );
}
