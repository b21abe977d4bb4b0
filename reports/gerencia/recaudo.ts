import { defineReport } from '../../schema/defineReport.ts';
import { bookingColumns } from '../shared/bookingColumns.ts';

// Collection of a month: the stays with a night in it (stayFrom/stayTo), its figures, charts and bookings.
export default defineReport({
  id: 'gerencia-recaudo',
  route: '/gerencia/recaudo',
  title: 'Recaudo',
  menu: { group: 'Gerencia', order: 1 },
  sources: {
    statistics: { path: '/api/v1/report/booking/recaudoStatistics' },
    potential: { path: '/api/v1/report/booking/recaudoPotecialVsReal', rows: 'data' },
    nationalities: { path: '/api/v1/report/booking/recaudoNationalities', rows: 'data' },
    bookings: { path: '/api/v1/report/booking', paging: { mode: 'server' }, rows: 'data', total: 'total' },
  },
  filters: [
    { id: 'month', kind: 'month', label: 'Mes', param: { from: 'stayFrom', to: 'stayTo' }, default: 'currentMonth' },
    { id: 'user', kind: 'lookup', label: 'Cliente', lookup: 'users' },
    {
      id: 'status',
      kind: 'multiSelect',
      label: 'Status',
      options: 'bookingStatus',
      default: ['checked_in', 'checked_out', 'confirmed', 'not_confirmed'],
    },
    { id: 'place', kind: 'typologyOrRoom', label: 'Tipología o habitación' },
    { id: 'isVirtual', kind: 'virtualType', label: 'Tipo de reserva', default: 'real' },
  ],
  blocks: [
    {
      kind: 'cards',
      source: 'statistics',
      cards: [
        {
          label: 'Ingresos por alojamiento',
          field: 'data.totalRates',
          format: 'money',
          help: 'Ingresos por alojamiento = Σ tarifas por noche de las reservas filtradas, solo las noches del mes',
        },
        {
          label: 'Extensiones de reserva',
          field: 'data.totalExtraOrders',
          format: 'money',
          help: 'Extensiones = Σ totales de las órdenes de las reservas filtradas que no son de hospedaje, creadas en el mes',
        },
        {
          label: 'Tarifa promedio',
          field: 'data.averageRates',
          format: 'money',
          help: 'Tarifa promedio (ADR) = ingresos por alojamiento / noches contadas en el mes',
        },
        {
          label: 'Noches promedio',
          field: 'data.averageNights',
          format: 'number',
          help: 'Noches promedio = Σ (check-out − check-in) / reservas filtradas',
        },
        {
          label: 'Recaudo total',
          field: 'data.total',
          format: 'money',
          help: 'Recaudo total = ingresos por alojamiento + extensiones de reserva',
        },
        {
          label: 'Total reservas',
          field: 'data.count',
          format: 'integer',
          help: 'Total reservas = reservas filtradas con al menos una noche en el mes',
        },
        {
          label: 'Días promedio de alojamiento',
          field: 'data.averageLodgingDays',
          format: 'number',
          help: 'Días promedio de alojamiento = noches contadas en el mes / reservas filtradas',
        },
      ],
    },
    {
      kind: 'chart',
      title: 'Potencial vs real',
      width: 'half',
      source: 'potential',
      chart: 'bar',
      category: 'name',
      categoryLabel: 'Tipología',
      seriesFields: [
        { field: 'totalMonthPotencial', label: 'Potencial' },
        { field: 'totalRatesReal', label: 'Real' },
      ],
      valueLabel: 'Ingresos',
      format: 'money',
      help:
        'Potencial = habitaciones en servicio × días del mes × tarifa media vendida de la tipología en el mes (sin ventas: la del año anterior); ' +
        'Real = Σ tarifas por noche de las reservas filtradas en sus habitaciones, noches del mes',
    },
    {
      kind: 'chart',
      title: 'Nacionalidades',
      width: 'half',
      source: 'nationalities',
      chart: 'barHorizontal',
      category: 'nationality',
      categoryLabel: 'Nacionalidad',
      value: 'count',
      valueLabel: 'Reservas',
      format: 'integer',
      help: 'Reservas filtradas contadas por la nacionalidad del titular ("Sin nacionalidad" si no la tiene); una barra abre esas reservas en Reservas',
      // A bar opens its bookings: this screen's filters, the month as the stay period, the bar's nationality.
      drill: {
        to: '/general/booking',
        set: [{ filter: 'nationality', field: 'nationality' }],
        carry: [{ from: 'month', to: 'stay' }, 'user', 'status', 'place', 'isVirtual'],
      },
    },
    {
      kind: 'table',
      title: 'Reservas',
      source: 'bookings',
      pageSizes: [10, 20, 50],
      search: 'server',
      defaultSort: { field: 'dateStart', desc: true },
      rowClick: { widget: 'booking-detail', key: 'ref' },
      columns: [...bookingColumns, { field: 'total', header: 'Total', format: 'money', total: 'sum' }],
      export: { fileName: 'Recaudo', rows: 'all' },
    },
  ],
});
