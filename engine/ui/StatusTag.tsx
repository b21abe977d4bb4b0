import { Tag } from '@blueprintjs/core';
import { statusStyle, type StatusFormat } from '../core/statuses.ts';

export interface StatusTagProps {
  format: StatusFormat;
  value: unknown;
}

/** A booking, order or task status as a tag with its Spanish label, colour and icon. */
export default function StatusTag({ format, value }: StatusTagProps) {
  const { label, color, icon } = statusStyle(format, value);
  return (
    <Tag icon={icon} round style={{ backgroundColor: color, color: '#fff' }} data-status={String(value ?? '')}>
      {label}
    </Tag>
  );
}
