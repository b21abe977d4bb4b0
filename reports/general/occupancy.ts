import { defineReport } from '../../schema/defineReport.ts';

export default defineReport({
  id: 'general-occupancy',
  route: '/general/ocupacion',
  title: 'Ocupación',
  menu: { group: 'General', order: 3 },
  sources: {
    months: { path: '/api/v1/report/booking/ocupacion', rows: 'data' },
  },
  filters: [{ id: 'year', kind: 'year', label: 'Año' }],
  blocks: [
    {
      kind: 'table',
      source: 'months',
      search: 'none',
      rowKey: 'month',
      columns: [
        { field: 'month', header: 'Mes', format: 'month' },
        { field: 'percentage', header: 'Porcentaje', format: 'percent' },
        { field: 'count', header: 'Noches vendidas', format: 'integer' },
        { field: 'total', header: 'Total', format: 'money' },
      ],
      export: { fileName: 'Ocupacion' },
    },
  ],
});
