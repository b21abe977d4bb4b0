import { Tag } from '@blueprintjs/core';
import { statusStyle, type StatusKind } from './statuses.ts';

export interface StatusTagProps {
  kind: StatusKind;
  status: unknown;
}

/** A booking, order or task status as a tag with its Spanish label, colour and icon. */
export function StatusTag({ kind, status }: StatusTagProps) {
  const { label, color, icon } = statusStyle(kind, status);
  return (
    <Tag icon={icon} round style={{ backgroundColor: color, color: '#fff' }} data-status={String(status ?? '')}>
      {label}
    </Tag>
  );
}

export default StatusTag;
