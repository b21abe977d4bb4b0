import { render } from '@testing-library/react';
import { useState } from 'react';
import { vi } from 'vitest';
import { blockSchema, type TableBlockInput } from '../../schema/reportDefinition.ts';
import DataTable from './DataTable.tsx';
import { initialTableState } from '../../core/table/initialTableState.ts';
import type { DataTableProps, TableBlock, TableState } from '../../core/table/types.ts';

/** A table block as the engine reads it (defaults filled by the schema). */
export function tableBlock(input: Omit<TableBlockInput, 'kind' | 'source'>): TableBlock {
  return blockSchema.parse({ kind: 'table', source: 'rows', ...input }) as TableBlock;
}

export type RenderOptions = Partial<Omit<DataTableProps, 'block' | 'rows'>> & {
  /** Keep the state in the harness (as the page does) instead of a fixed one. */
  controlled?: boolean;
};

/** Renders a DataTable with spies for its callbacks; `controlled` keeps its state like the page would. */
export function renderDataTable(block: TableBlock, rows: readonly unknown[], options: RenderOptions = {}) {
  const onStateChange = vi.fn<(next: TableState) => void>();
  const onOpenWidget = vi.fn<DataTableProps['onOpenWidget']>();
  const fetchAllRows = vi.fn<DataTableProps['exportContext']['fetchAllRows']>(async () => rows);
  const { controlled = true, ...overrides } = options;
  const props: DataTableProps = {
    block,
    rows,
    total: rows.length,
    paging: block.pageSizes ? 'client' : 'none',
    loading: false,
    state: initialTableState(block),
    onStateChange,
    exportContext: { title: 'Reporte de prueba', filters: [{ label: 'Estado', value: 'Confirmado' }], fetchAllRows },
    onOpenWidget,
    ...overrides,
  };

  function Harness() {
    const [state, setState] = useState(props.state);
    return (
      <DataTable
        {...props}
        state={state}
        onStateChange={(next) => {
          onStateChange(next);
          setState(next);
        }}
      />
    );
  }

  const view = render(controlled ? <Harness /> : <DataTable {...props} />);
  return { ...view, onStateChange, onOpenWidget, fetchAllRows, props };
}

/** The visible text of each body row's cells. */
export function bodyRows(container: HTMLElement): string[][] {
  return [...container.querySelectorAll('table.mirador-table > tbody > tr:not(.mirador-table-spacer):not(.mirador-table-detail)')].map((tr) =>
    [...tr.querySelectorAll(':scope > td')].map((td) => td.textContent ?? ''),
  );
}
