import { FormGroup } from '@blueprintjs/core';
import { useId, type ComponentType } from 'react';
import type { FilterDefinition } from '../../schema/reportDefinition.ts';
import type { IsoDay } from '../../core/filters/dates.ts';
import { filterFields } from './filterFields.ts';
import { filterLabel } from '../../core/filters/filterKinds.ts';
import type { FilterValue } from '../../core/filters/filterValues.ts';

export interface FilterFieldProps {
  filter: FilterDefinition;
  value: FilterValue;
  onChange(value: FilterValue): void;
  error?: string | undefined;
  today: IsoDay;
  /** Label beside the field rather than above it (a filter on the page). */
  inline?: boolean;
}

type AnyField = ComponentType<{ filter: FilterDefinition; value: FilterValue; onChange(value: FilterValue): void; label: string; inputId: string; today: IsoDay }>;

/** One filter of the drawer: its label, its kind's field, its validation message. */
export function FilterField({ filter, value, onChange, error, today, inline = false }: FilterFieldProps) {
  const inputId = useId();
  const label = filterLabel(filter);
  const Field = filterFields[filter.kind] as AnyField;
  return (
    <div role="group" aria-label={label} className="filter-field">
      <FormGroup label={label} labelFor={inputId} inline={inline} intent={error ? 'danger' : 'none'} helperText={error}>
        <Field filter={filter} value={value} onChange={onChange} label={label} inputId={inputId} today={today} />
      </FormGroup>
    </div>
  );
}
