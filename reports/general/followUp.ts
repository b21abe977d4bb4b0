import { defineReport } from '../../schema/defineReport.ts';
import { bookingColumns } from '../shared/bookingColumns.ts';
import { bookingFilters } from '../shared/bookingFilters.ts';

// Stays overlapping the period, each with its nightly rates summed per month of the period.
export default defineReport({
  id: 'general-follow-up',
  route: '/general/seguimiento',
  title: 'Seguimiento',
  menu: { group: 'General', order: 7 },
  sources: {
    bookings: {
      path: '/api/v1/report/booking',
      paging: { mode: 'server' },
      // Only the nightly rates: the month columns read them, and no column shows orders or pays.
      params: { select: ['rates'] },
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
      defaultSort: { field: 'dateStart', desc: false },
      rowClick: { widget: 'booking-detail', key: 'ref' },
      columns: [...bookingColumns, { field: 'total', header: 'Total', format: 'money', total: 'sum' }],
      monthTotals: { rows: 'rates', date: 'date', value: 'totalRate' },
      export: { fileName: 'Seguimiento', rows: 'all' },
    },
  ],
});
