import { MenuItem } from '@blueprintjs/core';
import { MultiSelect } from '@blueprintjs/select';
import type { Option } from '../../../core/options/optionLists.ts';
import { texts } from '../../texts.ts';
import { filterOptions } from '../../../core/filters/kinds/selectKinds.ts';
import type { FieldProps } from './fieldProps.ts';
import { matchesLabel, renderOption } from './SelectField.tsx';
import { usePickCloses } from './usePickCloses.ts';

/** Several options of a named or inline list, shown as tags. */
export function MultiSelectField({ filter, value, onChange, label, inputId, today }: FieldProps<'multiSelect'>) {
  const options = filterOptions(filter, { today });
  const list = usePickCloses();
  const selected = options.filter((o) => value.includes(o.value));
  const toggle = (option: Option) =>
    onChange(value.includes(option.value) ? value.filter((v) => v !== option.value) : [...value, option.value]);
  return (
    <MultiSelect<Option>
      items={options}
      selectedItems={selected}
      itemPredicate={matchesLabel}
      itemRenderer={renderOption((o) => value.includes(o.value))}
      onItemSelect={(option) => {
        toggle(option);
        list.close();
      }}
      onQueryChange={list.onQueryChange}
      onRemove={toggle}
      onClear={() => onChange([])}
      tagRenderer={(option) => option.label}
      tagInputProps={{ ...list.tagInputProps, inputProps: { id: inputId, 'aria-label': label }, tagProps: { minimal: true } }}
      placeholder={texts.filters.choose}
      noResults={<MenuItem disabled text={texts.filters.noResults} roleStructure="listoption" />}
      popoverProps={{ ...list.popoverProps, minimal: true, matchTargetWidth: true }}
      resetOnSelect
      fill
    />
  );
}
