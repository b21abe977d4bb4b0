import { defineReport } from '../../schema/defineReport.ts';
import { bookingColumns } from '../shared/bookingColumns.ts';
import { bookingFilters } from '../shared/bookingFilters.ts';

export default defineReport({
  id: 'general-booking',
  route: '/general/booking',
  title: 'Reservas',
  menu: { group: 'General', order: 2 },
  sources: {
    bookings: { path: '/api/v1/report/booking', paging: { mode: 'server' }, rows: 'data', total: 'total' },
  },
  // Stays with a night in a month (the API's stayFrom/stayTo): what Ocupación's month bars open.
  // Nationality and contact channel exactly as Recaudo and Ingresos por canal group them, and the bookings in house on a
  // day as the dashboard counts them: what their figures open (issue 40 §2).
  filters: [
    ...bookingFilters,
    { id: 'stay', kind: 'month', label: 'Estancia', param: { from: 'stayFrom', to: 'stayTo' } },
    { id: 'nationality', kind: 'search', label: 'Nacionalidad', param: 'nationality' },
    { id: 'wayContact', kind: 'search', label: 'Canal de contacto', param: 'wayContact' },
    { id: 'inHouseOn', kind: 'date', label: 'En casa el', range: 'never' },
  ],
  blocks: [
    {
      kind: 'table',
      source: 'bookings',
      pageSizes: [50, 100, 200],
      search: 'server',
      // A wide table: REF and Contacto stay in view when it scrolls sideways.
      pinnedColumns: 2,
      defaultSort: { field: 'dateStart', desc: true },
      rowClick: { widget: 'booking-detail', key: 'ref' },
      columns: [...bookingColumns, { field: 'total', header: 'Total', format: 'money', total: 'sum' }],
      export: { fileName: 'Reservas', rows: 'all' },
    },
  ],
});
