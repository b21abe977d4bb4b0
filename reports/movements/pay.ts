import { defineReport } from '../../schema/defineReport.ts';
import { bookingRefColumns, movementFilters } from '../shared/movements.ts';

// Payments received on bookings, newest first; the booking ref opens the booking detail.
export default defineReport({
  id: 'movements-pay',
  route: '/accounting/pay',
  title: 'Reporte de pagos',
  menu: { group: 'Movimientos', order: 2 },
  sources: {
    payments: { path: '/api/v1/report/movements/payment', paging: { mode: 'server' }, rows: 'data', total: 'total' },
  },
  filters: [
    ...movementFilters,
    { id: 'isForLodging', kind: 'yesNo', label: 'Balance' },
    {
      id: 'type',
      kind: 'multiSelect',
      label: 'Tipo de pago',
      options: [
        { value: 'anticipo', label: 'Anticipo' },
        { value: 'abono', label: 'Abono' },
        { value: 'pago total', label: 'Pago total' },
      ],
    },
  ],
  blocks: [
    {
      kind: 'table',
      source: 'payments',
      pageSizes: [50, 100, 200],
      search: 'server',
      defaultSort: { field: 'createdAt', desc: true },
      columns: [
        ...bookingRefColumns,
        { field: 'authorization', header: 'Autorización' },
        {
          field: 'isForLodging',
          header: 'Balance',
          format: 'yesNo',
          help: 'Balance = Sí: el pago cuenta contra el balance de hospedaje; No: contra el balance de extras',
        },
        { field: 'isForLodging', header: 'Tipo', format: 'lodgingType' },
        { field: 'paymentMethod', header: 'Método' },
        { field: 'createdAt', header: 'Creación', format: 'dateTime' },
        { field: 'employee', header: 'Empleado', format: 'fullName', sortField: 'employee.name' },
        { field: 'amount', header: 'Total', format: 'money', total: 'sum' },
      ],
      export: { fileName: 'Reporte de pagos', rows: 'all' },
    },
  ],
});
