import { defineReport } from '../../schema/defineReport.ts';
import { posProductColumns, posProductRanking } from '../shared/posProductColumns.ts';

// Products by quantity sold on paid lines of closed orders (courtesies are under Cortesías).
export default defineReport({
  id: 'pos-popularity',
  route: '/pos/popularity',
  title: 'Popularidad',
  menu: { group: 'POS', order: 5 },
  errorTexts: 'accented',
  ...posProductRanking({ path: '/api/v1/report/popularity', chartTitle: 'Más vendidos (página)', columns: posProductColumns, fileName: 'Popularidad' }),
});
