import { HTMLSelect } from '@blueprintjs/core';
import { occupancyYears } from '../../../core/options/optionLists.ts';
import type { FieldProps } from './fieldProps.ts';

/** The year list: 2020, 2021, then each year up to ten after the current one. */
export function YearField({ value, onChange, inputId, today }: FieldProps<'year'>) {
  return (
    <HTMLSelect
      id={inputId}
      fill
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      options={occupancyYears(Number(today.slice(0, 4))).map((year) => ({ value: String(year), label: String(year) }))}
    />
  );
}
