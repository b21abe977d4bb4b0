import { z } from 'zod';
import {
  appInfo,
  appSalesByBusiness,
  bookingClientRef,
  bookingDetail,
  bookingOrderItem,
  bookingSummary,
  bookingWithPlace,
  businessAccumulate,
  businessFigures,
  client,
  clientExtraData,
  clientRef,
  comercialRoom,
  discount,
  employeeRef,
  event,
  eventTicket,
  guest,
  hotelFigures,
  hotelFiguresDifference,
  namedListAnswer,
  pageLinks,
  paymentMethodTotal,
  personRef,
  placeWithPhotos,
  placeWithTypology,
  posOrderLine,
  posOrderRef,
  reservation,
  signedInEmployee,
  spaceOccurrence,
  statusRanges,
  statusTimes,
  taskEmployeeFigures,
  taskTransaction,
  typology,
  view,
  viewAnswer,
} from './shapes.ts';

// Each route's answer as the server sends it: strict objects, so that a key the SQL adds or drops is drift.

const salesAppRow = z.strictObject({ hour: z.number(), label: z.string(), count: z.number(), amount: z.number(), countApp: z.number(), countDesktop: z.number() });
const useTimeResumeFetchRow = z.strictObject({ user: personRef, time: z.number(), hours: z.number() });
const useTimeResumeGroupFetchRow = z.strictObject({ _id: z.string(), total: z.number(), count: z.number(), totalHours: z.number(), average: z.number() });
const clientRow = z.strictObject({ _id: z.number(), name: z.string(), lastName: z.string(), email: z.string().nullable(), documentType: z.string(), documentID: z.string(), nationality: z.string(), gender: z.string().nullable(), category: z.string(), country: z.string(), state: z.string(), city: z.string(), zipcode: z.string(), phone: z.string().nullable(), masterID: z.string().nullable(), photo: z.string().nullable(), avatar: z.string().nullable(), isCompany: z.boolean(), companyName: z.string().nullable(), deleted: z.boolean(), status: z.string(), createdAt: z.string() });
const dashboardRow = z.strictObject({ incomings: z.array(bookingSummary), inHouse: z.array(bookingSummary), leaves: z.array(bookingSummary), createdToday: z.array(bookingSummary), occupiedPercentage: z.number(), occupiedRooms: z.number(), freeRooms: z.number(), date: z.string() });
const kpisRow = z.strictObject({ period: z.strictObject({ from: z.string(), to: z.string() }), lastYearPeriod: z.strictObject({ from: z.string(), to: z.string() }), current: hotelFigures, lastYear: hotelFigures, difference: hotelFiguresDifference });
const taskDurationRow = z.strictObject({ taskOption: z.strictObject({ _id: z.number(), name: z.string(), color: z.string() }), tasks: z.number(), started: z.number(), finished: z.number(), averageMinutesToStart: z.number(), averageMinutesToFinish: z.number(), employees: z.array(taskEmployeeFigures) });
const employeeTipRow = z.strictObject({ _id: z.number(), employee: employeeRef, email: z.string(), amount: z.number(), note: z.string().nullable(), createdAt: z.string(), order: z.strictObject({ _id: z.number(), invoice: z.string() }).nullable() });
const employeeTipGroupRow = z.strictObject({ employee: employeeRef, email: z.string(), count: z.number(), amount: z.number() });
const bookingActiveBalancesRow = z.strictObject({ _id: z.number(), ref: z.string(), status: z.string(), dateStart: z.string(), dateEnd: z.string(), wayContactName: z.string(), total: z.number(), place: placeWithTypology, user: z.strictObject({ _id: z.number(), name: z.string(), lastName: z.string() }), hostBalance: z.number(), extraBalance: z.number(), balance: z.number() });
const bookingRow = z.strictObject({ _id: z.number(), ref: z.string(), status: z.string(), dateStart: z.string(), dateEnd: z.string(), wayContactName: z.string(), total: z.number(), place: placeWithTypology, user: z.strictObject({ _id: z.number(), name: z.string(), lastName: z.string() }), monthTotals: z.array(z.strictObject({ month: z.string(), total: z.number() })).optional() });
const bookingComercialRow = z.strictObject({ _id: z.number(), name: z.string(), totalByTypology: z.number(), rooms: z.array(comercialRoom) });
const leadTableRow = z.strictObject({ _id: z.number(), name: z.string(), lastName: z.string(), email: z.string().nullable(), phone: z.string().nullable(), source: z.string(), interest: z.string().nullable(), message: z.string().nullable(), status: z.string(), createdAt: z.string() });
const bookingOcupacionRow = z.strictObject({ month: z.number(), percentage: z.number(), count: z.number(), total: z.number() });
const kpisPaceRow = z.strictObject({ month: z.string(), lastYearMonth: z.string(), roomNights: z.number(), lastYearRoomNights: z.number(), roomNightsDifference: z.number(), roomNightsDifferencePercent: z.number().nullable(), roomRevenue: z.number(), lastYearRoomRevenue: z.number(), roomRevenueDifference: z.number(), roomRevenueDifferencePercent: z.number().nullable(), lastYearFinalRoomNights: z.number(), lastYearFinalRoomRevenue: z.number() });
const detailProductsRow = z.strictObject({ _id: z.number(), name: z.string(), price: z.number(), costItem: z.number(), totalQty: z.number(), business: z.strictObject({ _id: z.number(), name: z.string() }), cost: z.number(), totalPrice: z.number(), grossMargin: z.number() });
const soldProductsRow = z.strictObject({ business: z.strictObject({ _id: z.number(), name: z.string() }), totalQty: z.number() });
const posGeneralRow = z.strictObject({ countOrders: z.number(), countApp: z.number(), countDesktop: z.number(), acumApp: z.number(), acumDesktop: z.number(), acumDiscount: z.number(), acumTip: z.number(), taxAcum: z.number(), totalSales: z.number(), realIncome: z.number(), averagePerOrder: z.number(), cost: z.number(), cmvPerc: z.number(), grossMargin: z.number(), accumulateByBusiness: z.array(businessAccumulate) });
const payGeneralRow = z.strictObject({ accumulateByPay: z.array(paymentMethodTotal) });
const dayMomentRow = z.strictObject({ morning: z.number(), afternoon: z.number(), evening: z.number(), morningAmount: z.number(), afternoonAmount: z.number(), eveningAmount: z.number() });
const clientInternalExternalRow = z.strictObject({ acumClientInternal: z.number(), acumClientExternal: z.number(), countClientInternal: z.number(), countClientExternal: z.number() });
const roomServiceRow = z.strictObject({ roomService: z.number(), noRoomService: z.number(), countRoomService: z.number(), countNoRoomService: z.number() });
const groupOrderRow = z.strictObject({ count: z.number(), userInfo: personRef, subtotalAcum: z.number(), taxAcum: z.number(), tipAcum: z.number(), discountAcum: z.number(), totalAcum: z.number() });
const bookingRecaudoStatisticsRow = z.strictObject({ total: z.number(), totalExtraOrders: z.number(), totalRates: z.number(), averageNights: z.number(), averageRates: z.number(), averageLodgingDays: z.number(), count: z.number(), nights: z.number() });
const bookingRecaudoPotecialVsRealRow = z.strictObject({ name: z.string(), totalMonthPotencial: z.number(), totalRatesReal: z.number() });
const taskRow = z.strictObject({ _id: z.number(), name: z.string(), place: z.strictObject({ _id: z.number(), name: z.string() }).nullable(), area: z.strictObject({ _id: z.number(), name: z.string() }), dateStart: z.string(), dateEnd: z.string(), employee: employeeRef, taskOption: z.strictObject({ _id: z.number(), name: z.string(), color: z.string() }), status: z.string(), transactions: z.array(taskTransaction) });
const eventQrMovementsTableRow = z.strictObject({ _id: z.number(), createdAt: z.string(), subtotal: z.number(), total: z.number(), by_client_app: z.boolean(), event_QR: eventTicket, reason_cancellation: z.string().nullable() });
const movementsOrderRow = z.strictObject({ _id: z.number(), name: z.string(), invoice: z.string(), total: z.number(), subtotal: z.number(), discount: z.number(), currency: z.string(), isSecondary: z.boolean(), isForLodging: z.boolean(), isVirtual: z.boolean(), tipInclude: z.boolean(), employee: employeeRef, business: z.strictObject({ _id: z.number(), name: z.string() }), createdAt: z.string(), updatedAt: z.string(), booking: bookingWithPlace });
const paymentFields = {
  _id: z.number(), authorization: z.string().nullable(), isForLodging: z.boolean(), type: z.string(), paymentMethod: z.string(), amount: z.number(),
  split: z.strictObject({ amount: z.number(), boucher: z.string() }).nullable(), employee: employeeRef.nullable(), createdAt: z.string(),
};
const placereservationTableMovementsTableRow = z.strictObject({ _id: z.number(), place: z.strictObject({ _id: z.number(), name: z.string() }), user: client, reservation: reservation, subtotal: z.number(), total: z.number(), by_client_app: z.boolean(), createdAt: z.string() });
const detailSaleRow = z.strictObject({ _id: z.number(), item: z.strictObject({ _id: z.number(), name: z.string(), taxType: z.string() }), qty: z.number(), costItem: z.number(), unitPrice: z.number(), tax: z.number(), extras: z.number(), gift: z.boolean(), note: z.string().nullable(), discount: z.number(), costCenters: z.strictObject({ name: z.string() }), order: posOrderRef });
const paymentRow = z.strictObject({ methodPay: z.strictObject({ method: z.string(), text: z.string() }), count: z.number(), subtotal: z.number(), taxAmount: z.number(), tipAmount: z.number(), total: z.number() });
const closedOrderRow = z.strictObject({ _id: z.number(), invoice: z.string(), business: z.strictObject({ _id: z.number(), name: z.string() }), user: clientRef, booking: bookingClientRef.nullable(), employee: employeeRef, closedBy: employeeRef, createdAt: z.string(), updatedAt: z.string(), updateHistory: z.array(z.strictObject({ status: z.string(), updatedAt: z.string() })), closedAt: z.string(), subtotal: z.number(), total: z.number(), tipAmount: z.number(), taxAmount: z.number(), discount: discount, personOrder: z.number(), note: z.string().nullable(), methodPay: z.strictObject({ method: z.string(), text: z.string() }), siigo_ref: z.string().nullable(), byClientApp: z.boolean(), event: z.boolean(), roomService: z.boolean(), status: z.string(), costCenter: z.string() });
const closedOrderWithItemsRow = z.strictObject({ _id: z.number(), invoice: z.string(), business: z.strictObject({ _id: z.number(), name: z.string() }), user: clientRef, booking: bookingClientRef.nullable(), employee: employeeRef, closedBy: employeeRef, createdAt: z.string(), updatedAt: z.string(), updateHistory: z.array(z.strictObject({ status: z.string(), updatedAt: z.string() })), closedAt: z.string(), subtotal: z.number(), total: z.number(), tipAmount: z.number(), taxAmount: z.number(), discount: discount, personOrder: z.number(), note: z.string().nullable(), methodPay: z.strictObject({ method: z.string(), text: z.string() }), siigo_ref: z.string().nullable(), byClientApp: z.boolean(), event: z.boolean(), roomService: z.boolean(), status: z.string(), costCenter: z.string(), items: z.array(posOrderLine) });
const salesGeneralRow = z.strictObject({ acumApp: z.number(), acumDesktop: z.number(), countApp: z.number(), countDesktop: z.number(), percApp: z.number(), percDesktop: z.number(), percCountApp: z.number(), percCountDesktop: z.number(), table: z.array(appSalesByBusiness) });
const statusTimeRow = z.strictObject({ _id: z.number(), invoice: z.string(), business: z.strictObject({ _id: z.number(), name: z.string() }), createdAt: z.string(), time1: z.number(), time2: z.number(), time3: z.number(), time4: z.number() });
const reviewPaginateRow = z.strictObject({ _id: z.number(), type: z.string(), relatedData: z.string(), user: personRef, values: z.array(z.strictObject({ name: z.string(), value: z.number() })), createdAt: z.string() });
const serviceOrderPaginateRow = z.strictObject({ _id: z.number(), service: z.strictObject({ _id: z.number(), invoice: z.string(), name: z.string() }), user: personRef, subtotal: z.number(), taxAmount: z.number(), total: z.number(), extra: z.strictObject({ amount: z.number() }), credit: z.number(), discount: z.strictObject({ amount: z.number() }), netPayment: z.number(), employee: employeeRef, booking: z.strictObject({ _id: z.number(), ref: z.string() }).nullable(), status: z.string(), methodPay: z.string().nullable(), createdAt: z.string() });
const bookingRefRow = z.strictObject({ _id: z.number(), ref: z.string(), user: client, place: placeWithPhotos, rates: z.array(z.strictObject({ date: z.string(), closed: z.boolean(), totalRate: z.number() })), total: z.number(), adults: z.number(), nights: z.number(), status: z.string(), cloudID: z.string(), dateEnd: z.string(), withPet: z.boolean(), children: z.number(), createdAt: z.string(), dateStart: z.string(), isVirtual: z.boolean(), updatedAt: z.string(), isNational: z.boolean(), subCloudID: z.string().nullable(), isShortStay: z.boolean(), priceByMonth: z.number(), withWarranty: z.boolean(), wayContactName: z.string(), channelProvidedCreditCard: z.boolean() });
const bookingBalanceRow = z.strictObject({ totalOrders: z.number(), subtotalOrders: z.number(), totalPays: z.number(), faltante: z.number(), totalHospedaje: z.number(), totalHospedajeClosed: z.number(), totalHospedajeOpen: z.number(), totalExtra: z.number(), balanceHost: z.number(), balanceExtra: z.number() });
const bookingGuestsRow = z.strictObject({ guests: z.array(guest), visitors: z.array(z.unknown()) });
const bookingOrderRow = z.strictObject({ _id: z.number(), name: z.string(), items: z.array(bookingOrderItem), total: z.number(), booking: z.strictObject({ ref: z.string() }), invoice: z.string(), business: z.strictObject({ _id: z.number(), name: z.string() }), currency: z.string(), discount: z.number(), employee: employeeRef, subtotal: z.number(), createdAt: z.string(), isVirtual: z.boolean(), updatedAt: z.string(), tipInclude: z.boolean(), isSecondary: z.boolean(), isForLodging: z.boolean() });
const orderByIdRow = z.strictObject({ _id: z.number(), name: z.string(), items: z.array(bookingOrderItem), total: z.number(), booking: bookingDetail, invoice: z.string(), business: z.strictObject({ _id: z.number(), name: z.string() }), currency: z.string(), discount: z.number(), employee: employeeRef, subtotal: z.number(), amountDue: z.number(), createdAt: z.string(), isVirtual: z.boolean(), updatedAt: z.string(), amountPaid: z.number(), tipInclude: z.boolean(), isSecondary: z.boolean(), isForLodging: z.boolean(), paymentStatus: z.string() });
const clientByIdRow = z.strictObject({ _id: z.number(), city: z.string(), name: z.string(), email: z.string(), phone: z.string(), photo: z.string(), state: z.string(), avatar: z.string(), gender: z.string(), status: z.string(), address: z.string(), appInfo: appInfo, country: z.string(), deleted: z.boolean(), zipcode: z.string(), birthday: z.string(), category: z.string(), lastName: z.string(), masterID: z.string(), createdAt: z.string(), extraData: clientExtraData, isCompany: z.boolean(), signature: z.string(), updatedAt: z.string(), documentID: z.string(), isUnderage: z.boolean(), companyName: z.string().nullable(), nationality: z.string(), documentType: z.string(), addressDetail: z.string().nullable(), bookingsCount: z.number() });
const userByIdRow = z.strictObject({ _id: z.number(), name: z.string(), lastName: z.string(), email: z.string().nullable(), phone: z.string().nullable(), birthday: z.string().nullable(), documentType: z.string(), documentID: z.string(), nationality: z.string(), gender: z.string().nullable(), category: z.string(), country: z.string(), state: z.string(), city: z.string(), zipcode: z.string(), address: z.string().nullable(), addressDetail: z.string().nullable(), isUnderage: z.boolean(), isCompany: z.boolean(), companyName: z.string().nullable(), masterID: z.string().nullable(), photo: z.string().nullable(), avatar: z.string().nullable(), signature: z.string().nullable(), extraData: z.strictObject({  }), deleted: z.boolean(), createdAt: z.string(), updatedAt: z.string() });
const aboutRow = z.strictObject({ version: z.string(), database: z.strictObject({ name: z.string(), version: z.string() }) });
const placeSpacesRow = z.strictObject({ _id: z.number(), name: z.string(), typology: typology.nullable(), isSpace: z.boolean(), status: z.boolean(), withReservation: z.boolean(), deleted: z.boolean() });
const employeeRow = z.strictObject({ _id: z.number(), name: z.string(), lastName: z.string(), email: z.string(), avatar: z.string(), active: z.boolean(), canSeeTips: z.boolean(), createdAt: z.string() });
const eventListRow = z.strictObject({ _id: z.number(), title: z.string(), dateStart: z.string(), dateEnd: z.string() });
const payStatusRow = z.strictObject({ _id: z.number(), status: z.string(), amount: z.number(), authorization: z.string(), paymentMethod: z.string(), createdAt: z.string(), booking: z.string() });
export const movementsPaymentAnswer = z.strictObject({ data: z.array(z.strictObject({ ...paymentFields, booking: bookingWithPlace })), total: z.number() });
/** GET /api/v1/booking/pay/:ref */
export const bookingPayAnswer = z.strictObject({ data: z.array(z.strictObject({ ...paymentFields, booking: z.strictObject({ ref: z.string() }) })), total: z.number() });
export const productsPageAnswer = z.strictObject({ data: z.array(detailProductsRow), links: pageLinks });

