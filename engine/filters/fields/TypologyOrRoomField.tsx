import { SegmentedControl } from '@blueprintjs/core';
import { texts } from '../../texts.ts';
import type { FieldProps } from './fieldProps.ts';
import { LookupPicker } from './LookupPicker.tsx';

/** Typologies or rooms: switching the mode clears both selections. */
export function TypologyOrRoomField({ value, onChange, label, inputId }: FieldProps<'typologyOrRoom'>) {
  const lookup = value.mode === 'typology' ? 'typologies' : 'rooms';
  return (
    <div className="filter-typology-or-room">
      <SegmentedControl
        aria-label={label}
        fill
        small
        value={value.mode}
        onValueChange={(mode) => onChange({ mode: mode === 'room' ? 'room' : 'typology', items: [] })}
        options={[
          { value: 'typology', label: texts.filters.typology },
          { value: 'room', label: texts.filters.room },
        ]}
      />
      <LookupPicker
        key={value.mode}
        lookup={lookup}
        multiple
        value={value.items}
        onChange={(items) => onChange({ mode: value.mode, items })}
        label={value.mode === 'typology' ? texts.filters.typology : texts.filters.room}
        inputId={inputId}
      />
    </div>
  );
}
