import { Colors } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { formatValue } from '../../core/format.ts';
import { ownValue } from '../../core/paths.ts';
import { texts } from '../texts.ts';

/** The kinds of status shown as coloured tags, each with its formatter. */
export const statusFormatOf = { booking: 'bookingStatus', order: 'orderStatus', task: 'taskStatus' } as const;
export type StatusKind = keyof typeof statusFormatOf;

export interface StatusStyle {
  label: string;
  color: string;
  icon: IconName;
}

/** The status kind a column format shows, if it is a status format. */
export function statusKindOf(format: string | undefined): StatusKind | undefined {
  return (Object.keys(statusFormatOf) as StatusKind[]).find((kind) => statusFormatOf[kind] === format);
}

/** Every known status of each kind: its Spanish label, colour and Blueprint icon. */
export const statusStyles: Record<StatusKind, Readonly<Record<string, StatusStyle>>> = {
  booking: {
    in_progress: { label: texts.bookingStatus.in_progress, color: Colors.BLUE2, icon: 'time' },
    confirmed: { label: texts.bookingStatus.confirmed, color: Colors.GREEN2, icon: 'tick-circle' },
    not_confirmed: { label: texts.bookingStatus.not_confirmed, color: Colors.ORANGE2, icon: 'help' },
    canceled: { label: texts.bookingStatus.canceled, color: Colors.RED2, icon: 'cross-circle' },
    checked_in: { label: texts.bookingStatus.checked_in, color: Colors.INDIGO2, icon: 'log-in' },
    checked_out: { label: texts.bookingStatus.checked_out, color: Colors.GRAY1, icon: 'log-out' },
    no_show: { label: texts.bookingStatus.no_show, color: Colors.VERMILION2, icon: 'disable' },
  },
  order: {
    open: { label: texts.orderStatus.open, color: Colors.BLUE2, icon: 'document-open' },
    inProgress: { label: texts.orderStatus.inProgress, color: Colors.ORANGE2, icon: 'time' },
    readyToDelivery: { label: texts.orderStatus.readyToDelivery, color: Colors.TURQUOISE2, icon: 'box' },
    closed: { label: texts.orderStatus.closed, color: Colors.GREEN2, icon: 'lock' },
    cancelled: { label: texts.orderStatus.cancelled, color: Colors.RED2, icon: 'cross-circle' },
  },
  task: {
    cancel: { label: texts.taskStatus.cancel, color: Colors.RED2, icon: 'cross-circle' },
    process: { label: texts.taskStatus.process, color: Colors.ORANGE2, icon: 'time' },
    completed: { label: texts.taskStatus.completed, color: Colors.GREEN2, icon: 'tick-circle' },
  },
};

/** The style of a status value; an unknown value keeps its raw text on a neutral tag. */
export function statusStyle(kind: StatusKind, value: unknown): StatusStyle {
  const known = ownValue(statusStyles[kind], String(value));
  return known ?? { label: formatValue(statusFormatOf[kind], value), color: Colors.GRAY1, icon: 'circle' };
}