/** GET /api/v1/report/sales-app */
export const salesAppAnswer = z.strictObject({ data: z.array(salesAppRow) });

/** GET /api/v1/use/time/resume/fetch */
export const useTimeResumeFetchAnswer = z.strictObject({ data: z.array(useTimeResumeFetchRow) });

/** GET /api/v1/use/time/resume/group/fetch */
export const useTimeResumeGroupFetchAnswer = z.strictObject({ data: z.array(useTimeResumeGroupFetchRow) });

/** GET /api/v1/client */
export const clientAnswer = z.strictObject({ data: z.array(clientRow), total: z.number() });

/** GET /api/v1/report/dashboard */
export const dashboardAnswer = z.strictObject({ data: dashboardRow });

/** GET /api/v1/report/kpis */
export const kpisAnswer = z.strictObject({ data: kpisRow });

/** GET /api/v1/report/task/duration */
export const taskDurationAnswer = z.strictObject({ canceled: z.number(), total: z.number(), data: z.array(taskDurationRow) });

/** GET /api/v1/employee/tip */
export const employeeTipAnswer = z.strictObject({ data: z.array(employeeTipRow), links: pageLinks });

/** GET /api/v1/employee/tip/group */
export const employeeTipGroupAnswer = z.strictObject({ data: z.array(employeeTipGroupRow), total: z.strictObject({ count: z.number(), amount: z.number() }) });

