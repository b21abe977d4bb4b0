import { z } from 'zod';
import {
  bookingWithPlace,
  client,
  clientDetail,
  discount,
  employeeRef,
  event,
  eventTicket,
  namedRef,
  pageLinks,
  paymentFields,
  personRef,
  placeWithTypology,
  reservation,
  signedInEmployee,
  spaceOccurrence,
  taskEmployeeFigures,
  taskTransaction,
  typology,
  view,
  subscription,
  subscriptionPerson,
} from './shapes.ts';

// The answers of the other calls (lookups, app use, leads, movements, tasks, tips, reviews, services, saved views,
// sign-in, health), as the server sends them: strict objects, so that a key the SQL adds or drops is drift.

const useTimeResumeFetchRow = z.strictObject({ user: personRef, time: z.number(), hours: z.number() });

const useTimeResumeGroupFetchRow = z.strictObject({
  _id: z.string(),
  total: z.number(),
  count: z.number(),
  totalHours: z.number(),
  average: z.number(),
});

const taskDurationRow = z.strictObject({
  taskOption: z.strictObject({ _id: z.number(), name: z.string(), color: z.string() }),
  tasks: z.number(),
  started: z.number(),
  finished: z.number(),
  averageMinutesToStart: z.number(),
  averageMinutesToFinish: z.number(),
  employees: z.array(taskEmployeeFigures),
});

const employeeTipRow = z.strictObject({
  _id: z.number(),
  employee: employeeRef,
  email: z.string().nullable(),
  amount: z.number(),
  note: z.string().nullable(),
  createdAt: z.string(),
  order: z.strictObject({ _id: z.number(), invoice: z.string() }).nullable(),
});

const employeeTipGroupRow = z.strictObject({
  employee: employeeRef,
  email: z.string().nullable(),
  count: z.number(),
  amount: z.number(),
});

const leadTableRow = z.strictObject({
  _id: z.number(),
  name: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  source: z.string(),
  interest: z.string().nullable(),
  message: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
});

const taskRow = z.strictObject({
  _id: z.number(),
  name: z.string(),
  place: namedRef.nullable(),
  area: namedRef,
  dateStart: z.string(),
  dateEnd: z.string(),
  employee: employeeRef.nullable(),
  taskOption: z.strictObject({ _id: z.number(), name: z.string(), color: z.string() }),
  status: z.string(),
  transactions: z.array(taskTransaction),
});

const eventQrMovementsTableRow = z.strictObject({
  _id: z.number(),
  createdAt: z.string(),
  subtotal: z.number(),
  total: z.number(),
  by_client_app: z.boolean(),
  event_QR: eventTicket,
  reason_cancellation: z.string().nullable(),
});

const movementsOrderRow = z.strictObject({
  _id: z.number(),
  name: z.string(),
  invoice: z.string(),
  total: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  currency: z.string(),
  isSecondary: z.boolean(),
  isForLodging: z.boolean(),
  isVirtual: z.boolean(),
  tipInclude: z.boolean(),
  employee: employeeRef.nullable(),
  business: namedRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  booking: bookingWithPlace,
});

const placereservationTableMovementsTableRow = z.strictObject({
  _id: z.number(),
  place: namedRef,
  user: client.nullable(),
  reservation: reservation,
  subtotal: z.number(),
  total: z.number(),
  by_client_app: z.boolean(),
  createdAt: z.string(),
});

const reviewPaginateRow = z.strictObject({
  _id: z.number(),
  type: z.string(),
  relatedData: z.string(),
  user: personRef.nullable(),
  values: z.array(z.strictObject({ name: z.string(), value: z.number() })),
  createdAt: z.string(),
});

const serviceOrderPaginateRow = z.strictObject({
  _id: z.number(),
  service: z.strictObject({ _id: z.number(), invoice: z.string(), name: z.string() }),
  user: personRef.nullable(),
  subtotal: z.number(),
  taxAmount: z.number(),
  total: z.number(),
  extra: z.strictObject({ amount: z.number() }),
  credit: z.number(),
  discount: z.strictObject({ amount: z.number() }),
  netPayment: z.number(),
  employee: employeeRef.nullable(),
  booking: z.strictObject({ _id: z.number(), ref: z.string() }).nullable(),
  status: z.string(),
  methodPay: z.string().nullable(),
  createdAt: z.string(),
});

const aboutRow = z.strictObject({
  version: z.string(),
  database: z.strictObject({ name: z.string(), version: z.string() }),
});

const placeSpacesRow = z.strictObject({
  _id: z.number(),
  name: z.string(),
  typology: typology.nullable(),
  isSpace: z.boolean(),
  status: z.boolean(),
  withReservation: z.boolean(),
  deleted: z.boolean(),
});

