import { z } from 'zod';
import {
  appSalesByBusiness,
  bookingClientRef,
  businessAccumulate,
  businessFigures,
  client,
  clientRef,
  discount,
  employeeRef,
  event,
  namedRef,
  pageLinks,
  paymentMethodTotal,
  personRef,
  posOrderLine,
  posOrderRef,
  statusRanges,
  statusTimes,
} from './shapes.ts';

// The answers of the point-of-sale calls, as the server sends them: strict objects, so that a key the SQL adds or
// drops is drift.

const salesAppRow = z.strictObject({
  hour: z.number(),
  label: z.string(),
  count: z.number(),
  amount: z.number(),
  countApp: z.number(),
  countDesktop: z.number(),
});

const detailProductsRow = z.strictObject({
  _id: z.number(),
  name: z.string(),
  price: z.number(),
  costItem: z.number(),
  totalQty: z.number(),
  business: namedRef,
  cost: z.number(),
  totalPrice: z.number(),
  grossMargin: z.number(),
});

const soldProductsRow = z.strictObject({
  business: namedRef,
  totalQty: z.number(),
});

const posGeneralRow = z.strictObject({
  countOrders: z.number(),
  countApp: z.number(),
  countDesktop: z.number(),
  acumApp: z.number(),
  acumDesktop: z.number(),
  acumDiscount: z.number(),
  acumTip: z.number(),
  taxAcum: z.number(),
  totalSales: z.number(),
  realIncome: z.number(),
  averagePerOrder: z.number(),
  cost: z.number(),
  cmvPerc: z.number(),
  grossMargin: z.number(),
  accumulateByBusiness: z.array(businessAccumulate),
});

const payGeneralRow = z.strictObject({ accumulateByPay: z.array(paymentMethodTotal) });

const dayMomentRow = z.strictObject({
  morning: z.number(),
  afternoon: z.number(),
  evening: z.number(),
  morningAmount: z.number(),
  afternoonAmount: z.number(),
  eveningAmount: z.number(),
});

const clientInternalExternalRow = z.strictObject({
  acumClientInternal: z.number(),
  acumClientExternal: z.number(),
  countClientInternal: z.number(),
  countClientExternal: z.number(),
});

const roomServiceRow = z.strictObject({
  roomService: z.number(),
  noRoomService: z.number(),
  countRoomService: z.number(),
  countNoRoomService: z.number(),
});

const groupOrderRow = z.strictObject({
  count: z.number(),
  userInfo: personRef,
  subtotalAcum: z.number(),
  taxAcum: z.number(),
  tipAcum: z.number(),
  discountAcum: z.number(),
  totalAcum: z.number(),
});

const paymentRow = z.strictObject({
  methodPay: z.strictObject({ method: z.string(), text: z.string() }),
  count: z.number(),
  subtotal: z.number(),
  taxAmount: z.number(),
  tipAmount: z.number(),
  total: z.number(),
});

const closedOrderRow = z.strictObject({
  _id: z.number(),
  invoice: z.string(),
  business: namedRef,
  user: clientRef.nullable(),
  booking: bookingClientRef.nullable(),
  employee: employeeRef.nullable(),
  closedBy: employeeRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  updateHistory: z.array(z.strictObject({ status: z.string(), updatedAt: z.string() })),
  closedAt: z.string(),
  subtotal: z.number(),
  total: z.number(),
  tipAmount: z.number(),
  taxAmount: z.number(),
  discount: discount,
  personOrder: z.number(),
  note: z.string().nullable(),
  methodPay: z.strictObject({ method: z.string(), text: z.string() }),
  siigo_ref: z.string().nullable(),
  byClientApp: z.boolean(),
  event: z.boolean(),
  roomService: z.boolean(),
  status: z.string(),
  costCenter: z.string(),
});

const closedOrderWithItemsRow = closedOrderRow.extend({ items: z.array(posOrderLine) });

const detailSaleRow = posOrderLine.extend({ order: posOrderRef });

const salesGeneralRow = z.strictObject({
  acumApp: z.number(),
  acumDesktop: z.number(),
  countApp: z.number(),
  countDesktop: z.number(),
  percApp: z.number(),
  percDesktop: z.number(),
  percCountApp: z.number(),
  percCountDesktop: z.number(),
  table: z.array(appSalesByBusiness),
});

const statusTimeRow = z.strictObject({
  _id: z.number(),
  invoice: z.string(),
  business: namedRef,
  createdAt: z.string(),
  time1: z.number(),
  time2: z.number(),
  time3: z.number(),
  time4: z.number(),
});

export const productsPageAnswer = z.strictObject({ data: z.array(detailProductsRow), links: pageLinks });

/** GET /api/v1/report/sales-app */
export const salesAppAnswer = z.strictObject({ data: z.array(salesAppRow) });

/** GET /api/v1/report/detail-products */
export const detailProductsAnswer = z.strictObject({
  data: z.array(detailProductsRow),
  links: pageLinks,
  dataBusiness: z.array(businessFigures),
  totalQty: z.number(),
  totalPrice: z.number(),
  totalCost: z.number(),
  totalMargin: z.number(),
  totalDiscount: z.number(),
  totalTax: z.number(),
  cmvPerc: z.number(),
});

/** GET /api/v1/report/sold-products */
export const soldProductsAnswer = z.strictObject({ data: z.array(soldProductsRow) });

/** GET /api/v1/report/pos-general */
export const posGeneralAnswer = z.strictObject({ data: posGeneralRow });

/** GET /api/v1/report/pay-general */
export const payGeneralAnswer = z.strictObject({ data: payGeneralRow });

/** GET /api/v1/report/day-moment */
export const dayMomentAnswer = z.strictObject({ data: dayMomentRow });

/** GET /api/v1/report/client-internal-external */
export const clientInternalExternalAnswer = z.strictObject({ data: clientInternalExternalRow });

/** GET /api/v1/report/room-service */
export const roomServiceAnswer = z.strictObject({ data: roomServiceRow });

/** GET /api/v1/report/group-order */
export const groupOrderAnswer = z.strictObject({ data: z.array(groupOrderRow), links: pageLinks });

/** GET /api/v1/report/detail-sale */
export const detailSaleAnswer = z.strictObject({ data: z.array(detailSaleRow), links: pageLinks });

/** GET /api/v1/report/payment */
export const paymentAnswer = z.strictObject({ data: z.array(paymentRow), total: z.number() });

/** GET /api/v1/report/closed-order */
export const closedOrderAnswer = z.strictObject({ data: z.array(closedOrderRow), links: pageLinks });

/** GET /api/v1/report/sales-general */
export const salesGeneralAnswer = z.strictObject({ data: salesGeneralRow });

/** GET /api/v1/report/status-time */
export const statusTimeAnswer = z.strictObject({
  average: statusTimes,
  ranges: statusRanges,
  data: z.array(statusTimeRow),
});

/** GET /api/v1/report/closed-order-with-items */
export const closedOrderWithItemsAnswer = z.strictObject({ data: z.array(closedOrderWithItemsRow), links: pageLinks });