/** GET /api/v1/placereservation/place/detail */
export const placereservationPlaceDetailAnswer = z.strictObject({ events: z.array(event), spaces: z.array(spaceOccurrence) });

/** GET /api/v1/report/booking/activeBalances */
export const bookingActiveBalancesAnswer = z.strictObject({ data: z.array(bookingActiveBalancesRow), total: z.number(), totalAllBalances: z.number() });

/** GET /api/v1/report/booking */
export const bookingAnswer = z.strictObject({ data: z.array(bookingRow), total: z.number() });

/** GET /api/v1/report/booking/comercial */
export const bookingComercialAnswer = z.strictObject({ data: z.array(bookingComercialRow), total: z.number(), dateStart: z.string(), dateEnd: z.string() });

/** GET /api/v1/report/booking/forecast */
export const bookingForecastAnswer = z.strictObject({ forecast: z.array(z.strictObject({ date: z.string(), count: z.number(), total: z.number() })), total: z.number(), average: z.number() });

/** GET /api/v1/lead/table */
export const leadTableAnswer = z.strictObject({ data: z.array(leadTableRow), total: z.number() });

/** GET /api/v1/report/booking/ocupacion */
export const bookingOcupacionAnswer = z.strictObject({ data: z.array(bookingOcupacionRow) });

