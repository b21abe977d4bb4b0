import { HTMLTable, Spinner } from '@blueprintjs/core';
import { useQuery, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { createContext, use } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import { getPath } from '../../core/paths.ts';
import { BlockError } from '../report/BlockError.tsx';
import { texts } from '../texts.ts';
import { CellContent, cellAttributes } from './CellContent.tsx';
import { columnAlign, columnValue } from '../../core/table/cellValues.ts';
import { rowActivation } from './rowActivation.ts';
import type { TableBlock } from '../../core/table/types.ts';

type Expand = NonNullable<TableBlock['expand']>;

/** The query of an opened row's nested rows (`expand.source`): its cache key, its fetch and its error notice. */
export interface NestedRowsQuery {
  queryKey: QueryKey;
  queryFn: QueryFunction;
  meta?: Record<string, unknown>;
}

/** How the table's page asks for an opened row's nested rows; none outside a report page. */
export const NestedRowsContext = createContext<((row: unknown) => NestedRowsQuery) | undefined>(undefined);

export interface NestedTableProps {
  expand: Expand;
  row: unknown;
  balanceColors: TableBlock['balanceColors'];
  onOpenWidget(id: WidgetId, key: string): void;
}

/**
 * The nested rows of an expanded row (a room's bookings, a review's values), with their own columns: the row's own, or
 * with `expand.source` those its request answers, asked when the row is opened.
 */
export function NestedTable(props: NestedTableProps) {
  if (props.expand.source !== undefined) return <FetchedNestedTable {...props} />;
  return <NestedRows {...props} rows={getPath(props.row, props.expand.rows)} />;
}

function FetchedNestedTable(props: NestedTableProps) {
  const nestedQuery = use(NestedRowsContext);
  if (!nestedQuery) throw new Error('Nested rows of a source of their own need the report page that asks for them');
  const query = useQuery(nestedQuery(props.row));
  if (query.error && query.data === undefined) return <BlockError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <Spinner size={20} aria-label={texts.app.loading} className="mirador-table-nested-loading" />;
  return <NestedRows {...props} rows={getPath(query.data, props.expand.rows)} />;
}

function NestedRows({ expand, rows: nested, balanceColors, onOpenWidget }: NestedTableProps & { rows: unknown }) {
  const rows: readonly unknown[] = Array.isArray(nested) ? nested : [];
  if (rows.length === 0) return <p className="mirador-table-empty">{texts.table.empty}</p>;
  return (
    <HTMLTable compact className="mirador-table-nested">
      <thead>
        <tr>
          {expand.columns.map((column, index) => (
            <th key={index} scope="col" style={{ textAlign: columnAlign(column) }}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((item, rowIndex) => (
          <tr key={rowIndex} {...rowActivation(expand.rowClick, item, onOpenWidget)}>
            {expand.columns.map((column, index) => {
              const value = columnValue(column, item);
              return (
                <td key={index} {...cellAttributes(column, value, balanceColors)}>
                  <CellContent column={column} value={value} row={item} />
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
