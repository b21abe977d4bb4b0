import { defineReport } from '../../schema/defineReport.ts';
import { posBusiness, posEmployee, posPeriod } from '../shared/posFilters.ts';

const money = 'money' as const;

// Closed orders of the period summed per payment method.
export default defineReport({
  id: 'pos-payment',
  route: '/pos/payment',
  title: 'Pagos POS',
  menu: { group: 'POS', order: 4 },
  errorTexts: 'accented',
  sources: {
    methods: { path: '/api/v1/report/payment', rows: 'data' },
  },
  filters: [posPeriod('today'), posBusiness, posEmployee],
  blocks: [
    {
      kind: 'cards',
      source: 'methods',
      cards: [
        { label: 'Total cobrado', field: 'total', format: money, help: 'Total cobrado = Σ totales de las órdenes cerradas (subtotal + impuestos + propina; sin la propina para quien no tiene permiso de ver propinas)' },
      ],
    },
    {
      kind: 'chart', source: 'methods', chart: 'doughnut', title: 'Total por método de pago', width: 'half',
      category: 'methodPay.text', value: 'total', format: money, valueLabel: 'Total cobrado',
      help: 'Total cobrado por método = Σ totales de las órdenes cerradas pagadas con él; un método abre esas órdenes en Ventas POS general',
      drill: { to: '/pos/sales', set: [{ filter: 'methodPay', field: 'methodPay.method' }], carry: ['period', 'business', 'employee'] },
    },
    {
      kind: 'chart', source: 'methods', chart: 'bar', title: 'Órdenes por método de pago', width: 'half',
      category: 'methodPay.text', value: 'count', format: 'integer', categoryLabel: 'Método', valueLabel: 'Órdenes',
      drill: { to: '/pos/sales', set: [{ filter: 'methodPay', field: 'methodPay.method' }], carry: ['period', 'business', 'employee'] },
    },
    {
      kind: 'table',
      source: 'methods',
      pageSizes: [50, 100, 200],
      search: 'client',
      defaultSort: { field: 'total', desc: true },
      columns: [
        { field: 'methodPay.text', header: 'Método de pago' },
        { field: 'count', header: 'Órdenes', format: 'integer', total: 'sum' },
        { field: 'subtotal', header: 'Subtotal', format: money, total: 'sum' },
        { field: 'taxAmount', header: 'Impuestos', format: money, total: 'sum' },
        { field: 'tipAmount', header: 'Propina', format: money, total: 'sum', right: 'tips' },
        { field: 'total', header: 'Total', format: money, total: 'sum' },
      ],
      export: { fileName: 'Pagos POS' },
    },
  ],
});
