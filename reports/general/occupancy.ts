import { defineReport } from '../../schema/defineReport.ts';
import { kpiCards, paceColumns } from '../shared/hotelKpis.ts';

export default defineReport({
  id: 'general-occupancy',
  route: '/general/ocupacion',
  title: 'Ocupación',
  menu: { group: 'General', order: 3 },
  sources: {
    months: { path: '/api/v1/report/booking/ocupacion', rows: 'data' },
    kpis: { path: '/api/v1/report/kpis' },
    // The months ahead from today, whatever the year shown; `months` is 1 to 12 (default 6).
    pace: { path: '/api/v1/report/kpis/pace', params: { months: 6 }, filters: [], rows: 'data' },
  },
  // The year is on the page: one change, one request.
  filters: [{ id: 'year', kind: 'year', label: 'Año', inline: true }],
  blocks: [
    kpiCards('kpis', 'El año frente al anterior', 'del año'),
    {
      kind: 'table',
      title: 'Ocupación por mes',
      source: 'months',
      search: 'none',
      rowKey: 'month',
      columns: [
        { field: 'month', header: 'Mes', format: 'month' },
        { field: 'percentage', header: 'Porcentaje', format: 'percent',
          help: 'Porcentaje = noches vendidas / (habitaciones × días del mes) × 100' },
        { field: 'count', header: 'Noches vendidas', format: 'integer',
          help: 'Noches vendidas = noches-habitación del mes de las reservas confirmadas, en Check In o Check Out y no virtuales' },
        { field: 'total', header: 'Total', format: 'money',
          help: 'Total = Σ tarifas por noche de esas noches vendidas' },
      ],
      export: { fileName: 'Ocupacion' },
    },
    {
      kind: 'chart',
      title: 'Porcentaje de ocupación por mes',
      source: 'months',
      chart: 'bar',
      category: 'month',
      categoryFormat: 'month',
      categoryLabel: 'Mes',
      value: 'percentage',
      valueLabel: 'Porcentaje',
      format: 'percent',
      help: 'Porcentaje = noches vendidas / (habitaciones × días del mes) × 100; un mes abre en Reservas las reservas confirmadas, en Check In o Check Out y no virtuales con una noche en él',
      // A month's bar opens the bookings whose nights it counts: a night in the month, occupying statuses, not virtual.
      drill: {
        to: '/general/booking',
        set: [{ filter: 'stay', field: 'month', year: 'year' }],
        filters: { status: ['confirmed', 'checked_in', 'checked_out'], isVirtual: 'real' },
      },
    },
    {
      kind: 'table',
      title: 'Ritmo de reservas: próximos meses frente al año anterior',
      source: 'pace',
      search: 'none',
      rowKey: 'month',
      pinnedColumns: 1,
      columns: paceColumns,
      note: 'Cada mes desde el actual: lo que está en libros hoy frente a lo que estaba en libros el mismo día del año anterior para el mismo mes del año anterior, y lo que ese mes vendió al final.',
      export: { fileName: 'Ritmo de reservas' },
    },
  ],
});
