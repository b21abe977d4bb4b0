import { filterSchema, type FilterDefinition, type FilterInput } from '../../schema/reportDefinition.ts';
import { operatorToday } from '../../core/filters/dates.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { describeFilters, type FilterDescription } from '../../core/filters/describeFilters.ts';
import { kindOf } from '../../core/filters/filterKinds.ts';
import type { FilterValues } from '../../core/filters/filterValues.ts';
import type { Query } from './useWidgetQuery.ts';

/** Filter literals through the definition schema, with the same defaults as a report's. */
export const parseFilters = (filters: FilterInput[]): FilterDefinition[] => filters.map((f) => filterSchema.parse(f));

/** Each filter's empty or default value, as the engine's filter drawer starts. */
export const initialFilterValues = (filters: FilterDefinition[]): FilterValues =>
  defaultFilterValues({ filters }, { today: operatorToday() });

/** The request parameters of the filters, written by each filter kind (dates YYYY-MM-DD, lists repeated). */
export function filtersQuery(filters: FilterDefinition[], values: FilterValues): Query {
  return filters.flatMap((filter) => {
    const value = values[filter.id];
    return value === undefined ? [] : kindOf(filter).toQuery(filter, value);
  });
}

/** The applied filters as the user reads them, for export and print. */
export const filtersLabels = (filters: FilterDefinition[], values: FilterValues): FilterDescription[] =>
  describeFilters({ filters }, values);
