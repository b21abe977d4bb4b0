import { todayUtc } from '../../engine/filters/dates.ts';
import { FilterField } from '../../engine/filters/FilterField.tsx';
import type { FilterValues } from '../../engine/filters/filterValues.ts';
import type { FilterDefinition } from '../../schema/reportDefinition.ts';

export interface FilterBarProps {
  filters: FilterDefinition[];
  values: FilterValues;
  onChange(next: FilterValues): void;
}

/** A detail table's few filters in a row, with the filter drawer's own fields, applied as they change. */
export function FilterBar({ filters, values, onChange }: FilterBarProps) {
  if (filters.length === 0) return null;
  const today = todayUtc();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
      {filters.map((filter) => (
        <div key={filter.id} style={{ flex: '0 1 300px', minWidth: 220 }}>
          <FilterField
            filter={filter}
            value={values[filter.id]!}
            onChange={(value) => onChange({ ...values, [filter.id]: value })}
            today={today}
          />
        </div>
      ))}
    </div>
  );
}
