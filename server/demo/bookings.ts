import * as catalog from './catalog.ts';
import { personName, documentFor, type Client, type ClientPools } from './clients.ts';
import { Ctx, emailLocal, priceFactor, roundTo, season } from './context.ts';
import { addMonths, at, dayMs, isoDay, isoTime, weekday } from './days.ts';
import { hashInts, Rng, Weighted } from './random.ts';
import type { World, Room } from './reference.ts';
import type { BookingStatus, Tables } from './rows.ts';

export interface Booking {
  id: number;
  ref: string;
  room: Room;
  start: number;
  end: number;
  long: boolean;
  status: BookingStatus;
  virtual: boolean;
  /** Holds the room in the calendar: neither canceled nor virtual. */
  occupying: boolean;
  /** A guest in house who charges an extra this morning (the collection's current month always has extras). */
  extraToday: boolean;
  /** Paid the whole stay and a deposit on arrival: a credit in the guest's favour (a negative active balance). */
  prepaid: boolean;
  createdMs: number;
  updatedMs: number;
  channel: catalog.ChannelSpec;
  user: Client;
  national: boolean;
  adults: number;
  children: number;
  pet: boolean;
  warranty: boolean;
  ccProvided: boolean;
  cloudId: string | null;
  subCloudId: string | null;
  priceByMonth: number | null;
  rateSeed: number;
  total: number;
}

type AnchorState = 'inHouse' | 'departure' | 'arrival' | 'turnover' | 'free';

interface Stay {
  start: number;
  end: number;
  long: boolean;
  kind: 'occupying' | 'canceled' | 'virtual';
  forcedStatus?: BookingStatus;
  createdToday?: boolean;
  extraToday?: boolean;
  prepaid?: boolean;
}

const shortNights = new Weighted<number>([
  [1, 10], [2, 22], [3, 22], [4, 14], [5, 9], [6, 6], [7, 7], [8, 2], [9, 2], [10, 2], [12, 1.5], [14, 2.5],
]);
const longMonths = new Weighted<number>([[1, 35], [2, 25], [3, 20], [4, 8], [6, 12]]);
const meanShort = 4.13;
const meanLong = 2.49 * 30.4;
const adultsPick = new Weighted<number>([[1, 35], [2, 45], [3, 12], [4, 6], [5, 1], [6, 1]]);
const shortChannels = new Weighted(catalog.channels.map((c) => [c, c.shortWeight] as const));
const longChannels = new Weighted(catalog.channels.filter((c) => c.longWeight > 0).map((c) => [c, c.longWeight] as const));
const arrivalStatus = new Weighted<BookingStatus>([['checked_in', 50], ['confirmed', 35], ['not_confirmed', 15]]);
const futureStatus = new Weighted<BookingStatus>([['confirmed', 65], ['not_confirmed', 20], ['in_progress', 15]]);

/**
 * Rooms 0–4 always give "today" a turnover, a departure, an arrival and two in-house stays (who charge
 * an extra this morning; one prepaid with a deposit, so in credit); the first room of every other
 * typology has a guest in house, so that each typology sells in the current month.
 */
const forcedAnchors: readonly { state: AnchorState; long?: boolean; prepaid?: boolean; depart?: BookingStatus; arrive?: BookingStatus; arriveCreatedToday?: boolean }[] = [
  { state: 'turnover', depart: 'checked_out', arrive: 'checked_in' },
  { state: 'departure', depart: 'checked_in' },
  { state: 'arrival', arrive: 'confirmed', arriveCreatedToday: true },
  { state: 'inHouse', prepaid: true },
  { state: 'inHouse', long: true },
];

function stayLength(rng: Rng, long: boolean, from: number, forward: boolean): number {
  if (long) {
    const months = longMonths.pick(rng);
    return forward ? addMonths(from, months) : addMonths(from, -months);
  }
  const nights = shortNights.pick(rng);
  return forward ? from + nights : from - nights;
}

