import { defineReport } from '../../schema/defineReport.ts';

export default defineReport({
  id: 'general-occupancy',
  route: '/general/ocupacion',
  title: 'Ocupación',
  menu: { group: 'General', order: 3 },
  sources: {
    months: { path: '/api/v1/report/booking/ocupacion', rows: 'data' },
  },
  // The year is on the page: one change, one request.
  filters: [{ id: 'year', kind: 'year', label: 'Año', inline: true }],
  blocks: [
    {
      kind: 'table',
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
  ],
});
