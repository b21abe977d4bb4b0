import { defineReport } from '../../schema/defineReport.ts';
import { channelColumn, creationDayFilter } from '../shared/movements.ts';

// Space reservations by the day they were made, newest first.
export default defineReport({
  id: 'movements-place-reservation',
  route: '/placeReservation/movements',
  title: 'Movimientos de reservas de espacios',
  menu: { group: 'Movimientos', order: 3 },
  sources: {
    reservations: {
      path: '/api/v1/placereservation/table/movements-table',
      paging: { mode: 'server' },
      rows: 'data',
      total: 'total',
    },
  },
  filters: [
    { id: 'place', kind: 'lookup', label: 'Espacio', lookup: 'spaces' },
    creationDayFilter,
  ],
  blocks: [
    {
      kind: 'table',
      source: 'reservations',
      pageSizes: [20, 50, 100],
      search: 'none',
      defaultSort: { field: 'createdAt', desc: true },
      columns: [
        { field: 'createdAt', header: 'Creación', format: 'dateTime' },
        { field: 'place.name', header: 'Espacio', sortField: 'place.name' },
        { field: 'user', header: 'Cliente', format: 'clientName', sortField: 'user.name' },
        { field: 'reservation.dateStart', header: 'Desde', format: 'dateTime' },
        { field: 'reservation.dateEnd', header: 'Hasta', format: 'dateTime', sortField: '' },
        {
          header: 'Recurrencia',
          value: "datum.reservation.recurrence === 'semanal' ? 'Semanal' : datum.reservation.recurrence === 'mensual' ? 'Mensual' : 'No'",
          sortField: '',
        },
        { field: 'subtotal', header: 'Subtotal', format: 'money', total: 'sum' },
        { field: 'total', header: 'Total', format: 'money', total: 'sum' },
        channelColumn,
      ],
      export: { fileName: 'Movimientos de reservas de espacios', rows: 'all' },
    },
  ],
});
