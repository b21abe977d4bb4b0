import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { FormatName } from '../../schema/registries.ts';
import { formatValue } from '../../core/format.ts';

export interface Field {
  label: string;
  value: unknown;
  format?: FormatName;
  /** Shown as is instead of the formatted value (a tag, a button). */
  render?: ReactNode;
}

/** Labelled values in a responsive grid, each formatted by the one formatter module. */
export function FieldList({ fields, label }: { fields: readonly Field[]; label: string }) {
  return (
    <dl aria-label={label} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: '10px 20px', margin: 0 }}>
      {fields.map((field) => (
        <div key={field.label} style={{ minWidth: 0 }}>
          <dt className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{field.label}</dt>
          <dd style={{ margin: 0, overflowWrap: 'break-word' }}>{field.render ?? formatValue(field.format, field.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
