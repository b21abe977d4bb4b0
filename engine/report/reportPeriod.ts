import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { kindOf } from '../../core/filters/filterKinds.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';

/** The filtered period of a source: the first of its filters naming both a first and a last day. */
export function reportPeriod(
  definition: Pick<ReportDefinition, 'filters' | 'sources'>,
  sourceId: string,
  values: FilterValues,
): { from: string; to: string } | undefined {
  const sent = definition.sources[sourceId]?.filters;
  for (const filter of definition.filters) {
    const value = values[filter.id];
    if ((sent && !sent.includes(filter.id)) || value === undefined) continue;
    const days = kindOf(filter).days?.(filter, value);
    const from = days?.from ?? days?.to;
    const to = days?.to ?? days?.from;
    if (from && to) return { from, to };
  }
  return undefined;
}
