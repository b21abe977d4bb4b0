import { InputGroup } from '@blueprintjs/core';
import { texts } from '../../texts.ts';
import type { FieldProps } from './fieldProps.ts';

/** Free text sent as the search parameter. */
export function SearchField({ value, onChange, label, inputId }: FieldProps<'search'>) {
  return (
    <InputGroup
      id={inputId}
      aria-label={label}
      leftIcon="search"
      type="search"
      value={value}
      maxLength={100}
      placeholder={texts.table.search}
      onValueChange={(text) => onChange(text)}
    />
  );
}
