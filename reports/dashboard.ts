import { defineReport } from '../schema/defineReport.ts';
import { bookingColumns } from './shared/bookingColumns.ts';
import { kpiCards } from './shared/hotelKpis.ts';

// Drill-down: each of today's counts opens Reservas filtered to the same bookings (the dashboard's own conditions).
const bookings = '/general/booking';
const notCancelled = ['in_progress', 'confirmed', 'not_confirmed', 'checked_in', 'checked_out'];

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
    kpis: { path: '/api/v1/report/kpis', params: { period: 'monthToDate' } },
  },
  blocks: [
    {
      kind: 'cards',
      source: 'dashboard',
      cards: [
        { label: 'Fecha', field: 'data.date', format: 'date', animate: false },
        { label: 'Llegadas', value: 'length(datum.data.incomings)', format: 'integer',
          help: 'Llegadas = reservas con check-in hoy, excepto canceladas y no show',
          drill: { to: bookings, filters: { dateStart: '{today}', status: notCancelled } } },
        { label: 'Salidas', value: 'length(datum.data.leaves)', format: 'integer',
          help: 'Salidas = reservas con check-out hoy, excepto canceladas y no show',
          drill: { to: bookings, filters: { dateEnd: '{today}', status: notCancelled } } },
        { label: 'En casa', value: 'length(datum.data.inHouse)', format: 'integer',
          help: 'En casa = reservas en Check In cuya estancia cubre hoy (check-in ≤ hoy ≤ check-out)',
          drill: { to: bookings, filters: { inHouseOn: '{today}' } } },
        { label: 'Ocupación', field: 'data.occupiedPercentage', format: 'percent',
          help: 'Ocupación % = habitaciones ocupadas / habitaciones × 100, con dos decimales' },
        { label: 'Habitaciones ocupadas', field: 'data.occupiedRooms', format: 'integer',
          help: 'Habitaciones ocupadas = habitaciones distintas con una reserva confirmada, en Check In o Check Out y no virtual que cubre esta noche (check-in ≤ hoy < check-out)' },
        { label: 'Habitaciones libres', field: 'data.freeRooms', format: 'integer',
          help: 'Habitaciones libres = habitaciones − habitaciones ocupadas' },
      ],
    },
    kpiCards('kpis', 'Mes a la fecha frente al año anterior', 'del mes'),
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
