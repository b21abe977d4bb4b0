import { useState } from 'react';
import type { WidgetId } from '../../schema/registries.ts';
import { PagedTable } from '../shared/PagedTable.tsx';
import { clientBookingsBlock } from './bookingsBlock.ts';
import { clientPaths } from './clientApi.ts';
import { clientTexts } from './texts.ts';

const t = clientTexts;

export interface BookingsTabProps {
  clientId: string;
  name: string;
  onOpenWidget(id: WidgetId, key: string): void;
}

/** Reservas: the client's bookings as the master service pages them, newest check-in first. */
export function BookingsTab({ clientId, name, onOpenWidget }: BookingsTabProps) {
  const [block] = useState(() => clientBookingsBlock(name));
  return (
    <PagedTable
      block={block}
      widget="client-detail"
      widgetKey={clientId}
      part="bookings"
      service="master"
      path={clientPaths.bookings(clientId)}
      title={t.exportTitle(name)}
      owner={{ label: t.filterClient, value: name }}
      onOpenWidget={onOpenWidget}
    />
  );
}