/** GET /api/v1/report/kpis/pace */
export const kpisPaceAnswer = z.strictObject({ asOf: z.string(), lastYearAsOf: z.string(), data: z.array(kpisPaceRow) });

/** GET /api/v1/report/booking/sales */
export const bookingSalesAnswer = z.strictObject({ data: z.array(bookingSummary), total: z.number(), totalCalculate: z.number() });

/** GET /api/v1/report/detail-products */
export const detailProductsAnswer = z.strictObject({ data: z.array(detailProductsRow), links: pageLinks, dataBusiness: z.array(businessFigures), totalQty: z.number(), totalPrice: z.number(), totalCost: z.number(), totalMargin: z.number(), totalDiscount: z.number(), totalTax: z.number(), cmvPerc: z.number() });

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

/** GET /api/v1/report/booking/recaudoStatistics */
export const bookingRecaudoStatisticsAnswer = z.strictObject({ data: bookingRecaudoStatisticsRow });

/** GET /api/v1/report/booking/recaudoPotecialVsReal */
export const bookingRecaudoPotecialVsRealAnswer = z.strictObject({ data: z.array(bookingRecaudoPotecialVsRealRow), dateStart: z.string(), dateEnd: z.string() });

/** GET /api/v1/report/booking/recaudoNationalities */
export const bookingRecaudoNationalitiesAnswer = z.strictObject({ data: z.array(z.strictObject({ nationality: z.string(), count: z.number() })) });

