import { z } from 'zod';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import type { FilterContext } from '../../core/filters/filterKind.ts';
import { kindOf } from '../../core/filters/filterKinds.ts';

/** The drawer form's schema: one entry per filter, each kind validating its own value. */
export function filterFormSchema(definition: Pick<ReportDefinition, 'filters'>, context: FilterContext) {
  return z.object(Object.fromEntries(definition.filters.map((filter) => [filter.id, kindOf(filter).schema(filter, context)])));
}
