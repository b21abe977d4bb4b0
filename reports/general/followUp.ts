import { defineReport } from '../../schema/defineReport.ts';
import { bookingColumns } from '../shared/bookingColumns.ts';
import { bookingFilters } from '../shared/bookingFilters.ts';

// Stays overlapping the period, each with its nightly rates summed per month (by the server) of the period.
export default defineReport({
  id: 'general-follow-up',
  route: '/general/seguimiento',
  title: 'Seguimiento',
  menu: { group: 'General', order: 7 },
  sources: {
    bookings: {
      path: '/api/v1/report/booking',
      paging: { mode: 'server' },
      // Each booking's nightly rates summed per month in SQL: the month columns read those sums, never every night.
      params: { select: ['monthTotals'] },
      rows: 'data',
      total: 'total',
    },
  },
  filters: [
    {
      id: 'period',
      kind: 'date',
      label: 'Estancia',
      range: 'always',
      param: { from: 'stayFrom', to: 'stayTo' },
      default: { from: '2023-12-01', to: '2023-12-31' },
    },
    ...bookingFilters,
  ],
  blocks: [
    {
      kind: 'table',
      source: 'bookings',
      pageSizes: [200, 500, 1000, 1000000],
      search: 'server',
      // A wide table: REF and Contacto stay in view when it scrolls sideways.
      pinnedColumns: 2,
      defaultSort: { field: 'dateStart', desc: false },
      rowClick: { widget: 'booking-detail', key: 'ref' },
      columns: [...bookingColumns, { field: 'total', header: 'Total', format: 'money', total: 'sum' }],
      monthTotals: { rows: 'monthTotals', date: 'month', value: 'total' },
      // Why a month's total differs from Ocupación's for the same month.
      note: 'Suma las noches de todas las reservas filtradas, también canceladas, no show y virtuales si el filtro las incluye; Ocupación cuenta solo reservas confirmadas, check in y check out no virtuales.',
      export: { fileName: 'Seguimiento', rows: 'all' },
    },
  ],
});
