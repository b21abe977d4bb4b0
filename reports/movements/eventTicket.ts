import { defineReport } from '../../schema/defineReport.ts';
import { channelColumn, creationDayFilter } from '../shared/movements.ts';

// Event tickets by the day they were sold, newest first, with the reason of those canceled.
export default defineReport({
  id: 'movements-event-ticket',
  route: '/eventTicket/movements',
  title: 'Movimientos de boletas',
  menu: { group: 'Movimientos', order: 4 },
  sources: {
    tickets: { path: '/api/v1/event/qr/movements-table', paging: { mode: 'server' }, rows: 'data', total: 'total' },
  },
  filters: [
    { id: 'event', kind: 'lookup', label: 'Evento', lookup: 'events' },
    creationDayFilter,
  ],
  blocks: [
    {
      kind: 'table',
      source: 'tickets',
      pageSizes: [20, 50, 100],
      search: 'none',
      defaultSort: { field: 'createdAt', desc: true },
      columns: [
        { field: 'createdAt', header: 'Creación', format: 'dateTime' },
        { field: 'event_QR.eventTitle', header: 'Evento' },
        { field: 'event_QR.eventDate', header: 'Fecha del evento', format: 'date' },
        { field: 'event_QR.count', header: 'Boletas', format: 'integer', total: 'sum' },
        { field: 'event_QR.user', header: 'Cliente', format: 'clientName', sortField: '' },
        { field: 'subtotal', header: 'Subtotal', format: 'money', total: 'sum' },
        { field: 'total', header: 'Total', format: 'money', total: 'sum' },
        channelColumn,
        { field: 'reason_cancellation', header: 'Motivo de cancelación' },
      ],
      export: { fileName: 'Movimientos de boletas', rows: 'all' },
    },
  ],
});
