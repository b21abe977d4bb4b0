import { useState } from 'react';
import DataTable from '../../engine/table/DataTable.tsx';
import type { WidgetId } from '../../schema/registries.ts';
import type { TableBlock } from '../../schema/reportDefinition.ts';
import { initialTableState } from '../../core/table/initialTableState.ts';

export interface LocalTableProps {
  block: TableBlock;
  rows: readonly unknown[];
  /** Export and print title. */
  title: string;
  /** What the rows belong to, printed above them (e.g. Reserva: ref). */
  filters: ReadonlyArray<{ label: string; value: string }>;
  onOpenWidget(id: WidgetId, key: string): void;
}

/** Rows already loaded (nights, guests, order items), paged, sorted and searched in the browser. */
export function LocalTable({ block, rows, title, filters, onOpenWidget }: LocalTableProps) {
  const [state, setState] = useState(() => initialTableState(block));
  return (
    <DataTable
      block={block}
      rows={rows}
      total={rows.length}
      paging={block.pageSizes ? 'client' : 'none'}
      loading={false}
      state={state}
      onStateChange={setState}
      exportContext={{
        title,
        filters,
        fetchAllRows: async () => rows,
      }}
      onOpenWidget={onOpenWidget}
    />
  );
}
