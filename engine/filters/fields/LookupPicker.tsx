import { Classes, MenuItem } from '@blueprintjs/core';
import { MultiSelect, Select, type ItemRenderer } from '@blueprintjs/select';
import { useState } from 'react';
import type { LookupName } from '../../../schema/registries.ts';
import type { LookupEntry } from '../../lookups/lookups.ts';
import { useLookup } from '../../lookups/useLookup.ts';
import { texts } from '../../texts.ts';
import type { LookupItem } from '../../../core/filters/filterValues.ts';
import { selectTarget } from './SelectTarget.tsx';
import { usePickCloses } from './usePickCloses.ts';

export interface LookupPickerProps {
  lookup: LookupName;
  multiple: boolean;
  /** What nothing chosen reads; a single choice offers it first to clear the choice. */
  allLabel?: string | undefined;
  value: LookupItem[];
  onChange(items: LookupItem[]): void;
  label: string;
  inputId: string;
}

const renderEntry =
  (chosen: readonly LookupItem[]): ItemRenderer<LookupEntry> =>
  (entry, { handleClick, handleFocus, modifiers }) => (
    <MenuItem
      key={entry.id}
      multiline
      text={
        <>
          <div>{entry.label}</div>
          {entry.detail ? <div className={Classes.TEXT_MUTED}>{entry.detail}</div> : null}
        </>
      }
      active={modifiers.active}
      selected={entry.id === '' ? chosen.length === 0 : chosen.some((item) => item.id === entry.id)}
      roleStructure="listoption"
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );

/** A remote list searched as the user types (first page), one or several entries chosen. */
// The entry that stands for nothing chosen ("Todas"); no remote entry has an empty id.
const allId = '';

export function LookupPicker({ lookup, multiple, allLabel, value, onChange, label, inputId }: LookupPickerProps) {
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  const list = usePickCloses();
  const { entries, isLoading } = useLookup(lookup, query, opened);
  const chosen = (entry: LookupEntry): LookupItem => ({ id: entry.id, label: entry.label });
  const noResults = <MenuItem disabled text={isLoading ? texts.filters.searching : texts.filters.noResults} roleStructure="listoption" />;
  const shared = {
    items: entries,
    itemsEqual: 'id' as const,
    itemRenderer: renderEntry(value),
    query,
    onQueryChange: setQuery,
    noResults,
    fill: true,
  };

  if (!multiple) {
    const all = allLabel === undefined || query.trim() ? [] : [{ id: allId, label: allLabel }];
    const target = selectTarget(label, inputId, value[0]?.label ?? allLabel ?? texts.filters.choose);
    return (
      <Select<LookupEntry>
        {...shared}
        items={[...all, ...entries]}
        onItemSelect={(entry) => onChange(entry.id === allId ? [] : [chosen(entry)])}
        popoverProps={{ minimal: true, matchTargetWidth: true, onOpening: () => setOpened(true), targetTagName: target.targetTagName }}
        popoverTargetProps={target.popoverTargetProps}
        inputProps={{ placeholder: texts.filters.search }}
      >
        {target.children}
      </Select>
    );
  }
  const toggle = (entry: LookupItem) =>
    onChange(value.some((item) => item.id === entry.id) ? value.filter((item) => item.id !== entry.id) : [...value, chosen({ ...entry })]);
  return (
    <MultiSelect<LookupEntry>
      {...shared}
      onQueryChange={(next) => {
        setQuery(next);
        list.onQueryChange(next);
      }}
      selectedItems={value}
      onItemSelect={(entry) => {
        toggle(entry);
        list.close();
      }}
      onRemove={toggle}
      onClear={() => onChange([])}
      tagRenderer={(item) => item.label}
      tagInputProps={{
        ...list.tagInputProps,
        inputProps: { id: inputId, 'aria-label': label, onFocus: () => setOpened(true) },
        tagProps: { minimal: true },
      }}
      placeholder={texts.filters.search}
      popoverProps={{ ...list.popoverProps, minimal: true, matchTargetWidth: true, onOpening: () => setOpened(true) }}
      resetOnSelect
    />
  );
}
