import type { ReportDefinition } from '../../schema/reportDefinition.ts';
import { operatorToday } from './dates.ts';
import { filterLabel, kindOf } from './filterKinds.ts';
import type { FilterValues } from './filterValues.ts';

export interface FilterDescription {
  label: string;
  value: string;
}

/** The applied filters as a user reads them (Spanish labels, DD/MM/YYYY), for the chips, export and print. */
export function describeFilters(
  definition: Pick<ReportDefinition, 'filters'>,
  values: FilterValues,
  today: string = operatorToday(),
): FilterDescription[] {
  return definition.filters.flatMap((filter) => {
    const value = values[filter.id];
    if (filter.hidden || value === undefined) return [];
    const text = kindOf(filter).describe(filter, value, { today });
    return text === undefined ? [] : [{ label: filterLabel(filter), value: text }];
  });
}
