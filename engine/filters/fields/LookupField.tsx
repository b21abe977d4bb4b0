import type { FieldProps } from './fieldProps.ts';
import { LookupPicker } from './LookupPicker.tsx';

/** A lookup filter: clients, places, rooms, businesses… searched on the server. */
export function LookupField({ filter, value, onChange, label, inputId }: FieldProps<'lookup'>) {
  return (
    <LookupPicker
      lookup={filter.lookup}
      multiple={filter.multiple}
      allLabel={filter.allLabel}
      value={value}
      onChange={onChange}
      label={label}
      inputId={inputId}
    />
  );
}
