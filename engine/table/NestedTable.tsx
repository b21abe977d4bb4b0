import { HTMLTable } from '@blueprintjs/core';
import type { WidgetId } from '../../schema/registries.ts';
import { getPath } from '../../core/paths.ts';
import { texts } from '../texts.ts';
import { CellContent, cellAttributes } from './CellContent.tsx';
import { columnAlign, columnValue } from '../../core/table/cellValues.ts';
import { rowActivation } from './rowActivation.ts';
import type { TableBlock } from '../../core/table/types.ts';

export interface NestedTableProps {
  expand: NonNullable<TableBlock['expand']>;
  row: unknown;
  balanceColors: TableBlock['balanceColors'];
  onOpenWidget(id: WidgetId, key: string): void;
}

/** The nested rows of an expanded row (a room's bookings, a review's values), with their own columns. */
export function NestedTable({ expand, row, balanceColors, onOpenWidget }: NestedTableProps) {
  const nested = getPath(row, expand.rows);
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
