import { z } from 'zod';
import {
  appInfo,
  bookingDetail,
  bookingOrderItem,
  bookingSummary,
  client,
  clientDetail,
  clientExtraData,
  comercialRoom,
  discount,
  employeeRef,
  guest,
  hotelFigures,
  hotelFiguresDifference,
  namedRef,
  paymentFields,
} from './shapes.ts';

// The answers of the lodging calls (bookings, their detail, clients, collection, commercial, KPIs), as the server
// sends them: strict objects, so that a key the SQL adds or drops is drift.

const bookingRow = bookingSummary.extend({ monthTotals: z.array(z.strictObject({ month: z.string(), total: z.number() })).optional() });

const bookingActiveBalancesRow = bookingSummary.extend({ hostBalance: z.number(), extraBalance: z.number(), balance: z.number() });

const bookingRefRow = bookingDetail.extend({
  rates: z.array(z.strictObject({ date: z.string(), closed: z.boolean(), totalRate: z.number() })),
  nights: z.number(),
});

const clientRow = client.extend({ status: z.string(), createdAt: z.string() });

const clientByIdRow = clientDetail.extend({
  status: z.string(),
  extraData: clientExtraData,
  appInfo: appInfo.nullable(),
  bookingsCount: z.number(),
});

const dashboardRow = z.strictObject({
  incomings: z.array(bookingSummary),
  inHouse: z.array(bookingSummary),
  leaves: z.array(bookingSummary),
  createdToday: z.array(bookingSummary),
  occupiedPercentage: z.number(),
  occupiedRooms: z.number(),
  freeRooms: z.number(),
  date: z.string(),
});

const kpisRow = z.strictObject({
  period: z.strictObject({ from: z.string(), to: z.string() }),
  lastYearPeriod: z.strictObject({ from: z.string(), to: z.string() }),
  current: hotelFigures,
  lastYear: hotelFigures,
  difference: hotelFiguresDifference,
});

const bookingComercialRow = z.strictObject({
  _id: z.number(),
  name: z.string(),
  totalByTypology: z.number(),
  rooms: z.array(comercialRoom),
});

const bookingOcupacionRow = z.strictObject({
  month: z.number(),
  percentage: z.number(),
  count: z.number(),
  total: z.number(),
});

const kpisPaceRow = z.strictObject({
  month: z.string(),
  lastYearMonth: z.string(),
  roomNights: z.number(),
  lastYearRoomNights: z.number(),
  roomNightsDifference: z.number(),
  roomNightsDifferencePercent: z.number().nullable(),
  roomRevenue: z.number(),
  lastYearRoomRevenue: z.number(),
  roomRevenueDifference: z.number(),
  roomRevenueDifferencePercent: z.number().nullable(),
  lastYearFinalRoomNights: z.number(),
  lastYearFinalRoomRevenue: z.number(),
});

const bookingRecaudoStatisticsRow = z.strictObject({
  total: z.number(),
  totalExtraOrders: z.number(),
  totalRates: z.number(),
  averageNights: z.number(),
  averageRates: z.number(),
  averageLodgingDays: z.number(),
  count: z.number(),
  nights: z.number(),
});

const bookingRecaudoPotecialVsRealRow = z.strictObject({
  name: z.string(),
  totalMonthPotencial: z.number(),
  totalRatesReal: z.number(),
});

const bookingBalanceRow = z.strictObject({
  totalOrders: z.number(),
  subtotalOrders: z.number(),
  totalPays: z.number(),
  faltante: z.number(),
  totalHospedaje: z.number(),
  totalHospedajeClosed: z.number(),
  totalHospedajeOpen: z.number(),
  totalExtra: z.number(),
  balanceHost: z.number(),
  balanceExtra: z.number(),
});

const bookingGuestsRow = z.strictObject({ guests: z.array(guest), visitors: z.array(z.unknown()) });

const bookingOrderRow = z.strictObject({
  _id: z.number(),
  name: z.string(),
  items: z.array(bookingOrderItem),
  total: z.number(),
  booking: z.strictObject({ ref: z.string() }),
  invoice: z.string(),
  business: namedRef.nullable(),
  currency: z.string(),
  discount: z.number(),
  employee: employeeRef.nullable(),
  subtotal: z.number(),
  createdAt: z.string(),
  isVirtual: z.boolean(),
  updatedAt: z.string(),
  tipInclude: z.boolean(),
  isSecondary: z.boolean(),
  isForLodging: z.boolean(),
});

