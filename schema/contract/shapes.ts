import { z } from 'zod';

// Shapes that several answers share: the same nested object wherever it appears.

/** A record by its id and name: a business, a place, an area (sql/json.ts's businessJson). */
export const namedRef = z.strictObject({ _id: z.number(), name: z.string() });

export const personRef = z.strictObject({
  _id: z.number(),
  name: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
});
export const typology = z.strictObject({ _id: z.number(), name: z.string(), photos: z.array(z.string()) });
/** A place as sql/json.ts's placeJson writes it, its typology with photos. */
export const placeWithPhotos = z.strictObject({ _id: z.number(), name: z.string(), typology: typology.nullable() });
const typologyRef = namedRef;
/** A place in lists: its typology's id and name. */
export const placeWithTypology = z.strictObject({
  _id: z.number(),
  name: z.string(),
  typology: typologyRef.nullable(),
});
export const bookingSummary = z.strictObject({
  _id: z.number(),
  ref: z.string(),
  status: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  wayContactName: z.string(),
  total: z.number(),
  place: placeWithTypology,
  user: z.strictObject({ _id: z.number(), name: z.string(), lastName: z.string() }),
});
export const hotelFigures = z.strictObject({
  roomNightsSold: z.number(),
  roomRevenue: z.number(),
  rooms: z.number(),
  roomNightsAvailable: z.number(),
  occupancy: z.number(),
  adr: z.number(),
  revpar: z.number(),
});
export const hotelFiguresDifference = z.strictObject({
  occupancy: z.strictObject({ absolute: z.number(), percent: z.number() }),
  adr: z.strictObject({ absolute: z.number(), percent: z.number() }),
  revpar: z.strictObject({ absolute: z.number(), percent: z.number() }),
});
export const employeeRef = z.strictObject({
  _id: z.number(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
});
export const taskEmployeeFigures = z.strictObject({
  employee: employeeRef,
  tasks: z.number(),
  started: z.number(),
  finished: z.number(),
  averageMinutesToStart: z.number(),
  averageMinutesToFinish: z.number(),
});
export const pagination = z.strictObject({
  total: z.number(),
  per_page: z.number(),
  current_page: z.number(),
  last_page: z.number(),
});
export const pageLinks = z.strictObject({ pagination: pagination });
export const event = z.strictObject({
  _id: z.number(),
  title: z.string(),
  place: namedRef.nullable(),
  dateStart: z.string(),
  dateEnd: z.string(),
  description: z.string().nullable(),
  price: z.number(),
});
/** A client with every stored field, as sql/json.ts's clientDetailJson writes it (client detail, user by id). */
export const clientDetail = z.strictObject({
  _id: z.number(),
  name: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  documentType: z.string().nullable(),
  documentID: z.string().nullable(),
  nationality: z.string().nullable(),
  gender: z.string().nullable(),
  category: z.string(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  address: z.string().nullable(),
  addressDetail: z.string().nullable(),
  isUnderage: z.boolean(),
  isCompany: z.boolean(),
  companyName: z.string().nullable(),
  masterID: z.string().nullable(),
  photo: z.string().nullable(),
  avatar: z.string().nullable(),
  signature: z.string().nullable(),
  /** As stored, any keys; the client detail answers the known ones (clientExtraData). */
  extraData: z.record(z.string(), z.unknown()),
  deleted: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** A client as sql/json.ts's clientJson writes it. */
export const client = clientDetail.omit({
  birthday: true,
  address: true,
  addressDetail: true,
  isUnderage: true,
  signature: true,
  extraData: true,
  createdAt: true,
  updatedAt: true,
});
export const spaceOccurrence = z.strictObject({
  _id: z.number(),
  occurrence: z.number(),
  place: namedRef,
  user: client.nullable(),
  dateStart: z.string(),
  dateEnd: z.string(),
  recurrence: z.string().nullable(),
  recurrenceUntil: z.string().nullable(),
});
export const roomBooking = z.strictObject({
  _id: z.number(),
  ref: z.string(),
  status: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  wayContactName: z.string(),
  total: z.number(),
  user: z.strictObject({ _id: z.number(), name: z.string(), lastName: z.string() }),
  nightsInPeriod: z.number(),
  totalInPeriod: z.number(),
});
export const comercialRoom = z.strictObject({
  _id: z.number(),
  name: z.string(),
  totalSales: z.number(),
  bookings: z.array(roomBooking),
});
export const businessFigures = z.strictObject({
  business: namedRef,
  total: z.number(),
  totalQty: z.number(),
  cost: z.number(),
  grossMargin: z.number(),
  marginPerc: z.number(),
});
export const businessAccumulate = z.strictObject({
  _id: z.number(),
  name: z.string(),
  total: z.number(),
  count: z.number(),
  realIncome: z.number(),
  cost: z.number(),
  grossMargin: z.number(),
});
export const paymentMethodTotal = z.strictObject({
  method: z.string(),
  name: z.string(),
  total: z.number(),
  count: z.number(),
});
export const taskTransaction = z.strictObject({
  _id: z.number(),
  status: z.string(),
  employee: employeeRef.nullable(),
  createdAt: z.string(),
});
export const eventTicket = z.strictObject({
  eventId: z.number(),
  eventTitle: z.string(),
  eventDate: z.string(),
  count: z.number(),
  user: client.nullable(),
});
export const bookingWithPlace = z.strictObject({
  _id: z.number(),
  ref: z.string(),
  status: z.string(),
  isVirtual: z.boolean(),
  place: namedRef,
  user: personRef,
});
export const reservation = z.strictObject({ dateStart: z.string(), dateEnd: z.string(), recurrence: z.string().nullable() });
export const posOrderRef = z.strictObject({
  _id: z.number(),
  invoice: z.string(),
  status: z.string(),
  event: z.boolean(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  business: namedRef,
});
export const clientRef = z.strictObject({
  _id: z.number(),
  name: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  category: z.string(),
  isCompany: z.boolean(),
  companyName: z.string().nullable(),
});
export const bookingClientRef = z.strictObject({ _id: z.number(), ref: z.string(), user: clientRef });
export const discount = z.strictObject({ amount: z.number(), perc: z.number(), coupon: z.string().nullable() });
export const posOrderLine = z.strictObject({
  _id: z.number(),
  item: z.strictObject({ _id: z.number(), name: z.string(), taxType: z.string() }),
  qty: z.number(),
  costItem: z.number(),
  unitPrice: z.number(),
  tax: z.number(),
  extras: z.number(),
  gift: z.boolean(),
  note: z.string().nullable(),
  discount: z.number(),
  costCenters: z.strictObject({ name: z.string() }),
});
export const appSalesByBusiness = z.strictObject({
  business: namedRef,
  acumApp: z.number(),
  acumDesktop: z.number(),
  countApp: z.number(),
  countDesktop: z.number(),
  total: z.number(),
});
export const statusTimes = z.strictObject({
  time1: z.number(),
  time2: z.number(),
  time3: z.number(),
  time4: z.number(),
});
export const statusRanges = z.strictObject({
  range1: z.number(),
  range2: z.number(),
  range3: z.number(),
  range4: z.number(),
});
export const guest = z.strictObject({
  _id: z.number(),
  name: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  document: z.string().nullable(),
  category: z.string(),
});
export const bookingOrderItem = z.strictObject({
  _id: z.number(),
  name: z.string(),
  type: z.strictObject({ code: z.string(), percent: z.number() }),
  count: z.number(),
  isFree: z.boolean(),
  countType: z.string(),
  priceTotal: z.number(),
  priceSubtotal: z.number(),
});
export const bookingDetail = z.strictObject({
  _id: z.number(),
  ref: z.string(),
  user: client,
  place: placeWithPhotos,
  total: z.number(),
  adults: z.number(),
  status: z.string(),
  cloudID: z.string().nullable(),
  dateEnd: z.string(),
  withPet: z.boolean(),
  children: z.number(),
  createdAt: z.string(),
  dateStart: z.string(),
  isVirtual: z.boolean(),
  updatedAt: z.string(),
  isNational: z.boolean(),
  subCloudID: z.string().nullable(),
  isShortStay: z.boolean(),
  priceByMonth: z.number(),
  withWarranty: z.boolean(),
  wayContactName: z.string(),
  channelProvidedCreditCard: z.boolean(),
});
export const appInfo = z.strictObject({
  user: personRef,
  lastUse: z.string().nullable(),
  daysUsed: z.number(),
  firstUse: z.string().nullable(),
  masterID: z.string(),
  totalTime: z.number(),
  totalHours: z.number(),
  averageHours: z.number(),
  last30DaysTime: z.number(),
  last30DaysUsed: z.number(),
});
/** The known keys of a client's extra data, each answered (null when not filled in). */
export const clientExtraData = z.strictObject({
  annualIncome: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  currentCompany: z.string().nullable(),
  linkedInProfile: z.string().nullable(),
  purposeOfTravel: z.string().nullable(),
  spokenLanguages: z.array(z.string()).nullable(),
  professionalTitle: z.string().nullable(),
  howDidYouHearAbout: z.string().nullable(),
  socialMediaProfile: z.string().nullable(),
  activitiesOfInterest: z.array(z.string()).nullable(),
  professionalApproach: z.string().nullable(),
  transportationSystem: z.string().nullable(),
  populationGroupPreference: z.string().nullable(),
});
export const namedListAnswer = z.strictObject({
  data: z.array(namedRef),
  total: z.number(),
});
const urlPair = z.tuple([z.string(), z.string()]);
export const viewState = z.strictObject({ params: z.array(urlPair), filters: z.array(urlPair) });
export const view = z.strictObject({
  id: z.number(),
  reportId: z.string(),
  path: z.string(),
  name: z.string(),
  shared: z.boolean(),
  state: viewState,
  owner: z.strictObject({ id: z.number(), name: z.string(), lastName: z.string() }),
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const viewAnswer = z.strictObject({ data: view });
export const signedInEmployee = z.strictObject({
  _id: z.number(),
  name: z.string(),
  lastName: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  canSeeTips: z.boolean(),
});
/** The fields of a payment row, beside its booking (whole in the movements list, its ref in a booking's payments). */
export const paymentFields = {
  _id: z.number(),
  authorization: z.string().nullable(),
  isForLodging: z.boolean(),
  type: z.string(),
  paymentMethod: z.string(),
  amount: z.number(),
  split: z.strictObject({ amount: z.number(), boucher: z.string() }).nullable(),
  employee: employeeRef.nullable(),
  createdAt: z.string(),
};

/** An employee as the subscriptions name him. */
export const subscriptionPerson = z.strictObject({ id: z.number(), name: z.string(), lastName: z.string() });
/** An e-mail subscription (/api/v1/subscriptions). */
export const subscription = z.strictObject({
  id: z.number(),
  reportId: z.string(),
  path: z.string(),
  title: z.string(),
  blocks: z.array(z.string()),
  state: viewState,
  viewId: z.number().nullable(),
  owner: subscriptionPerson,
  mine: z.boolean(),
  recipients: z.array(subscriptionPerson),
  schedule: z.strictObject({
    frequency: z.enum(['daily', 'weekly', 'monthly']),
    weekdays: z.array(z.number()).optional(),
    monthDay: z.number().optional(),
    hour: z.number(),
  }),
  format: z.enum(['xlsx', 'csv']),
  skipEmpty: z.boolean(),
  paused: z.boolean(),
  nextSendAt: z.string(),
  lastSentAt: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
