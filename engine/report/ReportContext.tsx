import { createContext, use } from 'react';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { WidgetId } from '../../schema/registries.ts';
import type { DataTab } from '../export/allTabs.ts';
import type { IsoDay } from '../../core/filters/dates.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';

/** Changes the URL search params; `replace` for state that needs no history entry (a table's page). */
export type UpdateSearchParams = (change: (params: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => void;

/** What every block of a report page reads: the definition, the applied filters and the URL. */
export interface ReportState {
  definition: ReportDefinition;
  today: IsoDay;
  filters: FilterValues;
  routeParams: Readonly<Record<string, string | undefined>>;
  searchParams: URLSearchParams;
  updateSearchParams: UpdateSearchParams;
  openWidget(id: WidgetId, key: string): void;
}

export const ReportContext = createContext<ReportState | null>(null);

export function useReport(): ReportState {
  const report = use(ReportContext);
  if (!report) throw new Error('useReport outside a report page');
  return report;
}

/** The element of a data tab: blocks inside read their rows from it instead of fetching. */
/**
 * A data tab's element, and every tab of its block (a file of every tab's rows reads them); `fromData` says where
 * the tabs come from, for a file that asks their source again (with nested lines its screen's request left out).
 */
export type DataScope = {
  element: unknown;
  tabs?: readonly DataTab[];
  fromData?: { source: string; rows: string; title: string };
};

export const DataScopeContext = createContext<DataScope | null>(null);

export function useDataScope(): DataScope | null {
  return use(DataScopeContext);
}

/** The titles of the tabs a block sits in, outermost first. */
export const TabTitlesContext = createContext<readonly string[]>([]);

// The server names its files the same way, without React.
export { blockExportTitle } from '../../core/export/exportTitle.ts';