/** GET /api/v1/report/task */
export const taskAnswer = z.strictObject({ data: z.array(taskRow) });

/** GET /api/v1/event/qr/movements-table */
export const eventQrMovementsTableAnswer = z.strictObject({ data: z.array(eventQrMovementsTableRow), total: z.number() });

/** GET /api/v1/report/movements/order */
export const movementsOrderAnswer = z.strictObject({ data: z.array(movementsOrderRow), total: z.number() });

/** GET /api/v1/placereservation/table/movements-table */
export const placereservationTableMovementsTableAnswer = z.strictObject({ data: z.array(placereservationTableMovementsTableRow), total: z.number() });

/** GET /api/v1/report/detail-sale */
export const detailSaleAnswer = z.strictObject({ data: z.array(detailSaleRow), links: pageLinks });

/** GET /api/v1/report/payment */
export const paymentAnswer = z.strictObject({ data: z.array(paymentRow), total: z.number() });

/** GET /api/v1/report/closed-order */
export const closedOrderAnswer = z.strictObject({ data: z.array(closedOrderRow), links: pageLinks });

/** GET /api/v1/report/closed-order-with-items */
export const closedOrderWithItemsAnswer = z.strictObject({ data: z.array(closedOrderWithItemsRow), links: pageLinks });

/** GET /api/v1/report/sales-general */
export const salesGeneralAnswer = z.strictObject({ data: salesGeneralRow });

