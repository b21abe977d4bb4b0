import { MenuItem } from '@blueprintjs/core';
import { Select, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import type { Option } from '../../../core/options/optionLists.ts';
import { texts } from '../../texts.ts';
import { filterOptions } from '../../../core/filters/kinds/selectKinds.ts';
import type { FieldProps } from './fieldProps.ts';
import { selectTarget } from './SelectTarget.tsx';

export const matchesLabel: ItemPredicate<Option> = (query, option) => option.label.toLowerCase().includes(query.trim().toLowerCase());

export const renderOption =
  (isSelected: (option: Option) => boolean): ItemRenderer<Option> =>
  (option, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={String(option.value)}
        text={option.label}
        active={modifiers.active}
        disabled={modifiers.disabled}
        selected={isSelected(option)}
        roleStructure="listoption"
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;

const noneOption: Option = { value: '', label: texts.filters.none };

/** One option of a named or inline list, or none. */
export function SelectField({ filter, value, onChange, label, inputId, today }: FieldProps<'select'>) {
  const options = filterOptions(filter, { today });
  const selected = options.find((o) => o.value === value);
  const target = selectTarget(label, inputId, selected?.label ?? texts.filters.choose);
  return (
    <Select<Option>
      items={[noneOption, ...options]}
      itemPredicate={matchesLabel}
      itemRenderer={renderOption((o) => o.value === (value ?? ''))}
      onItemSelect={(option) => onChange(option === noneOption ? null : option.value)}
      filterable={options.length > 8}
      noResults={<MenuItem disabled text={texts.filters.noResults} roleStructure="listoption" />}
      popoverProps={{ minimal: true, matchTargetWidth: true, targetTagName: target.targetTagName }}
      popoverTargetProps={target.popoverTargetProps}
      fill
    >
      {target.children}
    </Select>
  );
}
