import { defineReport } from '../../schema/defineReport.ts';
import { posDayAndBusiness } from '../shared/posFilters.ts';

// Two fixed decimals, as the server rounds each time: the figure shown is the one its range is decided by.
const minutes = 'decimal' as const;
const firstEntries = 'minutos entre las primeras entradas de cada estado en el historial de la orden';

// Minutes between the status changes of closed orders (README, Status times).
export default defineReport({
  id: 'pos-status',
  route: '/pos/status',
  title: 'KPI POS (tiempos)',
  menu: { group: 'Servicio', order: 2 },
  errorTexts: 'accented',
  sources: {
    times: { path: '/api/v1/report/status-time', rows: 'data' },
  },
  filters: posDayAndBusiness,
  blocks: [
    {
      kind: 'cards',
      source: 'times',
      cards: [
        { label: 'Abierta → En proceso (min)', field: 'average.time1', format: minutes, help: `Promedio de ${firstEntries}: Abierta a En proceso` },
        { label: 'En proceso → Entregado (min)', field: 'average.time2', format: minutes, help: `Promedio de ${firstEntries}: En proceso a Entregado` },
        { label: 'Entregado → Cerrada (min)', field: 'average.time3', format: minutes, help: `Promedio de ${firstEntries}: Entregado a Cerrada` },
        { label: 'Abierta → Cerrada (min)', field: 'average.time4', format: minutes, help: `Promedio de ${firstEntries}: Abierta a Cerrada` },
      ],
    },
    {
      kind: 'chart', source: 'times', chart: 'bar', title: 'Órdenes por tiempo total', rows: 'ranges',
      category: 'category', value: 'value', format: 'integer', categoryLabel: 'Abierta → Cerrada', valueLabel: 'Órdenes',
      fold: [
        { field: 'range1', label: '≤ 10 min' },
        { field: 'range2', label: '> 10 y ≤ 30 min' },
        { field: 'range3', label: '> 30 y ≤ 40 min' },
        { field: 'range4', label: '> 40 min' },
      ],
      help: 'Órdenes cerradas según sus minutos de Abierta a Cerrada tal como los muestra la tabla (dos decimales): hasta 10; más de 10 y hasta 30 (10.28 cuenta aquí); más de 30 y hasta 40; más de 40',
    },
    {
      kind: 'table',
      source: 'times',
      pageSizes: [50, 100, 200],
      search: 'client',
      defaultSort: { field: 'createdAt', desc: true },
      columns: [
        { field: 'invoice', header: 'Factura' },
        { field: 'business.name', header: 'Negocio' },
        { field: 'createdAt', header: 'Creada', format: 'dateTime' },
        { field: 'time1', header: 'Abierta → En proceso (min)', format: minutes },
        { field: 'time2', header: 'En proceso → Entregado (min)', format: minutes },
        { field: 'time3', header: 'Entregado → Cerrada (min)', format: minutes },
        { field: 'time4', header: 'Abierta → Cerrada (min)', format: minutes },
      ],
      export: { fileName: 'KPI POS tiempos' },
    },
  ],
});
