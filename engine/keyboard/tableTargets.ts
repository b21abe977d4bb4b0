import { Classes } from '@blueprintjs/core';
import { useEffect, useRef, type RefObject } from 'react';

/** What the page shortcuts can do to a table (or to a calendar, which prints but has no search and no Excel). */
export interface TableTarget {
  /** The table's block: where it is on the page, whether it is shown. */
  element: RefObject<HTMLElement | null>;
  /** Focuses the search box; false when the table has none. */
  focusSearch(): boolean;
  /** Exports the rows to Excel; absent where there is nothing to export (a calendar). */
  exportFile?(): void;
  print(): void;
}

// The tables mounted now, each kept current by its component.
const mounted = new Set<RefObject<TableTarget>>();

/** Makes a table reachable by the page shortcuts while it is mounted. */
export function useTableTarget(target: TableTarget): void {
  const ref = useRef(target);
  ref.current = target;
  useEffect(() => {
    mounted.add(ref);
    return () => void mounted.delete(ref);
  }, []);
}

/**
 * The table a page shortcut acts on: the one holding the focus, else the first shown on the page (the open tab's: other
 * tabs' tables are not rendered or not shown). Tables inside a panel or dialog are not the page's.
 */
export function shownTable(): TableTarget | undefined {
  const shown = [...mounted]
    .map((ref) => ref.current)
    .filter((target) => {
      const element = target.element.current;
      return element !== null && element.isConnected && element.getClientRects().length > 0 && element.closest(`.${Classes.OVERLAY}`) === null;
    })
    .sort((a, b) => (a.element.current!.compareDocumentPosition(b.element.current!) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const active = document.activeElement;
  return shown.find((target) => active !== null && target.element.current!.contains(active)) ?? shown[0];
}
