import { useSource, type SourceResult } from '../data/useSource.ts';
import { useDataScope, useReport } from './ReportContext.tsx';

/** A block's answer: its data tab's element when inside one, else its source fetched for the applied filters. */
export function useBlockAnswer(sourceId: string): SourceResult & { scoped: boolean } {
  const report = useReport();
  const scope = useDataScope();
  const result = useSource(report.definition, sourceId, {
    filters: report.filters,
    routeParams: report.routeParams,
    enabled: !scope,
  });
  if (!scope) return { ...result, scoped: false };
  return { ...result, answer: scope.element, isPending: false, isFetching: false, error: null, scoped: true };
}
