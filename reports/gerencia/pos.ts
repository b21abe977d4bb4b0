import { defineReport } from '../../schema/defineReport.ts';
import { posPeriod } from '../shared/posFilters.ts';

const money = 'money' as const;

// Management's POS overview: every figure over the closed orders of the period (README, Point of sale).
export default defineReport({
  id: 'gerencia-pos',
  route: '/gerencia/pos',
  title: 'Ventas POS',
  menu: { group: 'Gerencia', order: 2 },
  sources: {
    general: { path: '/api/v1/report/pos-general' },
    payments: { path: '/api/v1/report/pay-general', rows: 'data.accumulateByPay' },
    moments: { path: '/api/v1/report/day-moment' },
    clientKinds: { path: '/api/v1/report/client-internal-external' },
    roomService: { path: '/api/v1/report/room-service' },
    clients: {
      path: '/api/v1/report/group-order',
      paging: { mode: 'server', style: 'laravel' },
      rows: 'data',
      total: 'links.pagination.total',
    },
  },
  filters: [posPeriod('currentMonth')],
  blocks: [
    {
      kind: 'cards',
      source: 'general',
      cards: [
        { label: 'Órdenes', field: 'data.countOrders', format: 'integer', help: 'Órdenes cerradas creadas en el periodo' },
        { label: 'Promedio por orden', field: 'data.averagePerOrder', format: money, help: 'Promedio por orden = ventas totales / órdenes' },
        { label: 'Ventas totales', field: 'data.totalSales', format: money, help: 'Ventas totales = ventas app + ventas escritorio + descuento' },
        { label: 'Ingreso real', field: 'data.realIncome', format: money, help: 'Ingreso real = ventas totales − descuento − propina − impuestos' },
        { label: 'Impuestos', field: 'data.taxAcum', format: money, help: 'Impuestos = Σ impuestos de las órdenes cerradas' },
        { label: 'Propina total', field: 'data.acumTip', format: money, help: 'Propina total = Σ propinas de las órdenes cerradas', right: 'tips' },
        { label: 'Descuento total', field: 'data.acumDiscount', format: money, help: 'Descuento total = Σ descuentos de las órdenes cerradas' },
      ],
    },
    {
      kind: 'chart', source: 'general', chart: 'bar', title: 'Ventas por negocio', width: 'half',
      rows: 'data.accumulateByBusiness', category: 'name', value: 'total', format: money,
      categoryLabel: 'Negocio', valueLabel: 'Ventas totales',
      help: 'Ventas totales del negocio = ventas app + ventas escritorio + descuento (antes del descuento)',
      // A business's bar opens its closed orders of the same period.
      drill: { to: '/pos/sales', set: [{ filter: 'business', field: '_id', label: 'name' }], carry: ['period'] },
    },
    {
      kind: 'chart', source: 'payments', chart: 'doughnut', title: 'Métodos de pago', width: 'half',
      category: 'name', value: 'total', format: money, valueLabel: 'Total cobrado',
      help: 'Total cobrado por método = Σ totales de las órdenes cerradas pagadas con él; un método abre esas órdenes en Ventas POS general',
      drill: { to: '/pos/sales', set: [{ filter: 'methodPay', field: 'method' }], carry: ['period'] },
    },
    {
      kind: 'chart', source: 'roomService', chart: 'pie', title: 'Room service', width: 'third', format: money,
      category: 'category', value: 'value', valueLabel: 'Total cobrado',
      fold: [{ field: 'roomService', label: 'Sí' }, { field: 'noRoomService', label: 'No' }],
    },
    {
      kind: 'chart', source: 'clientKinds', chart: 'pie', title: 'Clientes internos vs externos', width: 'third', format: money,
      category: 'category', value: 'value', valueLabel: 'Total cobrado',
      fold: [{ field: 'acumClientInternal', label: 'Internos' }, { field: 'acumClientExternal', label: 'Externos' }],
      help: 'Internos: clientes de categoría empleado o socio; externos: los demás',
    },
    {
      kind: 'chart', source: 'general', chart: 'pie', title: 'App vs escritorio', width: 'third', format: money,
      category: 'category', value: 'value', valueLabel: 'Total cobrado',
      fold: [{ field: 'acumApp', label: 'App' }, { field: 'acumDesktop', label: 'Escritorio' }],
      help: 'App: órdenes hechas en la app de clientes; escritorio: las demás',
    },
    {
      kind: 'chart', source: 'moments', chart: 'bar', title: 'Órdenes por momento del día', width: 'half', format: 'integer',
      category: 'category', value: 'value', categoryLabel: 'Momento', valueLabel: 'Órdenes',
      fold: [{ field: 'morning', label: 'Mañana' }, { field: 'afternoon', label: 'Tarde' }, { field: 'evening', label: 'Noche' }],
      help: 'Hora de creación en la hora del hotel (su zona horaria configurada): Mañana 06–12, Tarde 12–18, Noche 18–06',
    },
    {
      kind: 'chart', source: 'moments', chart: 'bar', title: 'Monto por momento del día', width: 'half', format: money,
      category: 'category', value: 'value', categoryLabel: 'Momento', valueLabel: 'Total cobrado',
      fold: [{ field: 'morningAmount', label: 'Mañana' }, { field: 'afternoonAmount', label: 'Tarde' }, { field: 'eveningAmount', label: 'Noche' }],
      help: 'Hora de creación en la hora del hotel (su zona horaria configurada): Mañana 06–12, Tarde 12–18, Noche 18–06',
    },
    {
      kind: 'table',
      title: 'Ventas acumuladas por clientes',
      source: 'clients',
      pageSizes: [10, 20, 50],
      search: 'none',
      defaultSort: { field: 'total', desc: true },
      columns: [
        { field: 'userInfo', header: 'Cliente', format: 'fullName', sortField: 'client' },
        { field: 'count', header: 'Órdenes', format: 'integer', sortable: false },
        { field: 'totalAcum', header: 'Total', format: money, sortField: 'total', help: 'Total = Σ totales cobrados de sus órdenes cerradas' },
      ],
      export: { fileName: 'Ventas acumuladas por clientes' },
    },
  ],
});
