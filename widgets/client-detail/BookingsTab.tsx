import { useState } from 'react';
import { texts } from '../../engine/texts.ts';
import { bookingColumns } from '../../reports/shared/bookingColumns.ts';
import type { WidgetId } from '../../schema/registries.ts';
import { PagedTable } from '../shared/PagedTable.tsx';
import { tableBlock } from '../shared/tableBlock.ts';
import { clientPaths } from './clientApi.ts';

const t = texts.clientDetail;

/** The lodging screens' booking columns but the client's own; a row opens the booking detail on top. */
const bookingsBlock = (name: string) =>
  tableBlock({
    kind: 'table',
    source: 'bookings',
    pageSizes: [20, 50, 100],
    search: 'none',
    defaultSort: { field: 'dateStart', desc: true },
    rowClick: { widget: 'booking-detail', key: 'ref' },
    columns: [
      ...bookingColumns.filter((c) => c.field !== 'user'),
      { field: 'total', header: texts.bookingDetail.total, format: 'money', total: 'sum' },
    ],
    export: { fileName: t.fileName(name) },
  });

export interface BookingsTabProps {
  clientId: string;
  name: string;
  onOpenWidget(id: WidgetId, key: string): void;
}

/** Reservas: the client's bookings as the master service pages them, newest check-in first. */
export function BookingsTab({ clientId, name, onOpenWidget }: BookingsTabProps) {
  const [block] = useState(() => bookingsBlock(name));
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