const employeeRow = z.strictObject({
  _id: z.number(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  active: z.boolean(),
  canSeeTips: z.boolean(),
  createdAt: z.string(),
});

const eventListRow = z.strictObject({ _id: z.number(), title: z.string(), dateStart: z.string(), dateEnd: z.string() });

const payStatusRow = z.strictObject({
  _id: z.number(),
  status: z.string(),
  amount: z.number(),
  authorization: z.string(),
  paymentMethod: z.string(),
  createdAt: z.string(),
  booking: z.string(),
});

export const movementsPaymentAnswer = z.strictObject({
  data: z.array(z.strictObject({ ...paymentFields, booking: bookingWithPlace })),
  total: z.number(),
});

/** GET /api/v1/use/time/resume/fetch */
export const useTimeResumeFetchAnswer = z.strictObject({ data: z.array(useTimeResumeFetchRow) });

/** GET /api/v1/use/time/resume/group/fetch */
export const useTimeResumeGroupFetchAnswer = z.strictObject({ data: z.array(useTimeResumeGroupFetchRow) });

/** GET /api/v1/report/task/duration */
export const taskDurationAnswer = z.strictObject({
  canceled: z.number(),
  total: z.number(),
  data: z.array(taskDurationRow),
});

/** GET /api/v1/employee/tip */
export const employeeTipAnswer = z.strictObject({ data: z.array(employeeTipRow), links: pageLinks });

/** GET /api/v1/employee/tip/group */
export const employeeTipGroupAnswer = z.strictObject({
  data: z.array(employeeTipGroupRow),
  total: z.strictObject({ count: z.number(), amount: z.number() }),
});

/** GET /api/v1/placereservation/place/detail */
export const placereservationPlaceDetailAnswer = z.strictObject({
  events: z.array(event),
  spaces: z.array(spaceOccurrence),
});

/** GET /api/v1/lead/table */
export const leadTableAnswer = z.strictObject({ data: z.array(leadTableRow), total: z.number() });

/** GET /api/v1/report/task */
export const taskAnswer = z.strictObject({ data: z.array(taskRow) });

/** GET /api/v1/event/qr/movements-table */
export const eventQrMovementsTableAnswer = z.strictObject({
  data: z.array(eventQrMovementsTableRow),
  total: z.number(),
});

/** GET /api/v1/report/movements/order */
export const movementsOrderAnswer = z.strictObject({ data: z.array(movementsOrderRow), total: z.number() });

/** GET /api/v1/placereservation/table/movements-table */
export const placereservationTableMovementsTableAnswer = z.strictObject({
  data: z.array(placereservationTableMovementsTableRow),
  total: z.number(),
});

/** GET /api/v1/review/paginate/:type */
export const reviewPaginateAnswer = z.strictObject({ data: z.array(reviewPaginateRow), links: pageLinks });

/** GET /api/v1/review/:type */
export const reviewAnswer = z.strictObject({ data: z.array(reviewPaginateRow), total: z.number() });

/** GET /api/v1/report/service/order/paginate */
export const serviceOrderPaginateAnswer = z.strictObject({ data: z.array(serviceOrderPaginateRow), links: pageLinks });

/** GET /api/v1/user/:id */
export const userByIdAnswer = z.strictObject({ data: clientDetail });

/** GET /api/v1/about */
export const aboutAnswer = z.strictObject({ data: aboutRow });

/** GET /api/v1/trm */
export const trmAnswer = z.strictObject({ data: z.strictObject({ date: z.string(), value_30: z.number() }) });

/** GET /api/version (public) */
export const versionAnswer = z.strictObject({ version: z.string(), commit: z.string().nullable() });

/** GET /api/health */
export const healthAnswer = z.strictObject({ status: z.literal('ok') });

/** GET /api/ready */
export const readyAnswer = z.strictObject({ status: z.literal('ready') });

/** GET /config.json */
export const webConfigAnswer = z.strictObject({
  apiBaseUrl: z.string(),
  authBaseUrl: z.string(),
  paymentsBaseUrl: z.string(),
  masterBaseUrl: z.string(),
  imagesBaseUrl: z.string(),
  exportServerRows: z.number().optional(),
  timeZone: z.string(),
  mail: z.boolean(),
});

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

/** GET /api/v1/subscriptions */
export const subscriptionsAnswer = z.strictObject({ data: z.array(subscription) });
/** POST /api/v1/subscriptions, PATCH /api/v1/subscriptions/:id, POST /api/v1/subscriptions/:id/send */
export const subscriptionAnswer = z.strictObject({ data: subscription });
/** GET /api/v1/subscriptions/recipients */
export const subscriptionRecipientsAnswer = z.strictObject({ data: z.array(subscriptionPerson) });
