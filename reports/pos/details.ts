import { defineReport } from '../../schema/defineReport.ts';
import { posBusiness, posPeriod } from '../shared/posFilters.ts';

const money = 'money' as const;

// Order lines of the period, of every order status unless one is chosen.
export default defineReport({
  id: 'pos-details',
  route: '/pos/details',
  title: 'Detalle de ventas',
  menu: { group: 'POS', order: 3 },
  errorTexts: 'accented',
  sources: {
    lines: {
      path: '/api/v1/report/detail-sale',
      paging: { mode: 'server', style: 'laravel' },
      rows: 'data',
      total: 'links.pagination.total',
    },
  },
  filters: [
    posPeriod('today'),
    posBusiness,
    { id: 'event', kind: 'yesNo', label: 'Evento' },
    { id: 'status', kind: 'multiSelect', label: 'Estado de la orden', options: 'orderStatus' },
  ],
  blocks: [
    {
      kind: 'table',
      source: 'lines',
      pageSizes: [50, 100, 200],
      search: 'none',
      // A wide table: the invoice stay in view when it scrolls sideways.
      pinnedColumns: 1,
      defaultSort: { field: 'createdAt', desc: true },
      columns: [
        { field: 'order.invoice', header: 'Factura' },
        { field: 'order.business.name', header: 'Negocio', sortable: false },
        { field: 'item.name', header: 'Ítem' },
        { field: 'qty', header: 'Cantidad', format: 'integer', total: 'sum' },
        { field: 'unitPrice', header: 'Precio unitario', format: money },
        {
          value: 'datum.qty * datum.unitPrice', header: 'Bruto', format: money, sortField: 'total', total: 'sum',
          help: 'Bruto = cantidad × precio unitario (antes del descuento; una cortesía no se cobra)',
        },
        { field: 'tax', header: 'Impuesto', format: money, total: 'sum' },
        { field: 'discount', header: 'Descuento', format: money, total: 'sum' },
        { field: 'gift', header: 'Cortesía', format: 'yesNo', sortable: false },
        { field: 'order.event', header: 'Evento', format: 'yesNo', sortable: false },
        { field: 'order.status', header: 'Estado', format: 'orderStatus', sortable: false },
        { field: 'costCenters.name', header: 'Centro de costo', sortable: false },
        { field: 'order.createdAt', header: 'Creada', format: 'dateTime', sortField: 'createdAt' },
        { field: 'order.closedAt', header: 'Cerrada', format: 'dateTime', sortable: false, help: 'Hora de cierre: la entrada Cerrada del historial de estados' },
      ],
      export: { fileName: 'Detalle de ventas', rows: 'all' },
    },
  ],
});
