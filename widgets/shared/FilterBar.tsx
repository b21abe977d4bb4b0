import { operatorToday } from '../../core/filters/dates.ts';
import { CheckedFilterField } from '../../engine/filters/InlineFilters.tsx';
import type { FilterValues } from '../../core/filters/filterValues.ts';
import type { FilterDefinition } from '../../schema/reportDefinition.ts';

export interface FilterBarProps {
  filters: FilterDefinition[];
  values: FilterValues;
  onChange(next: FilterValues): void;
}

/** A detail table's few filters in a row, with the filter drawer's own fields and checks, applied as they change when valid. */
export function FilterBar({ filters, values, onChange }: FilterBarProps) {
  if (filters.length === 0) return null;
  const today = operatorToday();
  const definition = { filters, filterRules: [] };
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
      {filters.map((filter) => (
        <div key={filter.id} style={{ flex: '0 1 300px', minWidth: 220 }}>
          <CheckedFilterField filter={filter} definition={definition} values={values} onApply={onChange} today={today} />
        </div>
      ))}
    </div>
  );
}
