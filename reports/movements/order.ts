import { defineReport } from '../../schema/defineReport.ts';
import { bookingRefColumns, movementFilters } from '../shared/movements.ts';

// Booking orders (lodging invoices and extras), newest first; a row opens the order, its ref the booking.
export default defineReport({
  id: 'movements-order',
  route: '/accounting/order',
  title: 'Reporte de órdenes',
  menu: { group: 'Movimientos', order: 1 },
  sources: {
    orders: { path: '/api/v1/report/movements/order', paging: { mode: 'server' }, rows: 'data', total: 'total' },
  },
  filters: [
    ...movementFilters,
    { id: 'isForLodging', kind: 'yesNo', label: 'Hospedaje' },
    { id: 'business', kind: 'lookup', label: 'Negocio', lookup: 'businesses' },
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
      rowClick: { widget: 'order-detail', key: '_id' },
      columns: [
        { field: 'invoice', header: 'Factura' },
        { field: 'name', header: 'Concepto' },
        ...bookingRefColumns,
        { field: 'booking.user', header: 'Cliente', format: 'clientName', sortField: '' },
        { field: 'isForLodging', header: 'Tipo', format: 'lodgingType' },
        { field: 'business.name', header: 'Negocio' },
        { field: 'createdAt', header: 'Creación', format: 'dateTime' },
        { field: 'employee', header: 'Empleado', format: 'fullName', sortField: 'employee.name' },
        { field: 'subtotal', header: 'Subtotal', format: 'money', total: 'sum' },
        { field: 'discount', header: 'Descuento', format: 'money', total: 'sum' },
        { field: 'total', header: 'Total', format: 'money', total: 'sum' },
      ],
      export: { fileName: 'Reporte de ordenes', rows: 'all' },
    },
  ],
});
