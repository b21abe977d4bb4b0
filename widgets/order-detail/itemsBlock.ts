import { tableBlock } from '../shared/tableBlock.ts';
import { orderTexts } from './texts.ts';

const t = orderTexts;

/** The order's items: every row at once, with the amounts totalled. */
export const itemsBlock = (invoice: string) =>
  tableBlock({
    kind: 'table',
    source: 'items',
    columns: [
      { field: 'name', header: t.itemName },
      { field: 'type.code', header: t.typeCode },
      { field: 'type.percent', header: t.typePercent, format: 'percent' },
      { field: 'isFree', header: t.free, format: 'yesNo' },
      { field: 'count', header: t.count, format: 'number' },
      { field: 'countType', header: t.countType },
      { field: 'priceSubtotal', header: t.subtotal, format: 'money', total: 'sum' },
      { field: 'priceTotal', header: t.total, format: 'money', total: 'sum' },
    ],
    export: { fileName: t.fileName(invoice) },
  });