const orderByIdRow = bookingOrderRow.extend({ booking: bookingDetail, amountDue: z.number(), amountPaid: z.number(), paymentStatus: z.string() });

/** GET /api/v1/booking/pay/:ref */
export const bookingPayAnswer = z.strictObject({
  data: z.array(z.strictObject({ ...paymentFields, booking: z.strictObject({ ref: z.string() }) })),
  total: z.number(),
});

/** GET /api/v1/client */
export const clientAnswer = z.strictObject({ data: z.array(clientRow), total: z.number() });

/** GET /api/v1/report/dashboard */
export const dashboardAnswer = z.strictObject({ data: dashboardRow });

/** GET /api/v1/report/kpis */
export const kpisAnswer = z.strictObject({ data: kpisRow });

/** GET /api/v1/report/booking/activeBalances */
export const bookingActiveBalancesAnswer = z.strictObject({
  data: z.array(bookingActiveBalancesRow),
  total: z.number(),
  totalAllBalances: z.number(),
});

/** GET /api/v1/report/booking */
export const bookingAnswer = z.strictObject({ data: z.array(bookingRow), total: z.number() });

/**
 * GET /api/v1/report/booking/comercial: by default every typology with its rooms and their bookings; on `bookings=none`
 * the rooms without `bookings`; on `place=<id>` `data` is that room's bookings of the period and `total` its sales.
 */
export const bookingComercialAnswer = z.strictObject({
  data: z.union([
    z.array(bookingComercialRow.extend({ rooms: z.array(comercialRoom.partial({ bookings: true })) })),
    comercialRoom.shape.bookings,
  ]),
  total: z.number(),
  dateStart: z.string(),
  dateEnd: z.string(),
});

/** GET /api/v1/report/booking/forecast */
export const bookingForecastAnswer = z.strictObject({
  forecast: z.array(z.strictObject({ date: z.string(), count: z.number(), total: z.number() })),
  total: z.number(),
  average: z.number(),
});

/** GET /api/v1/report/booking/ocupacion */
export const bookingOcupacionAnswer = z.strictObject({ data: z.array(bookingOcupacionRow) });

/** GET /api/v1/report/kpis/pace */
export const kpisPaceAnswer = z.strictObject({
  asOf: z.string(),
  lastYearAsOf: z.string(),
  data: z.array(kpisPaceRow),
});

/** GET /api/v1/report/booking/sales */
export const bookingSalesAnswer = z.strictObject({
  data: z.array(bookingSummary),
  total: z.number(),
  totalCalculate: z.number(),
});

/** GET /api/v1/report/booking/recaudoStatistics */
export const bookingRecaudoStatisticsAnswer = z.strictObject({ data: bookingRecaudoStatisticsRow });

/** GET /api/v1/report/booking/recaudoPotecialVsReal */
export const bookingRecaudoPotecialVsRealAnswer = z.strictObject({
  data: z.array(bookingRecaudoPotecialVsRealRow),
  dateStart: z.string(),
  dateEnd: z.string(),
});

/** GET /api/v1/report/booking/recaudoNationalities */
export const bookingRecaudoNationalitiesAnswer = z.strictObject({
  data: z.array(z.strictObject({ nationality: z.string().nullable(), count: z.number() })),
});

/** GET /api/v1/booking/ref/:ref */
export const bookingRefAnswer = z.strictObject({ data: bookingRefRow });

/** GET /api/v1/booking/balance/:ref */
export const bookingBalanceAnswer = z.strictObject({ data: bookingBalanceRow });

/** GET /api/v1/booking/guests/:ref */
export const bookingGuestsAnswer = z.strictObject({ data: bookingGuestsRow });

/** GET /api/v1/booking/order/:ref */
export const bookingOrderAnswer = z.strictObject({ data: z.array(bookingOrderRow), total: z.number() });

/** GET /api/v1/order/:id */
export const orderByIdAnswer = z.strictObject({ data: orderByIdRow });

/** GET /api/v1/client/:id */
export const clientByIdAnswer = z.strictObject({ data: clientByIdRow });

/** GET /api/v1/client/:id/bookings */
export const clientBookingsAnswer = z.strictObject({ data: z.array(bookingSummary), total: z.number() });

/** GET /api/v1/client/app-info/:masterID */
export const clientAppInfoAnswer = z.strictObject({ data: appInfo });
