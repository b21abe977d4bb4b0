import { Switch } from '@blueprintjs/core';
import { texts } from '../../texts.ts';
import type { DateValue } from '../../../core/filters/filterValues.ts';
import { dayBounds } from '../../../core/filters/kinds/dateKind.ts';
import { DayInput } from './DayInput.tsx';
import type { FieldProps } from './fieldProps.ts';

/** A typed text kept for one end of the value, or dropped when that end names a day again. */
function withTyped(value: DateValue, part: 'from' | 'to', text: string | undefined): DateValue['typed'] {
  const typed = { ...value.typed, [part]: text };
  if (text === undefined) delete typed[part];
  return typed.from === undefined && typed.to === undefined ? undefined : typed;
}

/**
 * A day, or a range (two days) when `range` is on; the "Rango" switch clears the date; `maxToday`
 * disables future days. A reversed range reaches the form, which refuses it or swaps it (`swapReversed`).
 */
export function DateField({ filter, value, onChange, label, inputId, today }: FieldProps<'date'>) {
  const bounds = dayBounds(today);
  const pickerMax = filter.maxToday ? today : bounds.to;
  const part = (which: 'from' | 'to', partLabel: string, id?: string) => (
    <DayInput
      day={value[which]}
      typed={value.typed?.[which]}
      onChange={(day, text) => onChange({ ...value, [which]: day, typed: withTyped(value, which, text) })}
      bounds={bounds}
      pickerMax={pickerMax}
      inputId={id}
      label={partLabel}
      {...(value.range ? {} : { role: 'combobox' as const })}
    />
  );
  return (
    <div className="filter-date">
      {filter.range === 'switch' ? (
        <Switch
          className="filter-date-switch"
          role="switch"
          label={texts.filters.range}
          checked={value.range}
          onChange={() => onChange({ range: !value.range, from: null, to: null })}
        />
      ) : null}
      {value.range ? (
        <div className="filter-date-range">
          {part('from', `${label} ${texts.filters.from}`, inputId)}
          {part('to', `${label} ${texts.filters.to}`)}
        </div>
      ) : (
        part('from', label, inputId)
      )}
    </div>
  );
}
