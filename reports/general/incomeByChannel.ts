import { defineReport } from '../../schema/defineReport.ts';

/**
 * Ingresos por canal de contacto: the bookings of a check-in period over the bookings list (every row), grouped by
 * Vega-Lite transforms in the definition itself: no route or SQL of its own.
 */
export default defineReport({
  id: 'general-income-by-channel',
  route: '/general/income-by-channel',
  title: 'Ingresos por canal de contacto',
  menu: { group: 'General', order: 9 },
  sources: {
    channels: {
      path: '/api/v1/report/booking',
      params: { itemsPerPage: -1 },
      transform: [
        { calculate: "datum.wayContactName ? datum.wayContactName : 'Sin canal'", as: 'channel' },
        { aggregate: [{ op: 'sum', field: 'total', as: 'income' }, { op: 'count', as: 'bookings' }], groupby: ['channel'] },
        { joinaggregate: [{ op: 'sum', field: 'income', as: 'allIncome' }, { op: 'sum', field: 'bookings', as: 'allBookings' }] },
        { calculate: 'datum.allIncome === 0 ? 0 : datum.income * 100 / datum.allIncome', as: 'share' },
        { window: [{ op: 'row_number', as: 'rank' }], sort: [{ field: 'income', order: 'descending' }, { field: 'channel' }] },
      ],
    },
  },
  filters: [
    { id: 'dateStart', kind: 'date', label: 'Check-in', range: 'always', default: 'currentMonth' },
    { id: 'status', kind: 'multiSelect', label: 'Status', options: 'bookingStatus', default: ['in_progress', 'not_confirmed', 'confirmed', 'checked_in', 'checked_out'] },
  ],
  blocks: [
    {
      kind: 'cards',
      source: 'channels',
      cards: [
        { label: 'Ingresos', field: 'data.0.allIncome', format: 'money', help: 'Ingresos = suma del total de las reservas con check-in en el periodo y el status elegido (por defecto, todas menos las canceladas y las no presentadas)' },
        { label: 'Reservas', field: 'data.0.allBookings', format: 'integer' },
      ],
    },
    {
      kind: 'chart',
      title: 'Ingresos por canal',
      source: 'channels',
      chart: 'bar',
      category: 'channel',
      value: 'income',
      categoryLabel: 'Canal',
      valueLabel: 'Ingresos',
      format: 'money',
      help: 'Ingresos = suma del total de las reservas del canal; una barra abre esas reservas en Reservas',
      drill: { to: '/general/booking', set: [{ filter: 'wayContact', field: 'channel' }], carry: ['dateStart', 'status'] },
    },
    {
      kind: 'table',
      source: 'channels',
      search: 'none',
      rowKey: 'channel',
      columns: [
        { field: 'channel', header: 'Canal de contacto' },
        { field: 'bookings', header: 'Reservas', format: 'integer', total: 'sum' },
        { field: 'income', header: 'Ingresos', format: 'money', total: 'sum' },
        { field: 'share', header: '% de ingresos', format: 'percent', total: 'sum' },
      ],
      export: { fileName: 'Ingresos por canal' },
    },
  ],
});
