import { Switch } from '@blueprintjs/core';
import { DateInput, DateRangeInput } from '@blueprintjs/datetime';
import { es } from 'date-fns/locale';
import { texts } from '../../texts.ts';
import { dayToLocalDate, localDateToDay } from '../dates.ts';
import type { FieldProps } from './fieldProps.ts';

const format = 'dd/MM/yyyy';
const minDate = new Date(2015, 0, 1);
const maxDate = new Date(new Date().getFullYear() + 10, 11, 31);

const shared = {
  locale: es,
  dateFnsFormat: format,
  placeholder: texts.filters.dayPlaceholder,
  invalidDateMessage: texts.filters.invalidDate,
  outOfRangeMessage: texts.filters.outOfRange,
  minDate,
  highlightCurrentDay: true,
};

/** A day, or a range when `range` is on; the "Rango" switch clears the date; `maxToday` disables future days. */
export function DateField({ filter, value, onChange, label, inputId, today }: FieldProps<'date'>) {
  const max = filter.maxToday ? (dayToLocalDate(today) ?? maxDate) : maxDate;
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
        <DateRangeInput
          {...shared}
          maxDate={max}
          value={[dayToLocalDate(value.from), dayToLocalDate(value.to)]}
          onChange={([from, to]) => onChange({ range: true, from: localDateToDay(from), to: localDateToDay(to) })}
          allowSingleDayRange
          fill
          closeOnSelection
          shortcuts={false}
          singleMonthOnly
          startInputProps={{ id: inputId, 'aria-label': `${label} ${texts.filters.from}`, placeholder: texts.filters.dayPlaceholder }}
          endInputProps={{ 'aria-label': `${label} ${texts.filters.to}`, placeholder: texts.filters.dayPlaceholder }}
        />
      ) : (
        <DateInput
          {...shared}
          maxDate={max}
          fill
          value={value.from}
          onChange={(day) => onChange({ range: false, from: day ? day.slice(0, 10) : null, to: null })}
          canClearSelection
          clearButtonText={texts.filters.clearSelection}
          closeOnSelection
          inputProps={{ id: inputId, 'aria-label': label }}
        />
      )}
    </div>
  );
}