/** The stays of one room: first the one(s) around today, then walking back to the span start and forward to its end. */
function roomCalendar(ctx: Ctx, rng: Rng, roomIndex: number, firstOfTypology: boolean): Stay[] {
  const { span, params } = ctx;
  const today = span.today;
  const s = params.longStayShare;
  const o = params.occupancy;
  const meanStay = (1 - s) * meanShort + s * meanLong;
  const gapMean = (meanStay * (1 - o)) / o;
  // A night taken at random more likely belongs to a long stay than a booking taken at random.
  const longGivenNight = (s * meanLong) / meanStay;
  const gap = (day: number) => {
    const m = new Date(day * dayMs).getUTCMonth() + 1;
    const factor = m === 12 || m === 1 || m === 7 || m === 8 ? 0.6 : m === 2 || m === 5 || m === 9 || m === 10 ? 1.4 : 1;
    return Math.floor(rng.exp(gapMean * factor));
  };

  const forced = forcedAnchors[roomIndex];
  let state: AnchorState;
  if (forced) state = forced.state;
  else if (firstOfTypology) state = 'inHouse';
  else {
    const r = rng.next();
    // Arrivals and turnovers fill another 9% of the rooms tonight.
    const inHouse = Math.max(0.05, o - 0.09);
    state = r < inHouse ? 'inHouse' : r < inHouse + 0.05 ? 'departure' : r < inHouse + 0.1 ? 'arrival' : r < inHouse + 0.14 ? 'turnover' : 'free';
  }
  const stays: Stay[] = [];
  let back: number;
  let forward: number;
  const departing = (): Stay => {
    const long = rng.chance(longGivenNight);
    return { start: stayLength(rng, long, today, false), end: today, long, kind: 'occupying', forcedStatus: forced?.depart };
  };
  const arriving = (): Stay => {
    const long = rng.chance(s);
    return { start: today, end: stayLength(rng, long, today, true), long, kind: 'occupying', forcedStatus: forced?.arrive, createdToday: forced?.arriveCreatedToday };
  };
  switch (state) {
    case 'inHouse': {
      const long = forced?.long ?? rng.chance(longGivenNight);
      let start: number;
      let end: number;
      if (long) {
        const months = longMonths.pick(rng);
        start = today - rng.int(1, Math.max(1, months * 30 - 2));
        end = addMonths(start, months);
        if (end <= today) end = addMonths(today, 1);
      } else {
        const nights = Math.max(2, shortNights.pick(rng));
        start = today - rng.int(1, nights - 1);
        end = start + nights;
      }
      stays.push({ start, end, long, kind: 'occupying', extraToday: forced !== undefined, prepaid: forced?.prepaid === true });
      back = start;
      forward = end;
      break;
    }
    case 'departure': {
      const stay = departing();
      stays.push(stay);
      back = stay.start;
      forward = today + 1 + gap(today);
      break;
    }
    case 'arrival': {
      const stay = arriving();
      stays.push(stay);
      back = today - 1 - gap(today);
      forward = stay.end;
      break;
    }
    case 'turnover': {
      const out = departing();
      const inn = arriving();
      stays.push(out, inn);
      back = out.start;
      forward = inn.end;
      break;
    }
    default:
      back = today - 1 - gap(today);
      forward = today + 1 + gap(today);
  }
  for (let cursor = back; ; ) {
    const end = cursor - gap(cursor);
    const long = rng.chance(s);
    const start = stayLength(rng, long, end, false);
    // The stay that straddles the span start is kept, so the first month is as full as any other.
    if (end <= span.start) break;
    stays.push({ start, end, long, kind: 'occupying' });
    cursor = start;
  }
  for (let cursor = forward; ; ) {
    const start = cursor + gap(cursor);
    if (start > span.end) break;
    const long = rng.chance(s);
    const end = stayLength(rng, long, start, true);
    stays.push({ start, end, long, kind: 'occupying' });
    cursor = end;
  }
  // Canceled and virtual bookings do not hold the room, so they may fall anywhere.
  const occupying = stays.length;
  const extra = (kind: 'canceled' | 'virtual', share: number) => {
    for (let k = rng.poisson(occupying * share); k > 0; k--) {
      const long = rng.chance(s);
      const start = rng.int(span.start, span.end - 1);
      stays.push({ start, end: stayLength(rng, long, start, true), long, kind });
    }
  };
  extra('canceled', 0.085);
  extra('virtual', 0.055);
  return stays;
}

