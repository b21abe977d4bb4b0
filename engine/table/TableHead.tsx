import { Icon } from '@blueprintjs/core';
import { FlexRender, type ColumnSizingState, type ReactTable } from '@tanstack/react-table';
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { texts } from '../texts.ts';
import { HelpIcon } from '../ui/HelpIcon.tsx';
import type { DataTableFeatures, RowRecord } from './features.ts';
import { pinnedCell, pinnedExpandCell } from './pinning.ts';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;
const sortIcon = { asc: 'sort-asc', desc: 'sort-desc' } as const;

export interface TableHeadProps {
  table: ReactTable<DataTableFeatures, RowRecord>;
  /** A leading column for the expand chevrons. */
  expandable: boolean;
  /** How many leading columns stay in view when the table scrolls sideways. */
  pinnedCount: number;
  /** Widths a person gave columns (px by column id); the others size to their content. */
  widths: ColumnSizingState;
}

/** The narrowest a person can make a column, and the widest. */
export const minColumnWidth = 40;
export const maxColumnWidth = 1200;
const keyStep = 10;

/** Width inside a cell's side padding (8 px each side, DataTable.css). */
export const innerWidth = (width: number) => Math.max(width - 16, 0);

interface ResizeHandleProps {
  header: string;
  /** The width given, else undefined (the column sizes to its content). */
  width: number | undefined;
  onResize(width: number | undefined): void;
}

/**
 * The handle at a header's right edge: drag it, or focus it and press ← → (Mayús for larger steps); Inicio gives the
 * column back its own width. A focusable separator with its value, as WAI-ARIA's window splitter.
 */
function ResizeHandle({ header, width, onResize }: ResizeHandleProps) {
  // The column's width as drawn, for a screen reader (aria-valuenow) and the first key press.
  const ref = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(0);
  useLayoutEffect(() => {
    const now = Math.round(ref.current?.parentElement?.getBoundingClientRect().width ?? 0);
    if (now !== drawn) setDrawn(now);
  });
  const clamp = (value: number) => Math.min(maxColumnWidth, Math.max(minColumnWidth, Math.round(value)));
  const cellWidth = (element: HTMLElement) => width ?? element.parentElement?.getBoundingClientRect().width ?? 0;
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const handle = event.currentTarget;
    const start = cellWidth(handle);
    const startX = event.clientX;
    handle.setPointerCapture?.(event.pointerId);
    const move = (e: globalThis.PointerEvent) => onResize(clamp(start + e.clientX - startX));
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
    event.preventDefault();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? keyStep * 5 : keyStep;
    const current = cellWidth(event.currentTarget);
    if (event.key === 'ArrowRight') onResize(clamp(current + step));
    else if (event.key === 'ArrowLeft') onResize(clamp(current - step));
    else if (event.key === 'Home') onResize(undefined);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={texts.table.resizeColumn(header)}
      aria-valuemin={minColumnWidth}
      aria-valuemax={maxColumnWidth}
      aria-valuenow={Math.min(maxColumnWidth, Math.max(minColumnWidth, width ?? drawn))}
      ref={ref}
      tabIndex={0}
      className="mirador-table-resize"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      // Neither a drag's click nor a key sorts the column.
      onClick={(event) => event.stopPropagation()}
    />
  );
}

/**
 * Column headers; a click anywhere in a sortable header cycles ascending, descending and unsorted, and its button takes
 * the keyboard focus (Enter and Space).
 */
export function TableHead({ table, expandable, pinnedCount, widths }: TableHeadProps) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {expandable && (
            <th aria-hidden className={pinnedCount > 0 ? `mirador-table-expand ${pinnedExpandCell.className}` : 'mirador-table-expand'} style={pinnedCount > 0 ? pinnedExpandCell.style : undefined} />
          )}
          {group.headers.map((header) => {
            const column = header.column;
            const sorted = column.getIsSorted();
            const canSort = column.getCanSort();
            const definition = column.columnDef.meta?.definition;
            const help = definition?.help ? { header: definition.header, text: definition.help } : undefined;
            const pinned = pinnedCell(column, pinnedCount);
            const sortClass = canSort ? 'mirador-table-sortable' : undefined;
            const width = widths[column.id];
            const resize = (next: number | undefined) =>
              table.setColumnSizing((old) => {
                const { [column.id]: _, ...rest } = old;
                return next === undefined ? rest : { ...rest, [column.id]: next };
              });
            const content = (
              <>
                {/* The info icon sits beside the sort button, never inside it: a button holds no button. */}
                {canSort ? (
                  <button type="button" className="mirador-table-sort">
                    <FlexRender header={header} />
                    <Icon icon={sorted ? sortIcon[sorted] : 'double-caret-vertical'} size={12} className={sorted ? undefined : 'mirador-table-sort-idle'} />
                  </button>
                ) : (
                  <FlexRender header={header} />
                )}
                {help ? <HelpIcon label={help.header} text={help.text} /> : null}
              </>
            );
            return (
              <th
                key={header.id}
                scope="col"
                // Named by its header alone: the resize handle inside it is a control of its own, with its own name.
                aria-label={definition?.header}
                className={[pinned.className, sortClass].filter(Boolean).join(' ') || undefined}
                style={{ ...pinned.style, textAlign: column.columnDef.meta?.align }}
                aria-sort={canSort ? (sorted ? ariaSort[sorted] : 'none') : undefined}
                // The button's own click (mouse, Enter, Space) bubbles here too; the info icon stops its clicks.
                onClick={canSort ? column.getToggleSortingHandler() : undefined}
              >
                {/* First in the cell (drawn at its right edge): Tab from the last header goes on to the rows. */}
                {/* Month columns hold figures of a fixed width: nothing to widen. */}
                {column.columnDef.meta?.month ? null : <ResizeHandle header={definition?.header ?? ''} width={width} onResize={resize} />}
                {width === undefined ? content : (
                  <div className="mirador-table-clip" style={{ width: innerWidth(width) }} title={definition?.header}>
                    {content}
                  </div>
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
