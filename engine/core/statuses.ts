import { Colors } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { formatValue } from './format.ts';
import { texts } from '../texts.ts';

/** The formats whose values are statuses shown as coloured tags. */
export const statusFormats = ['bookingStatus', 'orderStatus', 'taskStatus'] as const;
export type StatusFormat = (typeof statusFormats)[number];

export interface StatusStyle {
  label: string;
  color: string;
  icon: IconName;
}

export const isStatusFormat = (format: string | undefined): format is StatusFormat =>
  (statusFormats as readonly string[]).includes(format ?? '');

/** Every known status of each kind: its Spanish label, colour and Blueprint icon. */
export const statusStyles: Record<StatusFormat, Readonly<Record<string, StatusStyle>>> = {
  bookingStatus: {
    in_progress: { label: texts.bookingStatus.in_progress, color: Colors.BLUE3, icon: 'time' },
    confirmed: { label: texts.bookingStatus.confirmed, color: Colors.GREEN3, icon: 'tick-circle' },
    not_confirmed: { label: texts.bookingStatus.not_confirmed, color: Colors.ORANGE3, icon: 'help' },
    canceled: { label: texts.bookingStatus.canceled, color: Colors.RED3, icon: 'cross-circle' },
    checked_in: { label: texts.bookingStatus.checked_in, color: Colors.INDIGO3, icon: 'log-in' },
    checked_out: { label: texts.bookingStatus.checked_out, color: Colors.GRAY3, icon: 'log-out' },
    no_show: { label: texts.bookingStatus.no_show, color: Colors.VERMILION3, icon: 'disable' },
  },
  orderStatus: {
    open: { label: texts.orderStatus.open, color: Colors.BLUE3, icon: 'document-open' },
    inProgress: { label: texts.orderStatus.inProgress, color: Colors.ORANGE3, icon: 'time' },
    readyToDelivery: { label: texts.orderStatus.readyToDelivery, color: Colors.TURQUOISE3, icon: 'box' },
    closed: { label: texts.orderStatus.closed, color: Colors.GREEN3, icon: 'lock' },
    cancelled: { label: texts.orderStatus.cancelled, color: Colors.RED3, icon: 'cross-circle' },
  },
  taskStatus: {
    cancel: { label: texts.taskStatus.cancel, color: Colors.RED3, icon: 'cross-circle' },
    process: { label: texts.taskStatus.process, color: Colors.ORANGE3, icon: 'time' },
    completed: { label: texts.taskStatus.completed, color: Colors.GREEN3, icon: 'tick-circle' },
  },
};

/** The style of a status value; an unknown value keeps its raw text on a neutral tag. */
export function statusStyle(format: StatusFormat, value: unknown): StatusStyle {
  const known = statusStyles[format][String(value)];
  return known ?? { label: formatValue(format, value), color: Colors.GRAY1, icon: 'circle' };
}
