import type { ExportRequest } from '../../core/export/exportDescription.ts';
import { formatValue } from '../../core/format.ts';
import { getSession } from '../session/session.ts';
import { monthColumn } from './buildColumns.tsx';
import { withLines, type ExportLines } from '../../core/table/exportLines.ts';
import { shownMonths, withMonthTotals } from '../../core/table/monthTotals.ts';
import type { ExportContext, MonthTotalsSpec, TableBlock } from '../../core/table/types.ts';
import { operatorTimeZone } from '../../core/timeZone.ts';

export interface MonthTotalsInput {
  spec: MonthTotalsSpec;
  sums: (row: unknown) => ReadonlyMap<string, number>;
  range: { from: string; to: string } | undefined;
}

/** What export and print receive: the block's columns (and month columns, and nested lines) over the given rows. */
export function exportRequest(
  block: TableBlock,
  context: ExportContext,
  rows: readonly unknown[],
  search: string,
  monthTotals: MonthTotalsInput | undefined,
  lines?: ExportLines,
  /** When the rows were read (ms since the epoch), for the Filtros sheet. Default: not stated. */
  readAt?: number,
): ExportRequest {
  const months = monthTotals ? shownMonths(rows, monthTotals.sums, monthTotals.range) : [];
  // A file of every data tab's rows names each row's tab first.
  const blockColumns = context.allTabs ? [context.allTabs.column, ...block.columns] : block.columns;
  const ownColumns = monthTotals ? [...blockColumns, ...months.map((key) => monthColumn(key, monthTotals.spec))] : blockColumns;
  // Without nested lines the month sums are added where the rows are used (withMonthSums: the file's worker, print).
  const deferSums = monthTotals !== undefined && !lines;
  const ownRows = monthTotals && !deferSums ? withMonthTotals(rows, months, monthTotals.sums) : rows;
  const { columns, rows: exported } = lines ? withLines(ownColumns, ownRows, lines) : { columns: ownColumns, rows: ownRows };
  const employee = getSession()?.employee;
  return {
    title: context.title,
    fileName: context.fileName ?? block.export?.fileName ?? context.title,
    columns,
    rows: exported,
    ...(deferSums ? { monthSums: { spec: monthTotals.spec, months } } : {}),
    totals: columns.some((column) => column.total !== undefined),
    filters: context.filters,
    ...(context.glossary?.length ? { glossary: context.glossary } : {}),
    ...(search ? { search } : {}),
    generatedBy: employee ? formatValue('fullName', employee) : '',
    generatedAt: new Date(),
    ...(readAt ? { dataAsOf: new Date(readAt) } : {}),
    timeZone: operatorTimeZone(),
  };
}
