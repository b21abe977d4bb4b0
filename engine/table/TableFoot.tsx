import type { ReactTable } from '@tanstack/react-table';
import { formatValue } from '../core/format.ts';
import { texts } from '../texts.ts';
import type { DataTableFeatures, RowRecord } from './features.ts';

export interface TableFootProps {
  table: ReactTable<DataTableFeatures, RowRecord>;
  /** The server pages, so the rows at hand are one page. */
  pageOnly: boolean;
  expandable: boolean;
}

/** Column totals, each formatted like its column (counts as integers); labelled as the page's when the server pages. */
export function TableFoot({ table, pageOnly, expandable }: TableFootProps) {
  // TanStack aggregates the filtered rows (every page of a client table, or the server's page), cached per row model.
  const label = pageOnly ? texts.table.pageTotal : texts.table.total;
  const columns = table.getAllLeafColumns();
  return (
    <tfoot>
      <tr aria-label={label}>
        {expandable && <td />}
        {columns.map((column, index) => {
          const meta = column.columnDef.meta!;
          const total = meta.definition.total;
          const content = total
            ? formatValue(total === 'count' ? 'integer' : meta.definition.format, column.getAggregationValue<unknown>())
            : index === 0
              ? label
              : '';
          return (
            <td key={column.id} style={{ textAlign: total ? meta.align : undefined }}>
              {content}
            </td>
          );
        })}
      </tr>
    </tfoot>
  );
}
