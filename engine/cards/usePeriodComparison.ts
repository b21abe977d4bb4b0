import { comparedFilters, periodText, readCompareMode, type CompareMode } from '../../core/filters/comparePeriod.ts';
import { useSource } from '../data/useSource.ts';
import { useDataScope, useReport } from '../report/ReportContext.tsx';
import { texts } from '../texts.ts';

/** A cards block's comparison with another period: the same source asked again with the period moved. */
export interface PeriodComparisonState {
  mode: CompareMode;
  /** "Periodo anterior" or "Año anterior". */
  label: string;
  /** The period compared with, as read: "01/10/2026 – 31/10/2026". */
  period: string;
  /** That period's answer; undefined while it loads or when it failed. */
  answer: unknown;
  error: Error | null;
  retry(): void;
}

/**
 * The comparison the screen's "Comparar con:" asks of a source (URL `compare`): its request planned like the screen's
 * own (planRequest, so the moved period goes through the filter's parameters) and fetched and cached by TanStack Query
 * under its own key, unless no card `needed` it. Undefined without a comparison, inside a data tab, or when no period filters the source now.
 */
export function usePeriodComparison(sourceId: string, needed: (mode: CompareMode) => boolean = () => true): PeriodComparisonState | undefined {
  const report = useReport();
  const scope = useDataScope();
  const mode = readCompareMode(report.searchParams);
  const compared = mode !== undefined && !scope ? comparedFilters(report.definition, sourceId, report.filters, mode) : undefined;
  const result = useSource(report.definition, sourceId, {
    filters: compared?.filters ?? report.filters,
    routeParams: report.routeParams,
    // Not fetched where every card keeps the server's own comparison (KPIs against last year).
    enabled: compared !== undefined && needed(mode!),
  });
  if (mode === undefined || compared === undefined) return undefined;
  return {
    mode,
    label: texts.periodCompare.modes[mode],
    period: periodText(compared.shifted),
    answer: result.answer,
    error: result.error,
    retry: result.retry,
  };
}
