import { defineReport } from '../../schema/defineReport.ts';

// Income from services (spa, laundry, transport…) sold by the day of the order, newest first.
export default defineReport({
  id: 'service-order',
  route: '/service/order',
  title: 'Ingresos por servicios',
  menu: { group: 'Servicio', order: 1 },
  sources: {
    orders: {
      path: '/api/v1/report/service/order/paginate',
      paging: { mode: 'server', style: 'laravel' },
      rows: 'data',
      total: 'links.pagination.total',
    },
  },
  filters: [
    { id: 'dateStart', kind: 'date', label: 'Fecha inicial', range: 'never' },
    { id: 'dateEnd', kind: 'date', label: 'Fecha final', range: 'never' },
  ],
  filterRules: [
    {
      rule: 'startNotAfterEnd',
      filters: ['dateStart', 'dateEnd'],
      message: 'La fecha inicial no puede ser posterior a la fecha final.',
    },
  ],
  blocks: [
    {
      kind: 'table',
      source: 'orders',
      pageSizes: [50, 100, 200],
      search: 'server',
      // A wide table: the invoice stay in view when it scrolls sideways.
      pinnedColumns: 1,
      defaultSort: { field: 'createdAt', desc: true },
      columns: [
        { field: 'service.invoice', header: 'Factura' },
        { field: 'service.name', header: 'Servicio' },
        { field: 'user', header: 'Cliente', format: 'clientName', sortField: 'user.name' },
        { field: 'subtotal', header: 'Subtotal', format: 'money', total: 'sum' },
        { field: 'taxAmount', header: 'Impuesto', format: 'money', total: 'sum' },
        {
          field: 'total',
          header: 'Total',
          format: 'money',
          total: 'sum',
          help: 'Total = subtotal + impuesto + extra − crédito − descuento',
        },
        { field: 'extra.amount', header: 'Extra', format: 'money', total: 'sum' },
        { field: 'credit', header: 'Crédito', format: 'money', total: 'sum' },
        { field: 'discount.amount', header: 'Descuento', format: 'money', total: 'sum' },
        {
          field: 'netPayment',
          header: 'Pago neto',
          format: 'money',
          total: 'sum',
          help: 'Pago neto = total cuando la orden está pagada; si no, 0',
        },
        { field: 'employee', header: 'Empleado', format: 'fullName', sortField: 'employee.name' },
        { field: 'createdAt', header: 'Fecha', format: 'dateTime' },
      ],
      export: { fileName: 'Ingresos por servicios', rows: 'all' },
    },
  ],
});
