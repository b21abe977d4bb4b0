import type { ColumnInput, ReportDefinitionInput } from '../../schema/reportDefinition.ts';
import { posDayAndBusiness } from './posFilters.ts';

/** A product row of popularity and gifts (§3): name, business, price, unit cost, quantity. */
export const posProductColumns: ColumnInput[] = [
  { field: 'name', header: 'Producto' },
  { field: 'business.name', header: 'Negocio', sortField: 'business.name' },
  { field: 'price', header: 'Precio', format: 'money' },
  { field: 'costItem', header: 'Costo unitario', format: 'money' },
  { field: 'totalQty', header: 'Cantidad', format: 'integer', total: 'sum' },
];

/** The data, filters and blocks of a per-product ranking (Popularidad, Cortesías): one call, its chart and its table. */
export function posProductRanking(ranking: { path: string; chartTitle: string; columns: ColumnInput[]; fileName: string }): Pick<ReportDefinitionInput, 'sources' | 'filters' | 'blocks'> {
  return {
    sources: {
      products: { path: ranking.path, paging: { mode: 'server', style: 'laravel' }, rows: 'data', total: 'links.pagination.total' },
    },
    filters: posDayAndBusiness,
    blocks: [
      {
        kind: 'chart', source: 'products', chart: 'barHorizontal', title: ranking.chartTitle,
        category: 'name', value: 'totalQty', format: 'integer', categoryLabel: 'Producto', valueLabel: 'Cantidad',
      },
      {
        kind: 'table',
        source: 'products',
        pageSizes: [50, 100, 200],
        search: 'none',
        defaultSort: { field: 'totalQty', desc: true },
        columns: ranking.columns,
        export: { fileName: ranking.fileName, rows: 'all' },
      },
    ],
  };
}
