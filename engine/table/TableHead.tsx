import { Icon } from '@blueprintjs/core';
import { FlexRender, type ReactTable } from '@tanstack/react-table';
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
}

/**
 * Column headers; a click anywhere in a sortable header cycles ascending, descending and unsorted, and its button takes
 * the keyboard focus (Enter and Space).
 */
export function TableHead({ table, expandable, pinnedCount }: TableHeadProps) {
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
            return (
              <th
                key={header.id}
                scope="col"
                className={[pinned.className, sortClass].filter(Boolean).join(' ') || undefined}
                style={{ ...pinned.style, textAlign: column.columnDef.meta?.align }}
                aria-sort={canSort ? (sorted ? ariaSort[sorted] : 'none') : undefined}
                // The button's own click (mouse, Enter, Space) bubbles here too; the info icon stops its clicks.
                onClick={canSort ? column.getToggleSortingHandler() : undefined}
              >
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
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
