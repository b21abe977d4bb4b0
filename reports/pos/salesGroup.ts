import { defineReport } from '../../schema/defineReport.ts';
import { posBusiness, posClients, posPeriod } from '../shared/posFilters.ts';

const money = 'money' as const;

// Closed orders of the period summed per client.
export default defineReport({
  id: 'pos-sales-group',
  route: '/pos/sales-group',
  title: 'Ventas agrupadas',
  menu: { group: 'POS', order: 2 },
  errorTexts: 'accented',
  sources: {
    clients: {
      path: '/api/v1/report/group-order',
      paging: { mode: 'server', style: 'laravel' },
      rows: 'data',
      total: 'links.pagination.total',
    },
  },
  filters: [posPeriod('today'), posClients, posBusiness],
  blocks: [
    {
      kind: 'table',
      source: 'clients',
      pageSizes: [50, 100, 200],
      search: 'none',
      defaultSort: { field: 'total', desc: true },
      columns: [
        { field: 'userInfo', header: 'Cliente', format: 'fullName', sortField: 'client' },
        { field: 'userInfo.email', header: 'Correo', sortable: false },
        { field: 'count', header: 'Órdenes', format: 'integer', total: 'sum' },
        { field: 'subtotalAcum', header: 'Subtotal', format: money, sortable: false, total: 'sum' },
        { field: 'taxAcum', header: 'Impuestos', format: money, sortable: false, total: 'sum' },
        { field: 'tipAcum', header: 'Propina', format: money, sortable: false, total: 'sum', right: 'tips' },
        { field: 'discountAcum', header: 'Descuento', format: money, sortable: false, total: 'sum' },
        {
          field: 'totalAcum', header: 'Total', format: money, sortField: 'total', total: 'sum',
          help: 'Total = Σ totales de sus órdenes cerradas (subtotal + impuestos + propina)',
        },
      ],
      export: { fileName: 'Ventas agrupadas', rows: 'all' },
    },
  ],
});
