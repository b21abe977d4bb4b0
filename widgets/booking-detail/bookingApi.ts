/** The answers of the booking detail calls (server/routes/booking.ts), as far as the widgets read them. */
import type { Client, Person } from '../shared/types.ts';

export interface Rate {
  date: string;
  totalRate: number;
  closed: boolean;
}

export interface Booking {
  _id: number;
  ref: string;
  status: string;
  dateStart: string;
  dateEnd: string;
  createdAt: string;
  updatedAt: string;
  wayContactName: string | null;
  withPet: boolean;
  isNational: boolean;
  withWarranty: boolean;
  channelProvidedCreditCard: boolean;
  isShortStay: boolean;
  adults: number;
  children: number;
  cloudID: string | null;
  subCloudID: string | null;
  priceByMonth: number | null;
  total: number;
  isVirtual: boolean;
  place: { name: string; typology: { name: string; photos: string[] | null } | null } | null;
  user: Client | null;
  /** Only the booking call answers the rates; the order call's booking summary has none. */
  rates?: Rate[];
}

export interface Balance {
  totalOrders: number;
  subtotalOrders: number;
  totalPays: number;
  faltante: number;
  totalHospedaje: number;
  totalHospedajeClosed: number;
  totalHospedajeOpen: number;
  totalExtra: number;
  balanceHost: number;
  balanceExtra: number;
}

export interface Guest extends Person {
  email: string | null;
  document: string | null;
  category: string | null;
}

export type PaymentStatus = 'paid' | 'partial' | 'unpaid';

export interface OrderItem {
  _id: number;
  name: string;
  type: { code: string; percent: number };
  isFree: boolean;
  priceSubtotal: number;
  priceTotal: number;
  count: number;
  countType: string | null;
}

export interface Order {
  _id: number;
  name: string;
  invoice: string;
  total: number;
  subtotal: number;
  discount: number;
  currency: string;
  isSecondary: boolean;
  isForLodging: boolean;
  isVirtual: boolean;
  tipInclude: boolean;
  employee: Person | null;
  business: { _id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
  items: OrderItem[];
}

/** GET /api/v1/order/{id}: the order with its booking and how much of it the payments cover. */
export interface OrderDetail extends Order {
  booking: Booking;
  paymentStatus: PaymentStatus;
  amountPaid: number;
  amountDue: number;
}

const segment = encodeURIComponent;

export const bookingPaths = {
  booking: (ref: string) => `/api/v1/booking/ref/${segment(ref)}`,
  balance: (ref: string) => `/api/v1/booking/balance/${segment(ref)}`,
  guests: (ref: string) => `/api/v1/booking/guests/${segment(ref)}`,
  orders: (ref: string) => `/api/v1/booking/order/${segment(ref)}`,
  payments: (ref: string) => `/api/v1/booking/pay/${segment(ref)}`,
  order: (id: string) => `/api/v1/order/${segment(id)}`,
  businesses: '/api/v1/place/business',
};

/** "Typology - room", as the summary shows a room. */
export function roomLabel(place: Booking['place']): string | undefined {
  if (!place) return undefined;
  return [place.typology?.name, place.name].filter(Boolean).join(' - ');
}
