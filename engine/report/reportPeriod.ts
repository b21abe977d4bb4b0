import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { periodOf } from '../../core/filters/comparePeriod.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';

/** The filtered period of a source: the first of its filters naming both a first and a last day. */
export function reportPeriod(
  definition: Pick<ReportDefinition, 'filters' | 'sources'>,
  sourceId: string,
  values: FilterValues,
): { from: string; to: string } | undefined {
  return periodOf(definition, sourceId, values)?.period;
}
