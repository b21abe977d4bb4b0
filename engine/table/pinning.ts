import { useLayoutEffect, type CSSProperties } from 'react';

const pinnedClass = 'mirador-table-pinned';
const lastPinnedClass = 'mirador-table-pinned-last';

interface PinnableColumn {
  getIsPinned(): false | 'start' | 'end';
  getPinnedIndex(): number;
}

/** The ids TanStack pins to the start: the first `count` columns. */
export function startPinning(columnIds: readonly string[], count: number): { start: string[]; end: string[] } {
  return { start: columnIds.slice(0, count), end: [] };
}

/** Class and offset of a cell whose column is pinned; the offset is measured by usePinOffsets. */
export function pinnedCell(column: PinnableColumn, pinnedCount: number): { className?: string; style?: CSSProperties } {
  if (column.getIsPinned() !== 'start') return {};
  const index = column.getPinnedIndex();
  const className = index === pinnedCount - 1 ? `${pinnedClass} ${lastPinnedClass}` : pinnedClass;
  return { className, style: { left: `var(--mirador-pin-${index}, 0px)` } };
}

/** The chevron column of expandable rows stays pinned in front of the pinned columns. */
export const pinnedExpandCell = { className: pinnedClass, style: { left: 0 } } satisfies { className: string; style: CSSProperties };

/**
 * Writes each pinned column's left offset (the widths of the pinned header cells before it) as CSS variables on
 * `box`, again whenever the table's size changes: column widths follow their content.
 */
export function usePinOffsets(box: HTMLElement | null, pinnedCount: number): void {
  useLayoutEffect(() => {
    if (!box || pinnedCount === 0) return undefined;
    const measure = () => {
      const cells = [...box.querySelectorAll<HTMLElement>(`:scope > table > thead > tr:first-child > th.${pinnedClass}`)];
      let left = 0;
      let index = 0;
      for (const cell of cells) {
        // The chevron column has no variable of its own; it only pushes the others.
        if (cell.classList.contains('mirador-table-expand')) {
          left += cell.offsetWidth;
          continue;
        }
        box.style.setProperty(`--mirador-pin-${index}`, `${left}px`);
        left += cell.offsetWidth;
        index += 1;
      }
    };
    measure();
    const table = box.querySelector(':scope > table');
    if (!table || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(table);
    return () => observer.disconnect();
  });
}
