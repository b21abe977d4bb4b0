import type { ExportRequest } from '../export/exportTable.ts';
import { formatValue } from '../core/format.ts';
import { getSession } from '../session/session.ts';
import { monthColumn, monthTotalsField } from './buildColumns.tsx';
import { withLines, type ExportLines } from './exportLines.ts';
import { shownMonths, type MonthTotalsSpec } from './monthTotals.ts';
import type { ExportContext, TableBlock } from './types.ts';

export interface MonthTotalsInput {
  spec: MonthTotalsSpec;
  sums: (row: unknown) => ReadonlyMap<string, number>;
  range: { from: string; to: string } | undefined;
}

/** Rows with their month sums under one field, so month columns export like the others. */
function withMonthTotals(rows: readonly unknown[], months: readonly string[], sums: MonthTotalsInput['sums']): unknown[] {
  return rows.map((row) => {
    const perMonth = sums(row);
    const totals: Record<string, number> = {};
    for (const key of months) totals[`m${key.replace('-', '_')}`] = perMonth.get(key) ?? 0;
    return { ...(row as object), [monthTotalsField]: totals };
  });
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
  const ownColumns = monthTotals ? [...block.columns, ...months.map((key) => monthColumn(key, monthTotals.spec))] : block.columns;
  const ownRows = monthTotals ? withMonthTotals(rows, months, monthTotals.sums) : rows;
  const { columns, rows: exported } = lines ? withLines(ownColumns, ownRows, lines) : { columns: ownColumns, rows: ownRows };
  const employee = getSession()?.employee;
  return {
    title: context.title,
    fileName: block.export?.fileName ?? context.title,
    columns,
    rows: exported,
    totals: columns.some((column) => column.total !== undefined),
    filters: context.filters,
    ...(context.glossary?.length ? { glossary: context.glossary } : {}),
    ...(search ? { search } : {}),
    generatedBy: employee ? formatValue('fullName', employee) : '',
    generatedAt: new Date(),
    ...(readAt ? { dataAsOf: new Date(readAt) } : {}),
  };
}