function statusFor(rng: Rng, stay: Stay, today: number): BookingStatus {
  if (stay.kind === 'canceled') return 'canceled';
  if (stay.end < today) return stay.kind === 'occupying' && !stay.long && rng.chance(0.03) ? 'no_show' : 'checked_out';
  if (stay.end === today) return stay.forcedStatus ?? (rng.chance(0.5) ? 'checked_in' : 'checked_out');
  if (stay.start < today) return 'checked_in';
  if (stay.start === today) return stay.forcedStatus ?? arrivalStatus.pick(rng);
  return futureStatus.pick(rng);
}

/** Per-day rate multiplier (inflation × season × weekend), cached: rates are computed twice per night. */
class RateTable {
  private readonly cache = new Map<number, number>();
  factor(day: number): number {
    let f = this.cache.get(day);
    if (f === undefined) {
      const wd = weekday(day);
      f = priceFactor(day) * season(day) * (wd === 5 || wd === 6 ? 1.12 : 1);
      this.cache.set(day, f);
    }
    return f;
  }
}

/** The nightly rates of a booking, recomputable at any time from the booking alone. */
export function nightlyRates(b: Booking, table: RateTable): number[] {
  const rates: number[] = [];
  if (b.priceByMonth !== null) {
    // Long stays: each month's nights share the monthly price exactly.
    for (let segStart = b.start, k = 1; segStart < b.end; k++) {
      const segEnd = Math.min(addMonths(b.start, k), b.end);
      const nights = segEnd - segStart;
      const price = segEnd === addMonths(b.start, k) ? b.priceByMonth : Math.round((b.priceByMonth * nights) / 30);
      const each = Math.floor(price / nights);
      for (let n = 0; n < nights; n++) rates.push(n === nights - 1 ? price - each * (nights - 1) : each);
      segStart = segEnd;
    }
    return rates;
  }
  const channelFactor = b.channel.ota ? 1.08 : b.channel.name === 'Corporativo' ? 0.9 : 1;
  const base = b.room.typology.nightly * channelFactor;
  for (let d = b.start; d < b.end; d++) {
    const jitter = 0.95 + 0.1 * (hashInts(b.rateSeed, d) / 4294967296);
    rates.push(roundTo(base * table.factor(d) * jitter, 1000));
  }
  return rates;
}

function cloudIds(rng: Rng, channel: catalog.ChannelSpec): [string | null, string | null] {
  if (!channel.ota) return [null, null];
  const id =
    channel.name === 'Booking.com' ? rng.digits(10) : channel.name === 'Airbnb' ? `HM${rng.alnum(8)}` : rng.digits(9);
  return [id, rng.chance(0.8) ? `CM-${rng.digits(7)}` : null];
}

