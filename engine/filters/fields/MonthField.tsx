import { ControlGroup, HTMLSelect } from '@blueprintjs/core';
import { occupancyYears } from '../../../core/options/optionLists.ts';
import { texts } from '../../texts.ts';
import { monthOf } from '../../../core/filters/dates.ts';
import type { FieldProps } from './fieldProps.ts';

/** A month and a year; the request gets the month's first and last day. */
export function MonthField({ value, onChange, label, inputId, today }: FieldProps<'month'>) {
  const [year, month] = (value ?? monthOf(today)).split('-');
  const set = (nextYear: string, nextMonth: string) => onChange(nextMonth ? `${nextYear}-${nextMonth}` : null);
  return (
    <ControlGroup fill>
      <HTMLSelect
        id={inputId}
        aria-label={`${label} ${texts.filters.month}`}
        value={value ? month : ''}
        onChange={(event) => set(year!, event.currentTarget.value)}
        options={[
          { value: '', label: texts.filters.none },
          ...texts.months.map((name, index) => ({ value: String(index + 1).padStart(2, '0'), label: name })),
        ]}
      />
      <HTMLSelect
        aria-label={`${label} ${texts.filters.year}`}
        value={year}
        disabled={!value}
        onChange={(event) => set(event.currentTarget.value, month!)}
        options={occupancyYears(Number(today.slice(0, 4))).map((y) => ({ value: String(y), label: String(y) }))}
      />
    </ControlGroup>
  );
}
