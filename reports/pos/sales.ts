import { defineReport } from '../../schema/defineReport.ts';
import { posBusiness, posClients, posEmployee, posMethodPay, posPeriod } from '../shared/posFilters.ts';

const money = 'money' as const;
const closedOrders = { paging: { mode: 'server' as const, style: 'laravel' as const }, rows: 'data', total: 'links.pagination.total' };

// Closed orders of the period; the Excel asks whether to add each order's lines.
export default defineReport({
  id: 'pos-sales',
  route: '/pos/sales',
  title: 'Ventas POS general',
  menu: { group: 'POS', order: 1 },
  errorTexts: 'accented',
  sources: {
    orders: { path: '/api/v1/report/closed-order', ...closedOrders },
    ordersWithItems: { path: '/api/v1/report/closed-order-with-items', ...closedOrders },
    split: { path: '/api/v1/report/sales-general' },
  },
  // The employee and payment method a Pagos POS slice opens it with (issue 40 §2).
  filters: [posPeriod('today'), posClients, posBusiness, posEmployee, posMethodPay],
  blocks: [
    {
      kind: 'cards',
      source: 'split',
      cards: [
        { label: 'Ventas app móvil', field: 'data.acumApp', format: money, help: 'Σ totales de las órdenes hechas en la app de clientes' },
        { label: 'Ventas escritorio', field: 'data.acumDesktop', format: money, help: 'Σ totales de las órdenes hechas en escritorio' },
        {
          label: 'Total cobrado', value: 'datum.data.acumApp + datum.data.acumDesktop', format: money,
          help: 'Total cobrado = ventas app + ventas escritorio (después del descuento; no son las ventas totales de Gerencia)',
        },
        { label: 'Órdenes app móvil', field: 'data.countApp', format: 'integer' },
        { label: 'Órdenes escritorio', field: 'data.countDesktop', format: 'integer' },
        { label: 'Órdenes', value: 'datum.data.countApp + datum.data.countDesktop', format: 'integer', help: 'Órdenes = órdenes app + órdenes escritorio' },
      ],
    },
    {
      kind: 'chart', source: 'split', chart: 'pie', title: 'Participación en ingresos', width: 'half', format: money,
      category: 'category', value: 'value', valueLabel: 'Total cobrado',
      fold: [{ field: 'acumApp', label: 'App móvil' }, { field: 'acumDesktop', label: 'Escritorio' }],
      help: '% app = ventas app / (ventas app + ventas escritorio) × 100',
    },
    {
      kind: 'chart', source: 'split', chart: 'pie', title: 'Cantidad de órdenes', width: 'half', format: 'integer',
      category: 'category', value: 'value', valueLabel: 'Órdenes',
      fold: [{ field: 'countApp', label: 'App móvil' }, { field: 'countDesktop', label: 'Escritorio' }],
    },
    {
      kind: 'table',
      title: 'Órdenes cerradas',
      source: 'orders',
      pageSizes: [50, 100, 200],
      search: 'none',
      // A wide table: the invoice stay in view when it scrolls sideways.
      pinnedColumns: 1,
      defaultSort: { field: 'createdAt', desc: true },
      columns: [
        { field: 'invoice', header: 'Factura' },
        { field: 'business.name', header: 'Negocio', sortField: 'business.name' },
        { field: 'user', header: 'Cliente', format: 'clientName', sortField: 'user.name' },
        { field: 'employee', header: 'Empleado', format: 'fullName', sortField: 'employee.name' },
        { field: 'createdAt', header: 'Creada', format: 'dateTime' },
        { field: 'closedAt', header: 'Cerrada', format: 'dateTime', sortable: false },
        { field: 'methodPay.text', header: 'Método de pago', sortable: false },
        { field: 'byClientApp', header: 'App', format: 'yesNo', sortable: false },
        { field: 'subtotal', header: 'Subtotal', format: money, sortable: false, total: 'sum' },
        { field: 'taxAmount', header: 'Impuestos', format: money, total: 'sum' },
        { field: 'tipAmount', header: 'Propina', format: money, total: 'sum', right: 'tips' },
        { field: 'discount.amount', header: 'Descuento', format: money, total: 'sum' },
        { field: 'total', header: 'Total', format: money, total: 'sum', help: 'Total = subtotal + impuestos + propina (sin la propina para quien no tiene permiso de ver propinas)' },
      ],
      export: {
        fileName: 'Ventas POS general',
        question: {
          text: '¿Desea incluir los ítems de las órdenes?',
          lines: {
            source: 'ordersWithItems',
            rows: 'items',
            columns: [
              { field: 'item.name', header: 'Ítem' },
              { field: 'qty', header: 'Cantidad', format: 'integer' },
              { field: 'unitPrice', header: 'Precio unitario', format: money },
              { field: 'tax', header: 'Impuesto ítem', format: money },
              { field: 'discount', header: 'Descuento ítem', format: money },
              { field: 'gift', header: 'Cortesía', format: 'yesNo' },
            ],
          },
        },
      },
    },
  ],
});
