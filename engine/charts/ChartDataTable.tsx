import { Button } from '@blueprintjs/core';
import { useCallback, useId, useMemo, useState } from 'react';
import { describeFilters } from '../../core/filters/describeFilters.ts';
import { usePrinting } from '../print/usePrinting.ts';
import { reportGlossary } from '../report/glossary.ts';
import { useReport } from '../report/ReportContext.tsx';
import DataTable, { initialTableState, type ExportContext, type TableState } from '../table/DataTable.tsx';
import { texts } from '../texts.ts';
import { chartTableRows, type ChartBlock, type ChartRow } from './chartRows.ts';
import { chartTableBlock } from './chartTable.ts';

export interface ChartDataTableProps {
  block: ChartBlock;
  rows: readonly ChartRow[];
  /** The chart's title, which names the table and its file. */
  title: string;
  /** A drillable chart: a row (click, or Enter on the focused row) opens the rows behind its mark, by its index. */
  onOpenRow?: ((index: number) => void) | undefined;
}

/** "Ver datos": the chart's own rows as a table with the engine's search-free toolbar (print, Excel, CSV); printed with the page. */
export function ChartDataTable({ block, rows, title, onOpenRow }: ChartDataTableProps) {
  const { definition, filters, today, openWidget } = useReport();
  const [open, setOpen] = useState(false);
  const printing = usePrinting();
  const tableId = useId();
  const drillable = onOpenRow !== undefined;
  const table = useMemo(() => chartTableBlock(block, title, drillable), [block, title, drillable]);
  const tableRows = useMemo(() => chartTableRows(block, rows), [block, rows]);
  // The table's rows open as its rows open a detail (click, Enter, one row in the tab order): here, the drill by row index.
  const openRow = useCallback((_widget: unknown, key: string) => onOpenRow?.(Number(key)), [onOpenRow]);
  const [state, setState] = useState<TableState>(() => initialTableState(table));
  const exportContext = useMemo(
    (): ExportContext => ({
      title: `${definition.title} - ${title}`,
      filters: describeFilters(definition, filters, today),
      glossary: reportGlossary(definition),
      fetchAllRows: async () => tableRows,
    }),
    [definition, filters, today, title, tableRows],
  );
  return (
    <div className="report-chart-data">
      <Button
        variant="minimal"
        size="small"
        icon="th"
        text={open ? texts.report.hideData : texts.report.showData}
        aria-expanded={open}
        aria-controls={open ? tableId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      />
      {/* Drawn while open, and on paper under the chart whether open or not; a closed chart holds no hidden table. */}
      {open || printing ? (
        <div id={tableId} className="report-chart-table" role="region" aria-label={texts.report.chartData(title)}>
          <DataTable
            block={table}
            rows={tableRows}
            total={tableRows.length}
            paging="none"
            loading={false}
            state={state}
            onStateChange={setState}
            exportContext={exportContext}
            onOpenWidget={drillable ? openRow : openWidget}
          />
        </div>
      ) : null}
    </div>
  );
}
