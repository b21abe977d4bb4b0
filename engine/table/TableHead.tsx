import { Icon } from '@blueprintjs/core';
import { FlexRender, type ReactTable } from '@tanstack/react-table';
import type { DataTableFeatures, RowRecord } from './features.ts';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;
const sortIcon = { asc: 'sort-asc', desc: 'sort-desc' } as const;

export interface TableHeadProps {
  table: ReactTable<DataTableFeatures, RowRecord>;
  /** A leading column for the expand chevrons. */
  expandable: boolean;
}

/** Column headers; a sortable one is a button that cycles ascending, descending and unsorted. */
export function TableHead({ table, expandable }: TableHeadProps) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {expandable && <th className="mirador-table-expand" aria-hidden />}
          {group.headers.map((header) => {
            const column = header.column;
            const sorted = column.getIsSorted();
            const canSort = column.getCanSort();
            return (
              <th
                key={header.id}
                scope="col"
                style={{ textAlign: column.columnDef.meta?.align }}
                aria-sort={canSort ? (sorted ? ariaSort[sorted] : 'none') : undefined}
              >
                {canSort ? (
                  <button type="button" className="mirador-table-sort" onClick={column.getToggleSortingHandler()}>
                    <FlexRender header={header} />
                    <Icon icon={sorted ? sortIcon[sorted] : 'double-caret-vertical'} size={12} className={sorted ? undefined : 'mirador-table-sort-idle'} />
                  </button>
                ) : (
                  <FlexRender header={header} />
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