/** GET /api/v1/report/status-time */
export const statusTimeAnswer = z.strictObject({ average: statusTimes, ranges: statusRanges, data: z.array(statusTimeRow) });

/** GET /api/v1/review/paginate/:type */
export const reviewPaginateAnswer = z.strictObject({ data: z.array(reviewPaginateRow), links: pageLinks });

/** GET /api/v1/review/:type */
export const reviewAnswer = z.strictObject({ data: z.array(reviewPaginateRow), total: z.number() });

/** GET /api/v1/report/service/order/paginate */
export const serviceOrderPaginateAnswer = z.strictObject({ data: z.array(serviceOrderPaginateRow), links: pageLinks });

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

/** GET /api/v1/user/:id */
export const userByIdAnswer = z.strictObject({ data: userByIdRow });

/** GET /api/v1/about */
export const aboutAnswer = z.strictObject({ data: aboutRow });

/** GET /api/v1/trm */
export const trmAnswer = z.strictObject({ data: z.strictObject({ date: z.string(), value_30: z.number() }) });

/** GET /api/health */
export const healthAnswer = z.strictObject({ status: z.literal('ok') });

/** GET /api/ready */
export const readyAnswer = z.strictObject({ status: z.literal('ready') });

/** GET /config.json */
export const webConfigAnswer = z.strictObject({ apiBaseUrl: z.string(), authBaseUrl: z.string(), paymentsBaseUrl: z.string(), masterBaseUrl: z.string(), imagesBaseUrl: z.string(), exportServerRows: z.number().optional() });

/** GET /api/v1/user */
export const userAnswer = z.strictObject({ data: z.array(client), total: z.number() });

/** GET /api/v1/place */
export const placeAnswer = z.strictObject({ data: z.array(placeWithTypology), total: z.number() });

/** GET /api/v1/place/spaces */
export const placeSpacesAnswer = z.strictObject({ data: z.array(placeSpacesRow), total: z.number() });

/** GET /api/v1/place/typology */
export const placeTypologyAnswer = z.strictObject({ data: z.array(typology), total: z.number() });

/** GET /api/v1/employee */
export const employeeAnswer = z.strictObject({ data: z.array(employeeRow), total: z.number() });

/** GET /api/v1/views */
export const viewsAnswer = z.strictObject({ data: z.array(view) });

/** GET /api/v1/report/service/order */
export const serviceOrderAnswer = z.strictObject({ data: z.array(serviceOrderPaginateRow), total: z.number() });

/** GET /api/v1/event/list */
export const eventListAnswer = z.strictObject({ data: z.array(eventListRow), total: z.number() });

/** POST /api/v1/pay_status */
export const payStatusAnswer = z.strictObject({ data: payStatusRow, test: z.boolean() });

/** POST /api/v1/auth/login/employee */
export const loginAnswer = z.strictObject({ token: z.string(), employee: signedInEmployee });
