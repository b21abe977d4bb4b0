import type { ColumnDefinition, TableBlock as SchemaTableBlock } from '../../schema/reportDefinition.ts';
import type { WidgetId } from '../../schema/registries.ts';
import type { RequestSpec } from '../data/requestSpec.ts';

/** A table block of a definition, defaults filled. */
export type TableBlock = SchemaTableBlock;

/** A table's month columns: each row's amounts summed by month (core/table/monthTotals.ts). */
export type MonthTotalsSpec = NonNullable<TableBlock['monthTotals']>;

/** The every-row request of a source, where its rows are in the answer. */
export interface AllRowsRequest {
  request: RequestSpec;
  rowsPath: string;
}

/**
 * The screen a server-built file is of, as the server finds it again: the report, the table block's place (its URL
 * prefix, `0`, `1-0-2`), the screen's URL search params (filters, the table's sort and search) and route parameters.
 * The server takes the columns, totals, titles and file name from its own copy of the definition.
 */
export interface ExportScreen {
  report: string;
  block: string;
  params: string;
  routeParams: Readonly<Record<string, string>>;
}

/** What the page keeps in the URL; `page` is 1-based like the API's. */
export interface TableState {
  page: number;
  pageSize: number;
  sort: Array<{ field: string; desc: boolean }>;
  search: string;
  /**
   * The person's columns (the "Columnas" menu): every column of the definition by its key (core/data/tableState.ts
   * columnKeys), in the order shown, each shown or hidden. Undefined: the definition's, all shown in its order.
   */
  columns?: ColumnLayout;
}

/** A table's columns as a person arranged them: keys in order, each shown or not. */
export type ColumnLayout = ReadonlyArray<{ key: string; shown: boolean }>;

export type Paging = 'server' | 'client' | 'none';

/** Request parameters an export adds to the page's own (the answer to the export question). */
export type ExtraParams = Readonly<Record<string, string>>;

export interface ExportContext {
  title: string;
  /** The file's name without extension. Default: the block's `export.fileName`, else the title. */
  fileName?: string;
  /** A data tab's table exporting every tab (`export.allTabs`): their rows and the column naming the tab. Default: the rows at hand. */
  allTabs?: { column: ColumnDefinition; rows(): readonly unknown[] };
  filters: ReadonlyArray<{ label: string; value: string }>;
  /** The report's formulas, printed under the header. Default: none. */
  glossary?: ReadonlyArray<{ label: string; text: string }>;
  /**
   * Every row matching the filters, from `sourceId` (default: the table's); `extraParams` go into the request;
   * `withLines` for a file or print with nested lines (the source's `screenParams` left out).
   */
  fetchAllRows(extraParams?: ExtraParams, sourceId?: string, withLines?: boolean): Promise<readonly unknown[]>;
  /** The request `fetchAllRows` sends, for a file the server builds. Default: none (files are built in the browser). */
  allRowsRequest?(extraParams?: ExtraParams, sourceId?: string, withLines?: boolean): AllRowsRequest;
  /**
   * Whether the rows at hand (or those of `sourceId`) were asked without the rows they expand to (their source's
   * `screenParams`): a file or print with nested lines then asks for them again. Default: false.
   */
  linesLeftOut?(sourceId?: string): boolean;
  /** The screen the table is on, for a file the server builds from its own definition. Default: none (the browser builds it). */
  screen?: ExportScreen;
  /** When the rows the screen holds were read (ms since the epoch), stated on the Filtros sheet. Default: not stated. */
  dataUpdatedAt?: number;
}

export interface DataTableProps {
  block: TableBlock;
  /** Server paging: the page's rows; client/none: every row. */
  rows: readonly unknown[];
  /** Rows matching (server) or rows.length. */
  total: number;
  paging: Paging;
  loading: boolean;
  /** Controlled: the page keeps it in the URL. */
  state: TableState;
  onStateChange(next: TableState): void;
  /** The filtered period, for block.monthTotals. */
  monthRange?: { from: string; to: string };
  exportContext: ExportContext;
  onOpenWidget(id: WidgetId, key: string): void;
}
