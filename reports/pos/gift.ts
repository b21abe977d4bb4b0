import { defineReport } from '../../schema/defineReport.ts';
import { posProductColumns, posProductRanking } from '../shared/posProductColumns.ts';

// Courtesy lines of closed orders per product: they earn nothing but their goods cost.
export default defineReport({
  id: 'pos-gift',
  route: '/pos/gift',
  title: 'Cortesías',
  menu: { group: 'POS', order: 6 },
  errorTexts: 'accented',
  ...posProductRanking({
    path: '/api/v1/report/gift',
    chartTitle: 'Cortesías por producto (página)',
    columns: [
      ...posProductColumns,
      { field: 'cost', header: 'Costo (CMV)', format: 'money', total: 'sum', help: 'Costo = Σ cantidad × costo unitario' },
    ],
    fileName: 'Cortesias',
  }),
});
