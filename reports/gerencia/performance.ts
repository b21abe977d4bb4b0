import { defineReport } from '../../schema/defineReport.ts';
import { posBusiness, posPeriod } from '../shared/posFilters.ts';

const money = 'money' as const;
const realIncome = 'Ingreso real = Σ (cantidad × precio unitario − descuento de la línea); una cortesía no genera ingreso';

// The gross-margin report: product lines of closed orders, for a closed period (not the current month).
export default defineReport({
  id: 'gerencia-performance',
  route: '/gerencia/performance',
  title: 'Inventario / margen bruto',
  menu: { group: 'Gerencia', order: 3 },
  sources: {
    products: {
      path: '/api/v1/report/detail-products',
      paging: { mode: 'server', style: 'laravel' },
      rows: 'data',
      total: 'links.pagination.total',
    },
    sold: { path: '/api/v1/report/sold-products' },
  },
  filters: [
    posPeriod('previousMonth'),
    posBusiness,
    { id: 'gift', kind: 'yesNo', label: 'Cortesía' },
  ],
  filterRules: [
    { rule: 'rangeBothDatesOutsideCurrentMonth', filters: ['period'], title: 'Error', message: 'Debe seleccionar un rango de fecha válido' },
  ],
  blocks: [
    {
      kind: 'cards',
      source: 'products',
      cards: [
        { label: 'Cantidad de ítems', field: 'totalQty', format: 'integer', help: 'Σ cantidades de las líneas de órdenes cerradas' },
        { label: 'Ingresos', field: 'totalPrice', format: money, help: realIncome },
        { label: 'Impuestos', field: 'totalTax', format: money, help: 'Σ impuestos de las líneas' },
        { label: 'Descuento', field: 'totalDiscount', format: money, help: 'Σ descuentos repartidos en las líneas' },
        { label: 'CMV %', value: 'datum.totalCost / datum.totalPrice * 100', format: 'percent', help: 'CMV % = costo / ingreso real × 100; costo = Σ cantidad × costo unitario (cortesías incluidas); sin ingreso real, —' },
        { label: 'Margen bruto', field: 'totalMargin', format: money, help: 'Margen bruto = ingreso real − costo, sumado por negocio' },
      ],
    },
    {
      kind: 'chart', source: 'products', chart: 'bar', title: 'Ingresos por negocio', width: 'third',
      rows: 'dataBusiness', category: 'business.name', value: 'total', format: money,
      categoryLabel: 'Negocio', valueLabel: 'Ingreso real', help: realIncome,
    },
    {
      kind: 'chart', source: 'sold', chart: 'pie', title: 'Productos vendidos por negocio', width: 'third',
      category: 'business.name', value: 'totalQty', format: 'integer', valueLabel: 'Cantidad',
    },
    {
      kind: 'chart', source: 'products', chart: 'bar', title: 'Margen real promedio por negocio', width: 'third',
      rows: 'dataBusiness', category: 'business.name', value: 'marginPerc', format: 'percent',
      categoryLabel: 'Negocio', valueLabel: 'Margen real %',
      help: 'Margen real % = (ingreso real − costo) / ingreso real × 100, por negocio',
    },
    {
      kind: 'table',
      title: 'Productos',
      source: 'products',
      pageSizes: [10, 20, 50],
      search: 'none',
      defaultSort: { field: 'total', desc: true },
      columns: [
        { field: 'name', header: 'Producto' },
        { field: 'business.name', header: 'Negocio' },
        { field: 'totalQty', header: 'Cantidad', format: 'integer' },
        { field: 'price', header: 'Precio', format: money },
        { field: 'costItem', header: 'Costo unitario', format: money },
        { field: 'cost', header: 'Costo (CMV)', format: money, help: 'Costo = Σ cantidad × costo unitario' },
        { field: 'totalPrice', header: 'Ingreso real', format: money, sortField: 'total', help: realIncome },
        { field: 'grossMargin', header: 'Margen bruto', format: money, help: 'Margen bruto = ingreso real − costo' },
      ],
      export: { fileName: 'Margen bruto', rows: 'all' },
    },
  ],
});
