import type { ColumnDefinition } from '../../schema/reportDefinition.ts';
import type { MonthTotalsSpec } from '../table/types.ts';

/** What a file says about its rows: everything but the rows (a server export sends this and streams the rows). */
export interface ExportDescription {
  /** Report title: the first line of the Filtros sheet and of the print header. */
  title: string;
  fileName: string;
  columns: ColumnDefinition[];
  /** Show a totals row (the table has column totals). */
  totals: boolean;
  /** Applied filters as the user reads them. */
  filters: ReadonlyArray<{ label: string; value: string }>;
  /** The report's formulas (label and `help`), printed under the header. */
  glossary?: ReadonlyArray<{ label: string; text: string }>;
  search?: string;
  /** The screen's "Comparar con:", e.g. "Periodo anterior (01/10/2026 – 31/10/2026)" (describeComparison). Default: none. */
  comparison?: string | undefined;
  generatedBy: string;
  generatedAt: Date;
  /** When the rows were read from the database: the screen's query, or the server's read. Default: not stated. */
  dataAsOf?: Date | number | undefined;
  /** The operator's time zone (OPERATOR_TIME_ZONE), whose clock and name the file's times are written in. Default: UTC. */
  timeZone?: string | undefined;
}

export interface ExportRequest extends ExportDescription {
  rows: readonly unknown[];
  /**
   * Month columns whose values are summed from each row's nested list where the rows are used (withMonthSums in
   * core/table/monthTotals.ts: the file's worker, print), not on the page. Default: none.
   */
  monthSums?: { spec: MonthTotalsSpec; months: readonly string[] } | undefined;
}