/** Lays out every booking (ids in creation order, like the operator's own sequence). */
export function planBookings(ctx: Ctx, world: World, pools: ClientPools): { bookings: Booking[]; rates: RateTable } {
  const { span } = ctx;
  const today = span.today;
  const now = ctx.now;
  const rates = new RateTable();
  const plans: Booking[] = [];
  world.rooms.forEach((room, roomIndex) => {
    const rng = ctx.rng(`room:${room.id}`);
    const firstOfTypology = world.rooms.findIndex((r) => r.typologyId === room.typologyId) === roomIndex;
    for (const stay of roomCalendar(ctx, rng, roomIndex, firstOfTypology)) {
      const status = statusFor(rng, stay, today);
      const channel = (stay.long ? longChannels : shortChannels).pick(rng);
      // When was it booked?
      let createdDay: number;
      let minutes: number;
      if (stay.createdToday) {
        createdDay = today;
        minutes = ctx.minuteOf(rng, today, 6 * 60, 21 * 60);
      } else if (stay.start <= today) {
        const walkIn = !channel.ota && rng.chance(0.08);
        createdDay = stay.start - (walkIn ? 0 : Math.min(300, Math.floor(rng.exp(stay.long ? 35 : 18))));
        minutes = createdDay === stay.start ? rng.int(7 * 60, 12 * 60) : rng.int(7 * 60, 23 * 60);
      } else {
        // A future stay exists only if already booked: likely when close, less so far ahead (a floor of early bookings fills the months ahead).
        const ahead = stay.start - today;
        const [short, long, shortShare] = stay.long ? [30, 90, 0.5] : [20, 75, 0.6];
        const pShort = 0.65 * shortShare * Math.exp(-ahead / short);
        const pLong = 0.65 * (1 - shortShare) * Math.exp(-ahead / long);
        const r = rng.next();
        let age: number;
        if (r < pShort) age = Math.floor(rng.exp(short));
        else if (r < pShort + pLong) age = Math.floor(rng.exp(long));
        else if (r < pShort + pLong + 0.35) age = Math.floor(rng.next() * (365 - ahead));
        else continue;
        createdDay = today - Math.min(age, 365 - ahead);
        minutes = rng.int(7 * 60, 23 * 60);
      }
      if (createdDay === today && at(today, minutes) > now) minutes = ctx.minuteOf(rng, today, 7 * 60, 23 * 60);
      const createdMs = at(createdDay, minutes);
      let updatedMs: number;
      switch (status) {
        case 'checked_out':
          updatedMs = stay.end < today ? at(stay.end, rng.int(9 * 60, 12 * 60 + 30)) : at(today, rng.int(8 * 60, 11 * 60));
          break;
        case 'no_show':
          updatedMs = at(stay.start + 1, rng.int(30, 120));
          break;
        case 'checked_in':
          updatedMs = stay.start < today ? at(stay.start, rng.int(14 * 60, 21 * 60)) : at(today, rng.int(9 * 60, 11 * 60 + 30));
          break;
        case 'canceled':
          updatedMs = createdMs + rng.next() * (Math.min(stay.start * dayMs, now) - createdMs);
          break;
        default:
          updatedMs = createdMs + rng.next() * (now - createdMs);
      }
      updatedMs = Math.round(ctx.past(Math.max(updatedMs, createdMs + 60_000), createdMs + 60_000) / 1000) * 1000;

      const user =
        channel.name === 'Corporativo' && rng.chance(0.55)
          ? pools.companies.pick(rng, createdMs)
          : stay.end < today - 180 && rng.chance(0.04) && pools.formerBookers.size > 0
            ? pools.formerBookers.pick(rng, createdMs)
            : pools.bookers.pick(rng, createdMs);
      const typology = room.typology;
      const [cloudId, subCloudId] = cloudIds(rng, channel);
      const priceByMonth = stay.long
        ? roundTo(typology.monthly * priceFactor(stay.start) * (channel.name === 'Corporativo' ? 0.95 : 1) * rng.uniform(0.95, 1.05), 10_000)
        : null;
      plans.push({
        id: 0, ref: '', room, start: stay.start, end: stay.end, long: stay.long, status,
        virtual: stay.kind === 'virtual', occupying: stay.kind === 'occupying', extraToday: stay.extraToday === true, prepaid: stay.prepaid === true, createdMs, updatedMs, channel, user,
        national: user.national,
        adults: Math.min(typology.maxAdults, adultsPick.pick(rng)),
        children: typology.maxChildren > 0 && rng.chance(0.15) ? rng.int(1, typology.maxChildren) : 0,
        pet: rng.chance(0.07),
        warranty: rng.chance(channel.ota ? 0.3 : 0.65),
        ccProvided: channel.ota && rng.chance(0.75),
        cloudId, subCloudId, priceByMonth,
        rateSeed: hashInts(ctx.seed, room.id, stay.start * 4 + (stay.kind === 'occupying' ? 0 : stay.kind === 'canceled' ? 1 : 2)),
        total: 0,
      });
    }
  });
  plans.sort((a, b) => a.createdMs - b.createdMs || a.room.id - b.room.id || a.start - b.start || a.rateSeed - b.rateSeed);
  plans.forEach((b, i) => {
    b.id = i + 1;
    b.ref = `MR${String(b.id).padStart(6, '0')}`;
    b.total = nightlyRates(b, rates).reduce((sum, r) => sum + r, 0);
  });
  return { bookings: plans, rates };
}

