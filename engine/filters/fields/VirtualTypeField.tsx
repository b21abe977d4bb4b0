import { SegmentedControl } from '@blueprintjs/core';
import type { VirtualType } from '../../../core/filters/filterValues.ts';
import { virtualTypeLabels } from '../../../core/filters/kinds/choiceKinds.ts';
import type { FieldProps } from './fieldProps.ts';

const virtualTypes: VirtualType[] = ['all', 'real', 'virtual'];

/** Todas / Reales / Virtuales. */
export function VirtualTypeField({ value, onChange, label }: FieldProps<'virtualType'>) {
  return (
    <SegmentedControl
      aria-label={label}
      fill
      small
      value={value}
      onValueChange={(next) => onChange(virtualTypes.find((v) => v === next) ?? 'all')}
      options={virtualTypes.map((v) => ({ value: v, label: virtualTypeLabels[v] }))}
    />
  );
}
