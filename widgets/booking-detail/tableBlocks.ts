import { tableBlock } from '../shared/tableBlock.ts';
import { bookingTexts } from './texts.ts';

const t = bookingTexts;
const pageSizes = [20, 50, 100];

export const ratesBlock = (ref: string) =>
  tableBlock({
    kind: 'table',
    source: 'rates',
    pageSizes,
    defaultSort: { field: 'date' },
    columns: [
      { field: 'date', header: t.date, format: 'date' },
      { field: 'totalRate', header: t.price, format: 'money', total: 'sum' },
      { field: 'closed', header: t.closed, format: 'closedOpen' },
    ],
    export: { fileName: t.fileName(ref, t.nights) },
  });

export const guestsBlock = (ref: string, title: string) =>
  tableBlock({
    kind: 'table',
    source: 'guests',
    pageSizes,
    columns: [
      { field: 'name', header: t.name },
      { field: 'lastName', header: t.lastName },
      { field: 'email', header: t.email },
      { field: 'document', header: t.document },
      { field: 'category', header: t.category, format: 'upper' },
    ],
    export: { fileName: t.fileName(ref, title) },
  });

/** Cobros: sorted on the server by the names of server/routes/booking.ts; a row opens the order. */
export const ordersBlock = (ref: string) =>
  tableBlock({
    kind: 'table',
    source: 'orders',
    pageSizes,
    rowClick: { widget: 'order-detail', key: '_id' },
    columns: [
      { field: 'invoice', header: t.invoice },
      { field: 'name', header: t.name },
      { field: 'business.name', header: t.business, sortField: 'business' },
      { field: 'isForLodging', header: t.type, format: 'lodgingType' },
      { field: 'isVirtual', header: t.virtual, format: 'yesNo' },
      { field: 'subtotal', header: t.subtotal, format: 'money', total: 'sum' },
      { field: 'discount', header: t.discount, format: 'money', total: 'sum' },
      { field: 'total', header: t.total, format: 'money', total: 'sum' },
      { field: 'employee', header: t.employee, format: 'fullName', sortField: 'employee' },
      { field: 'createdAt', header: t.createdDate, format: 'date' },
    ],
    export: { fileName: t.fileName(ref, t.orders) },
  });

export const paymentsBlock = (ref: string) =>
  tableBlock({
    kind: 'table',
    source: 'payments',
    pageSizes,
    columns: [
      { field: 'booking.ref', header: t.ref, sortable: false },
      { field: 'authorization', header: t.authorization },
      { field: 'isForLodging', header: t.type, format: 'lodgingType' },
      { field: 'paymentMethod', header: t.paymentMethod },
      { field: 'amount', header: t.amount, format: 'money', total: 'sum' },
      { field: 'employee', header: t.employee, format: 'fullName', sortField: 'employee' },
      { field: 'createdAt', header: t.createdDate, format: 'date' },
    ],
    export: { fileName: t.fileName(ref, t.payments) },
  });
