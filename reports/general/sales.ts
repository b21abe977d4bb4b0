import { defineReport } from '../../schema/defineReport.ts';
import { bookingColumns } from '../shared/bookingColumns.ts';
import { bookingFilters } from '../shared/bookingFilters.ts';

// Bookings with the total of every filtered one (totalCalculate), whatever page is shown.
export default defineReport({
  id: 'general-sales',
  route: '/general/sales',
  title: 'Ventas de reservas',
  menu: { group: 'General', order: 4 },
  sources: {
    sales: { path: '/api/v1/report/booking/sales', paging: { mode: 'server' }, rows: 'data', total: 'total' },
  },
  filters: bookingFilters,
  blocks: [
    {
      kind: 'cards',
      source: 'sales',
      cards: [
        {
          label: 'Total',
          field: 'totalCalculate',
          format: 'money',
          help: 'Total = Σ total de cada reserva filtrada, de todas las páginas',
        },
      ],
    },
    {
      kind: 'table',
      source: 'sales',
      pageSizes: [50, 100, 200],
      // No keyword search: the total above counts the filters only.
      search: 'none',
      defaultSort: { field: 'dateStart', desc: true },
      rowClick: { widget: 'booking-detail', key: 'ref' },
      columns: [...bookingColumns, { field: 'total', header: 'Total', format: 'money', total: 'sum' }],
      export: { fileName: 'Ventas de reservas', rows: 'all' },
    },
  ],
});
