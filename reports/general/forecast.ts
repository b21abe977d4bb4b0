import { defineReport } from '../../schema/defineReport.ts';
import { periodFilter } from '../shared/periodFilter.ts';

// The lodging income on the books, night by night, of a period (past nights and future ones alike).
export default defineReport({
  id: 'general-forecast',
  route: '/general/forecast',
  title: 'Forecast',
  menu: { group: 'General', order: 6 },
  sources: {
    forecast: { path: '/api/v1/report/booking/forecast', rows: 'forecast' },
  },
  filters: [periodFilter],
  blocks: [
    {
      kind: 'cards',
      source: 'forecast',
      cards: [
        {
          label: 'Total Hospedaje',
          field: 'total',
          format: 'money',
          help: 'Total Hospedaje = Σ ingreso por alojamiento de las noches del periodo',
        },
        {
          label: 'Promedio',
          field: 'average',
          format: 'money',
          help: 'Promedio = Total Hospedaje / días del periodo',
        },
      ],
    },
    {
      kind: 'table',
      source: 'forecast',
      search: 'none',
      rowKey: 'date',
      defaultSort: { field: 'date', desc: false },
      columns: [
        { field: 'date', header: 'Noche', format: 'date' },
        {
          field: 'count',
          header: 'Habitaciones-noche',
          format: 'integer',
          total: 'sum',
          help: 'Habitaciones-noche = noches vendidas esa noche (reservas confirmadas, en check in o check out, no virtuales)',
        },
        {
          field: 'total',
          header: 'Hospedaje',
          format: 'money',
          total: 'sum',
          help: 'Hospedaje = Σ tarifas por noche de esas reservas en esa noche',
        },
      ],
      export: { fileName: 'Forecast' },
    },
  ],
});