// Rows of each booking: rates, guests, charges (lodging invoices and extras) and payments. ---------------

const paymentMethods = new Weighted<string>([
  ['efectivo', 15], ['tarjeta de crédito', 30], ['tarjeta débito', 15], ['transferencia', 15], ['PSE', 12], ['Nequi', 8], ['Daviplata', 5],
]);
const foreignMethods = new Weighted<string>([['tarjeta de crédito', 70], ['efectivo', 15], ['transferencia', 15]]);

function authorization(rng: Rng, method: string): string | null {
  switch (method) {
    case 'tarjeta de crédito':
    case 'tarjeta débito':
      return rng.alnum(6);
    case 'transferencia':
      return `TRF${rng.digits(8)}`;
    case 'PSE':
      return `PSE${rng.digits(10)}`;
    case 'Nequi':
      return `M${rng.digits(8)}`;
    case 'Daviplata':
      return `DVP${rng.digits(8)}`;
    default:
      return null;
  }
}

type ExtraKind = 'lavanderia' | 'minibar' | 'parqueadero' | 'late' | 'early' | 'restaurante' | 'traslado' | 'limpieza' | 'reposicion';
const extraKinds = new Weighted<ExtraKind>([
  ['lavanderia', 22], ['minibar', 22], ['parqueadero', 12], ['late', 8], ['early', 5], ['restaurante', 18], ['traslado', 7], ['limpieza', 5], ['reposicion', 1],
]);

interface Item {
  name: string;
  code: string;
  percent: number;
  free: boolean;
  unit: number;
  count: number;
  countType: string;
  /** When the nights of a lodging invoice have different rates, their sum (else unit × count). */
  subtotal?: number;
}

interface Charge {
  lodging: boolean;
  ms: number;
  total: number;
}

