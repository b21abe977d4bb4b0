import { SegmentedControl } from '@blueprintjs/core';
import { texts } from '../../texts.ts';
import type { FieldProps } from './fieldProps.ts';

const choices = [
  { value: '', label: texts.filters.both },
  { value: 'true', label: texts.filters.yes },
  { value: 'false', label: texts.filters.no },
];

/** Sí / No / both. */
export function YesNoField({ value, onChange, label }: FieldProps<'yesNo'>) {
  return (
    <SegmentedControl
      aria-label={label}
      fill
      small
      value={value === null ? '' : String(value)}
      onValueChange={(next) => onChange(next === '' ? null : next === 'true')}
      options={choices}
    />
  );
}
