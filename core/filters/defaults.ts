import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { FilterContext } from './filterKind.ts';
import { kindOf } from './filterKinds.ts';
import type { FilterValues } from './filterValues.ts';

/** Each filter's default (presets resolved against today, the operator's), as Limpiar restores them. */
export function defaultFilterValues(definition: Pick<ReportDefinition, 'filters'>, context: FilterContext): FilterValues {
  return Object.fromEntries(definition.filters.map((filter) => [filter.id, kindOf(filter).defaultValue(filter, context)]));
}