export function* emitBookings(ctx: Ctx, world: World, bookings: Booking[], rates: RateTable): Generator<void> {
  const { out, span } = ctx;
  const today = span.today;
  const rng = ctx.rng('booking-rows');
  let guestId = 0;
  let orderId = 0;
  let itemId = 0;
  let paymentId = 0;
  const reception = world.staff.recepcion;
  const hospedaje = world.business.hospedaje;

  const writeOrder = (b: Booking, name: string, ms: number, lodging: boolean, businessId: number, employeeId: number | null, items: Item[], discountShare = 0): Charge => {
    orderId++;
    let subtotal = 0;
    let total = 0;
    for (const item of items) {
      const priceSubtotal = item.subtotal ?? item.unit * item.count;
      const priceTotal = item.free ? 0 : priceSubtotal + Math.round((priceSubtotal * item.percent) / 100);
      if (!item.free) subtotal += priceSubtotal;
      total += priceTotal;
      out.row('booking_order_items', {
        id: ++itemId, order_id: orderId, name: item.name, type_code: item.code, type_percent: item.percent, is_free: item.free,
        price_subtotal: priceSubtotal, price_total: priceTotal, count: item.count, count_type: item.countType,
      });
    }
    const discount = roundTo(subtotal * discountShare, 100);
    total -= discount;
    const createdMs = ctx.past(ms);
    out.row('booking_orders', {
      id: orderId, booking_id: b.id, name, invoice: `FAC-${String(orderId).padStart(6, '0')}`, total, subtotal, discount,
      currency: 'COP', is_secondary: !lodging && rng.chance(0.05), is_for_lodging: lodging, is_virtual: b.virtual,
      tip_include: items.some((i) => i.name === 'Propina voluntaria'), employee_id: employeeId, business_id: businessId,
      created_at: isoTime(createdMs), updated_at: ctx.time(createdMs + rng.int(0, 20) * 60_000, createdMs),
    });
    return { lodging, ms: createdMs, total };
  };

  for (const b of bookings) {
    out.row('bookings', {
      id: b.id, ref: b.ref, status: b.status, date_start: isoDay(b.start), date_end: isoDay(b.end), created_at: isoTime(b.createdMs),
      updated_at: isoTime(b.updatedMs), way_contact_name: b.channel.name, place_id: b.room.id, user_id: b.user.id, with_pet: b.pet,
      is_national: b.national, with_warranty: b.warranty, channel_provided_credit_card: b.ccProvided, is_short_stay: !b.long,
      adults: b.adults, children: b.children, cloud_id: b.cloudId, sub_cloud_id: b.subCloudId, price_by_month: b.priceByMonth,
      total: b.total, is_virtual: b.virtual,
    });
    const nightly = nightlyRates(b, rates);
    const charged = b.status !== 'canceled';
    nightly.forEach((rate, n) => {
      const day = b.start + n;
      out.row('booking_rates', { booking_id: b.id, date: isoDay(day), total_rate: rate, closed: charged && day < today });
    });

    // Guests: the owner (or, for a company, the traveller) plus companions; visitors once the stay began.
    if (b.status !== 'canceled') {
      const names = b.national ? 'es' : 'en';
      const guest = (isVisitor: boolean, category: string, first: string, last: string, email: string | null, document: string | null) =>
        out.row('booking_guests', { id: ++guestId, booking_id: b.id, is_visitor: isVisitor, name: first, last_name: last, email, document, category });
      const random = (category: string, isVisitor: boolean) => {
        const [first, last] = personName(rng, names, rng.chance(0.5));
        const adult = category !== 'menor';
        const email = adult && rng.chance(0.4) ? `${emailLocal(first.split(' ')[0]!, last.split(' ')[0]!)}${rng.int(1, 99)}@gmail.com` : null;
        guest(isVisitor, category, first, last, email, adult && rng.chance(0.7) ? documentFor(rng, b.national ? 'CC' : 'PA') : null);
      };
      if (b.user.company) random('huesped', false);
      else guest(false, 'huesped', b.user.name, b.user.lastName, b.user.email, b.user.document);
      for (let k = 1; k < b.adults; k++) random('huesped', false);
      for (let k = 0; k < b.children; k++) random('menor', false);
      if ((b.status === 'checked_in' || b.status === 'checked_out') && rng.chance(0.2)) {
        for (let k = rng.int(1, 3); k > 0; k--) random('visitante', true);
      }
    }

    const charges: Charge[] = [];
    const lodgingName = `Hospedaje - ${b.room.typology.name}`;
    const lodgingTax: [string, number] = b.national ? ['IVA', 19] : ['EXENTO', 0];
    if (b.status === 'checked_in' || b.status === 'checked_out' || b.status === 'no_show') {
      // Lodging invoices cover the closed nights: one per stay, or one per month of a long stay.
      const closedNights = Math.min(b.end, today) - b.start;
      const chunks: [number, number][] = [];
      if (b.long) {
        for (let segStart = b.start, k = 1; segStart < b.start + closedNights; k++) {
          const segEnd = Math.min(addMonths(b.start, k), b.start + closedNights);
          chunks.push([segStart - b.start, segEnd - b.start]);
          segStart = segEnd;
        }
      } else if (closedNights > 0) chunks.push([0, closedNights]);
      chunks.forEach(([from, to], index) => {
        const lastNight = b.start + to - 1;
        const ms = b.status === 'no_show'
          ? at(b.start + 1, rng.int(60, 180))
          : lastNight === b.end - 1 ? at(b.end, rng.int(9 * 60, 11 * 60 + 30)) : at(lastNight + 1, rng.int(60, 180));
        const amount = nightly.slice(from, to).reduce((s, r) => s + r, 0);
        const items: Item[] = [{ name: lodgingName, code: lodgingTax[0], percent: lodgingTax[1], free: false, unit: 0, count: to - from, countType: 'noche', subtotal: amount }];
        if (b.pet && index === 0) items.push({ name: 'Tarifa de mascota', code: 'IVA', percent: 19, free: false, unit: 40_000, count: 1, countType: 'unidad' });
        const name = b.status === 'no_show' ? 'Penalidad no show' : b.long ? `Canon mensual ${index + 1}` : 'Factura de hospedaje';
        charges.push(writeOrder(b, name, ms, true, hospedaje, rng.pick(reception), items, b.channel.name === 'Corporativo' ? 0.05 : 0));
      });
      // Extras during the stay.
      if (b.status !== 'no_show') {
        const lastDay = Math.min(b.end, today);
        const nights = lastDay - b.start;
        const drawn = Math.min(10, rng.poisson(Math.min(nights, 90) * 0.22));
        for (let k = b.extraToday ? Math.max(drawn, 1) : drawn; k > 0; k--) {
          // The last extra of a guest charging this morning falls before noon today.
          const thisMorning = b.extraToday && k === 1;
          const day = thisMorning ? today : rng.int(b.start, lastDay);
          const ms = at(day, thisMorning ? rng.int(8 * 60, 11 * 60 + 50) : day === b.end ? rng.int(7 * 60, 11 * 60) : rng.int(8 * 60, 22 * 60));
          const kind = extraKinds.pick(rng);
          const items: Item[] = [];
          let business = world.business.servicios;
          let employee = rng.pick(world.staff.servicios);
          let name: string;
          switch (kind) {
            case 'lavanderia':
              name = 'Lavandería';
              items.push({ name: 'Lavandería por kilo', code: 'IVA', percent: 19, free: false, unit: 9_000, count: rng.int(2, 8), countType: 'kg' });
              break;
            case 'minibar':
              name = 'Consumo minibar';
              business = world.business.minimarket;
              employee = rng.pick(reception);
              for (let n = rng.int(1, 3); n > 0; n--) {
                const p = world.products.minimarket.weighted.pick(rng);
                items.push({ name: p.name, code: p.taxType, percent: p.taxPercent, free: false, unit: p.price, count: rng.int(1, 2), countType: 'unidad' });
              }
              break;
            case 'parqueadero':
              name = 'Parqueadero';
              items.push({ name: 'Parqueadero cubierto', code: 'IVA', percent: 19, free: false, unit: 25_000, count: rng.int(1, Math.max(1, Math.min(nights, 7))), countType: 'noche' });
              break;
            case 'late':
            case 'early':
              name = kind === 'late' ? 'Late checkout' : 'Early check-in';
              business = hospedaje;
              employee = rng.pick(reception);
              items.push({ name, code: lodgingTax[0], percent: lodgingTax[1], free: rng.chance(0.25), unit: kind === 'late' ? 60_000 : 50_000, count: 1, countType: 'unidad' });
              break;
            case 'restaurante': {
              name = 'Consumo restaurante';
              business = world.business.restaurante;
              employee = rng.pick(world.staff.mesero);
              let food = 0;
              for (let n = rng.int(1, 3); n > 0; n--) {
                const p = world.products.restaurante.weighted.pick(rng);
                const count = rng.int(1, 2);
                food += p.price * count;
                items.push({ name: p.name, code: p.taxType, percent: p.taxPercent, free: false, unit: p.price, count, countType: 'unidad' });
              }
              if (rng.chance(0.4)) items.push({ name: 'Propina voluntaria', code: 'EXENTO', percent: 0, free: false, unit: roundTo(food * 0.1, 100), count: 1, countType: 'unidad' });
              break;
            }
            case 'traslado':
              name = 'Traslado aeropuerto';
              items.push({ name: 'Traslado aeropuerto JMC', code: 'IVA', percent: 19, free: false, unit: 95_000, count: 1, countType: 'servicio' });
              break;
            case 'limpieza':
              name = 'Limpieza adicional';
              items.push({ name: 'Limpieza adicional', code: 'IVA', percent: 19, free: rng.chance(0.1), unit: 45_000, count: 1, countType: 'servicio' });
              break;
            default:
              name = 'Reposición';
              business = hospedaje;
              employee = rng.pick(reception);
              items.push({ name: 'Reposición de toalla', code: 'IVA', percent: 19, free: false, unit: 35_000, count: 1, countType: 'unidad' });
          }
          charges.push(writeOrder(b, name, ms, false, business, employee, items, rng.chance(0.05) ? 0.1 : 0));
        }
      }
    }

    // Payments: most settle everything, some leave a balance, a few pay too much.
    const pay = (amount: number, ms: number, lodging: boolean, type: string, method?: string, employee?: number | null) => {
      if (amount <= 0) return;
      const m = method ?? (b.national ? paymentMethods : foreignMethods).pick(rng);
      const split = m.startsWith('tarjeta') && rng.chance(0.06);
      out.row('payments', {
        id: ++paymentId, booking_id: b.id, authorization: authorization(rng, m), is_for_lodging: lodging, type, payment_method: m,
        amount, split_amount: split ? roundTo(amount * rng.uniform(0.3, 0.7), 1000) : null, split_boucher: split ? `VCH-${rng.digits(6)}` : null,
        employee_id: employee === undefined ? rng.pick(reception) : employee, created_at: ctx.time(Math.max(ms, b.createdMs + 60_000), b.createdMs + 60_000),
      });
    };
    const lodgingCharges = charges.filter((c) => c.lodging);
    const extraCharges = charges.filter((c) => !c.lodging);
    if (b.prepaid) {
      pay(b.total + roundTo(b.total * 0.2, 1000), at(b.start, rng.int(15 * 60, 18 * 60)), true, 'pago total');
      for (const c of extraCharges) pay(c.total, c.ms + rng.int(1, 30) * 60_000, false, 'abono');
    } else if (lodgingCharges.length > 0) {
      const due = lodgingCharges.reduce((s, c) => s + c.total, 0);
      const r = rng.next();
      const settled = b.status === 'checked_in' ? [0.5, 0.85, 0.92] : [0.83, 0.91, 0.95];
      const profile = r < settled[0]! ? 'full' : r < settled[1]! ? 'partial' : r < settled[2]! ? (b.status === 'checked_in' ? 'none' : 'extrasUnpaid') : 'over';
      const target = profile === 'none' ? 0 : profile === 'partial' ? roundTo(due * rng.uniform(0.3, 0.95), 1000) : due;
      const lastMs = lodgingCharges[lodgingCharges.length - 1]!.ms;
      if (b.ccProvided) {
        pay(target, lastMs + rng.int(1, 30) * 60_000, true, 'pago total', 'tarjeta de crédito', null);
      } else if (b.long) {
        let left = target;
        for (const c of lodgingCharges) {
          const amount = Math.min(left, c.total);
          pay(amount, c.ms + rng.int(0, 5) * dayMs + rng.int(10, 300) * 60_000, true, amount === c.total ? 'pago total' : 'abono');
          left -= amount;
        }
      } else {
        const deposit = b.createdMs < (b.start - 2) * dayMs && (b.warranty || rng.chance(0.3)) ? roundTo(target * rng.uniform(0.3, 0.5), 1000) : 0;
        pay(deposit, b.createdMs + rng.int(10, 600) * 60_000, true, 'anticipo');
        pay(target - deposit, lastMs + rng.int(1, 20) * 60_000, true, profile === 'partial' ? 'abono' : 'pago total');
      }
      if (profile === 'over') pay(roundTo(rng.uniform(20_000, 150_000), 1000), lastMs + rng.int(20, 40) * 60_000, true, 'abono');
      if (profile !== 'extrasUnpaid') {
        for (const c of extraCharges) {
          if (b.status === 'checked_in' && rng.chance(0.3)) continue;
          if (rng.chance(0.55)) pay(c.total, c.ms + rng.int(1, 30) * 60_000, false, 'abono');
          else pay(c.total, Math.max(lastMs, c.ms) + rng.int(1, 30) * 60_000, false, 'pago total');
        }
      }
    } else if ((b.status === 'confirmed' || (b.status === 'checked_in' && b.start === today)) && !b.ccProvided && (b.warranty || rng.chance(0.35))) {
      pay(roundTo(b.total * rng.uniform(0.3, 0.5), 1000), b.createdMs + rng.int(10, 720) * 60_000, true, 'anticipo');
    }
    yield;
  }
}

export type { RateTable };
