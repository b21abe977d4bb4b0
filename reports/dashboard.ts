import { defineReport } from '../schema/defineReport.ts';
import { bookingColumns } from './shared/bookingColumns.ts';

const tab = (title: string, rows: string) => ({
  title,
  blocks: [
    {
      kind: 'table' as const,
      source: 'dashboard',
      rows,
      columns: bookingColumns,
      search: 'client' as const,
      rowClick: { widget: 'booking-detail' as const, key: 'ref' },
      export: { fileName: `Dashboard ${title}` },
    },
  ],
});

export default defineReport({
  id: 'dashboard',
  route: '/',
  title: 'Dashboard',
  menu: { group: 'Dashboard', order: 1 },
  sources: {
    dashboard: { path: '/api/v1/report/dashboard' },
  },
  blocks: [
    {
      kind: 'cards',
      source: 'dashboard',
      cards: [
        { label: 'Fecha', field: 'data.date', format: 'date', animate: false },
        { label: 'Llegadas', value: 'length(datum.data.incomings)', format: 'integer' },
        { label: 'Salidas', value: 'length(datum.data.leaves)', format: 'integer' },
        { label: 'En casa', value: 'length(datum.data.inHouse)', format: 'integer' },
        { label: 'Ocupación', field: 'data.occupiedPercentage', format: 'percent' },
        { label: 'Habitaciones ocupadas', field: 'data.occupiedRooms', format: 'integer' },
        { label: 'Habitaciones libres', field: 'data.freeRooms', format: 'integer' },
      ],
    },
    {
      kind: 'tabs',
      tabs: [
        tab('En Casa', 'data.inHouse'),
        tab('Llegadas', 'data.incomings'),
        tab('Salidas', 'data.leaves'),
        tab('Actividad hoy', 'data.createdToday'),
      ],
    },
  ],
});
