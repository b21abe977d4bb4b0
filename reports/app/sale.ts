import { defineReport } from '../../schema/defineReport.ts';
import { posDayAndBusiness } from '../shared/posFilters.ts';

// Closed orders per hour of creation on the operator's clock (OPERATOR_TIME_ZONE), client app beside desktop.
export default defineReport({
  id: 'app-sale',
  route: '/app/sale',
  title: 'Ventas por app',
  menu: { group: 'POS', order: 7 },
  sources: {
    hours: { path: '/api/v1/report/sales-app', rows: 'data' },
  },
  filters: posDayAndBusiness,
  blocks: [
    {
      kind: 'chart',
      source: 'hours',
      chart: 'line',
      title: 'Órdenes por hora',
      category: 'label',
      value: 'count',
      seriesFields: [{ field: 'countApp', label: 'App de clientes' }, { field: 'countDesktop', label: 'Escritorio' }],
      format: 'integer',
      categoryLabel: 'Hora',
      valueLabel: 'Órdenes',
      help: 'Órdenes cerradas por hora de creación (hora del hotel, la de su zona horaria configurada), las 24 horas 00–23 con cero donde no hay: una línea para las hechas en la app de clientes y otra para las de escritorio, así se lee la parte de la app hora a hora; su suma es el total de la hora',
    },
    {
      kind: 'table',
      source: 'hours',
      search: 'none',
      rowKey: 'hour',
      columns: [
        { field: 'label', header: 'Hora' },
        { field: 'countApp', header: 'App de clientes', format: 'integer', total: 'sum' },
        { field: 'countDesktop', header: 'Escritorio', format: 'integer', total: 'sum' },
        { field: 'count', header: 'Órdenes', format: 'integer', total: 'sum', help: 'Órdenes = app de clientes + escritorio' },
        { field: 'amount', header: 'Total cobrado', format: 'money', total: 'sum' },
      ],
      export: { fileName: 'Ventas por app' },
    },
  ],
});
