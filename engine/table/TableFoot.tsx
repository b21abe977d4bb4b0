import type { ReactTable } from '@tanstack/react-table';
import { formatValue } from '../../core/format.ts';
import { texts } from '../texts.ts';
import { Withheld } from '../rights/Withheld.tsx';
import { isBlank } from '../../core/table/cellValues.ts';
import type { DataTableFeatures, RowRecord } from './features.ts';
import { pinnedCell, pinnedExpandCell } from './pinning.ts';

export interface TableFootProps {
  table: ReactTable<DataTableFeatures, RowRecord>;
  /** The server pages, so the rows at hand are one page. */
  pageOnly: boolean;
  expandable: boolean;
  pinnedCount: number;
}

/** Column totals, each formatted like its column (counts as integers); labelled as the page's when the server pages. */
export function TableFoot({ table, pageOnly, expandable, pinnedCount }: TableFootProps) {
  // TanStack aggregates the filtered rows (every page of a client table, or the server's page), cached per row model.
  const label = pageOnly ? texts.table.pageTotal : texts.table.total;
  const columns = table.getVisibleLeafColumns();
  return (
    <tfoot>
      <tr aria-label={label}>
        {expandable && <td {...(pinnedCount > 0 ? pinnedExpandCell : {})} />}
        {columns.map((column, index) => {
          const meta = column.columnDef.meta!;
          const total = meta.definition.total;
          const right = meta.definition.right;
          // Rows whose figure the server withheld every time: their total is withheld too, not 0.
          const withheld = total && right !== undefined && rowsWithheld(table, column.id);
          const content = withheld && right
            ? <Withheld right={right} />
            : total
            ? formatValue(total === 'count' ? 'integer' : meta.definition.format, column.getAggregationValue<unknown>())
            : index === 0
              ? label
              : '';
          const pinned = pinnedCell(column, pinnedCount);
          return (
            <td key={column.id} className={pinned.className} style={{ ...pinned.style, textAlign: total ? meta.align : undefined }}>
              {content}
            </td>
          );
        })}
      </tr>
    </tfoot>
  );
}

/** Whether the column's rows exist and none holds a value (the server withheld the figure). */
function rowsWithheld(table: ReactTable<DataTableFeatures, RowRecord>, columnId: string): boolean {
  const rows = table.getFilteredRowModel().rows;
  return rows.length > 0 && rows.every((row) => isBlank(row.getValue(columnId)));
}
