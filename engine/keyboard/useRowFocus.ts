import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

/** The row a key moves to from row `index` of `count`, or undefined when the key does not move. */
export function nextRowIndex(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

/** The body row an event happened on itself (not on a button inside it), with its id. */
function eventRow(target: EventTarget): HTMLTableRowElement | undefined {
  return target instanceof HTMLTableRowElement && target.dataset.rowId !== undefined ? target : undefined;
}

export interface RowFocus {
  /** The tab index of the row with this id: 0 for the one row Tab reaches, -1 for the others. */
  tabIndex(id: string): 0 | -1;
  /** For the body: arrow keys, Home and End move the focus between rows; a focused row becomes the one Tab reaches. */
  bodyProps: {
    onKeyDown(event: KeyboardEvent<HTMLTableSectionElement>): void;
    onFocus(event: FocusEvent<HTMLTableSectionElement>): void;
  };
}

/**
 * A roving tab index over a table's rows: one row is in the tab order, the arrow keys (Up, Down, Home, End) move the
 * focus through the rows. `reveal` brings a row into the DOM first when the body renders only the rows in view.
 */
export function useRowFocus(ids: readonly string[], reveal?: (index: number) => void): RowFocus {
  const [active, setActive] = useState<string | undefined>(undefined);
  const pending = useRef<string | undefined>(undefined);
  const body = useRef<HTMLTableSectionElement | null>(null);
  const current = active !== undefined && ids.includes(active) ? active : ids[0];

  // Focuses the row asked for once it is rendered (a virtual body renders it after scrolling to it).
  useEffect(() => {
    if (pending.current === undefined || !body.current) return;
    const row = [...body.current.rows].find((candidate) => candidate.dataset.rowId === pending.current);
    if (!row) return;
    pending.current = undefined;
    row.focus();
  });

  return {
    tabIndex: (id) => (id === current ? 0 : -1),
    bodyProps: {
      onKeyDown(event) {
        const row = eventRow(event.target);
        if (!row || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return;
        const next = nextRowIndex(event.key, ids.indexOf(row.dataset.rowId!), ids.length);
        if (next === undefined) return;
        event.preventDefault();
        body.current = event.currentTarget;
        pending.current = ids[next];
        setActive(ids[next]);
        reveal?.(next);
        // The same row (Up on the first): no render follows, focus stays.
        if (ids[next] === row.dataset.rowId) pending.current = undefined;
      },
      onFocus(event) {
        const row = eventRow(event.target);
        if (row && row.dataset.rowId !== current) setActive(row.dataset.rowId);
      },
    },
  };
}
