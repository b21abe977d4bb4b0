import * as catalog from './catalog.ts';
import type { Booking } from './bookings.ts';
import type { Client, ClientPools } from './clients.ts';
import { Ctx, growth, roundTo } from './context.ts';
import { at, isoTime, minuteMs, monthOf, weekday } from './days.ts';
import { Rng, Weighted } from './random.ts';
import type { Product, World } from './reference.ts';
import type { PosStatus } from './rows.ts';

type Key = catalog.PosBusinessKey;

const businessPick = new Weighted<Key>([['restaurante', 38], ['cafe', 27], ['bar', 20], ['minimarket', 15]]);

// Orders per hour from 6:00 to 23:00: breakfast and coffee in the morning, lunch, then dinner and drinks at night.
const hourWeights: Record<Key, number[]> = {
  restaurante: [2, 6, 8, 6, 3, 4, 10, 12, 8, 3, 2, 2, 4, 9, 10, 7, 3, 1],
  cafe: [6, 10, 12, 10, 8, 6, 4, 4, 5, 6, 6, 5, 3, 2, 1, 1, 0.5, 0.2],
  bar: [0, 0, 0, 0, 0, 0.3, 1, 1.5, 1, 1.5, 2, 4, 7, 9, 11, 12, 10, 8],
  minimarket: [2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 3, 2],
};
/** "Today" plans the orders of its morning and early afternoon; those after the demo's now move before it (Ctx.past). */
const lastHourToday = 14;
const hours = Object.fromEntries(
  (Object.keys(hourWeights) as Key[]).map((k) => [
    k,
    {
      full: new Weighted(hourWeights[k].map((w, i) => [6 + i, w] as const)),
      today: new Weighted(hourWeights[k].slice(0, lastHourToday - 5).map((w, i) => [6 + i, w + 0.5] as const)),
    },
  ]),
) as Record<Key, { full: Weighted<number>; today: Weighted<number> }>;

const lineCounts = {
  minimarket: new Weighted<number>([[1, 30], [2, 30], [3, 20], [4, 12], [5, 8]]),
  other: new Weighted<number>([[1, 35], [2, 32], [3, 18], [4, 10], [5, 5]]),
};
const quantities = new Weighted<number>([[1, 75], [2, 18], [3, 7]]);
const persons: Record<Key, Weighted<number>> = {
  restaurante: new Weighted([[1, 30], [2, 40], [3, 12], [4, 12], [5, 3], [6, 3]]),
  bar: new Weighted([[1, 35], [2, 45], [3, 10], [4, 10]]),
  cafe: new Weighted([[1, 70], [2, 30]]),
  minimarket: new Weighted([[1, 1]]),
};
const payMethods = new Weighted<string>([['efectivo', 28], ['tarjeta', 40], ['transferencia', 8], ['nequi', 16], ['daviplata', 8]]);
const payText: Record<string, string> = {
  efectivo: 'Efectivo', tarjeta: 'Tarjeta débito/crédito', transferencia: 'Transferencia bancaria', nequi: 'Nequi', daviplata: 'Daviplata',
  cargo_habitacion: 'Cargo a la habitación', descuento_nomina: 'Descuento de nómina', cortesia: 'Cortesía',
};
const costCenters: Record<Key, string> = { restaurante: 'Alimentos', bar: 'Bebidas', cafe: 'Cafetería', minimarket: 'Minimarket' };
const todayLateStatuses = new Weighted<PosStatus>([['open', 20], ['inProgress', 25], ['readyToDelivery', 20], ['closed', 30], ['cancelled', 5]]);
/** Typical minutes from taking an order to having it ready, per unit. */
const prepMinutes: Record<Key, number> = { restaurante: 18, bar: 7, cafe: 5, minimarket: 2 };

interface Line {
  product: Product;
  qty: number;
  gift: boolean;
  note: string | null;
}

interface Spec {
  key: Key;
  ms: number;
  day: number;
  client: Client;
  booking: Booking | null;
  roomService: boolean;
  app: boolean;
  event: boolean;
  employee: number;
  closer: number;
  lines: Line[];
  courtesy: boolean;
  coupon: string | null;
  perc: number;
  persons: number;
  note: string | null;
  status?: PosStatus;
  tipWanted: boolean;
}

/** Orders per day, drawn up front so the total is known before any row is written. */
export function posDayCounts(ctx: Ctx): number[] {
  const rng = ctx.rng('pos-counts');
  const counts: number[] = [];
  for (let day = ctx.span.start; day <= ctx.span.today; day++) {
    const wd = weekday(day);
    const m = monthOf(day);
    const mean = ctx.params.posOrdersPerDay * growth(ctx, day) * (m === 12 ? 1.2 : m === 1 || m === 8 ? 1.1 : 1) *
      (wd === 5 || wd === 6 ? 1.25 : wd === 0 ? 1.05 : wd === 1 ? 0.85 : 1);
    const n = rng.poisson(mean);
    counts.push(day === ctx.span.today ? Math.max(n, ctx.params.posOrdersToday) : n);
  }
  return counts;
}

/** In-house guests per room, to charge orders to a room and send room service. */
export class InHouse {
  private readonly byRoom = new Map<number, Booking[]>();
  private readonly roomIds: number[];

  constructor(bookings: Booking[]) {
    for (const b of bookings) {
      if (!b.occupying || (b.status !== 'checked_in' && b.status !== 'checked_out')) continue;
      let list = this.byRoom.get(b.room.id);
      if (!list) this.byRoom.set(b.room.id, (list = []));
      list.push(b);
    }
    for (const list of this.byRoom.values()) list.sort((a, b) => a.start - b.start);
    this.roomIds = [...this.byRoom.keys()].sort((a, b) => a - b);
  }

  find(rng: Rng, day: number): Booking | null {
    if (this.roomIds.length === 0) return null;
    for (let attempt = 0; attempt < 4; attempt++) {
      const list = this.byRoom.get(rng.pick(this.roomIds))!;
      let lo = 0;
      let hi = list.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const b = list[mid]!;
        if (day < b.start) hi = mid - 1;
        else if (day >= b.end) lo = mid + 1;
        else return b;
      }
    }
    return null;
  }
}

export function* emitPos(ctx: Ctx, world: World, pools: ClientPools, inHouse: InHouse, counts: number[]): Generator<void> {
  const { out, span } = ctx;
  const rng = ctx.rng('pos');
  const midSpan = Math.floor((span.start + span.today) / 2);
  const staffOf: Record<Key, number[]> = {
    restaurante: world.staff.mesero, bar: world.staff.bartender, cafe: world.staff.barista, minimarket: world.staff.cajero,
  };
  let orderId = 0;
  let lineId = 0;
  let historyId = 0;
  let tipId = 0;
  let siigo = 0;

  const makeSpec = (day: number): Spec => {
    const key = businessPick.pick(rng);
    const isToday = day === span.today;
    const hour = (isToday ? hours[key].today : hours[key].full).pick(rng);
    const minute = isToday && hour === lastHourToday ? rng.int(0, 30) : rng.int(0, 59);
    const planned = at(day, hour * 60 + minute + rng.int(0, 59) / 60);
    const ms = isToday ? ctx.past(planned) : planned;
    let client: Client;
    let booking: Booking | null = null;
    const r = rng.next();
    if (r < 0.22) client = pools.walkIn;
    else if (r < 0.36) client = pools.internal.pick(rng, ms);
    else if (r < 0.62 && (booking = inHouse.find(rng, day))) client = booking.user;
    else client = pools.external.pick(rng, ms);
    const roomService = booking !== null && key !== 'minimarket' && rng.chance(0.45);
    const event = !roomService && (key === 'restaurante' || key === 'bar') && rng.chance(0.025);
    const courtesy = rng.chance(0.012);
    const lines: Line[] = [];
    for (let n = (key === 'minimarket' ? lineCounts.minimarket : lineCounts.other).pick(rng); n > 0; n--) {
      lines.push({
        product: world.products[key].weighted.pick(rng),
        qty: key === 'minimarket' ? rng.int(1, 4) : quantities.pick(rng),
        gift: courtesy || rng.chance(0.025),
        note: rng.chance(0.04) ? rng.pick(catalog.posNotes) : null,
      });
    }
    let coupon: string | null = null;
    let perc = 0;
    if (!courtesy) {
      if (client.category === 'empleado' && rng.chance(0.6)) [coupon, perc] = ['EMPLEADO20', 20];
      else if (client.category === 'socio' && rng.chance(0.5)) [coupon, perc] = ['SOCIO15', 15];
      else if (rng.chance(0.07)) [coupon, perc] = rng.pick(catalog.coupons);
    }
    const app = client.app && rng.chance(0.45);
    const tipChance = key === 'restaurante' ? 0.5 : key === 'bar' ? 0.4 : key === 'cafe' ? 0.12 : 0;
    const waiters = staffOf[key];
    const employee = key === 'restaurante' && day < midSpan && rng.chance(0.08) ? world.formerWaiter : rng.pick(waiters);
    return {
      key, ms, day, client, booking: roomService || rng.chance(0.5) ? booking : null, roomService, app, event, employee,
      closer: rng.chance(0.6) ? rng.pick(world.staff.cajero) : employee, lines, courtesy, coupon, perc,
      persons: event ? rng.int(8, 30) : persons[key].pick(rng),
      note: roomService ? `Habitación ${booking!.room.name}` : courtesy ? 'Cortesía gerencia' : rng.chance(0.08) ? rng.pick(catalog.posNotes) : null,
      tipWanted: !courtesy && rng.chance(app ? tipChance / 2 : tipChance),
    };
  };

  const emit = (spec: Spec, planned: PosStatus) => {
    const id = ++orderId;
    const costCenter = spec.roomService ? 'Room service' : spec.event ? 'Eventos' : costCenters[spec.key];
    // Money: the discount is shared over the paid lines, tax is charged on what is left of each line.
    const gross = spec.lines.map((l) => (l.gift ? 0 : l.qty * l.product.price));
    const grossTotal = gross.reduce((a, b) => a + b, 0);
    const discount = roundTo((grossTotal * spec.perc) / 100, 100);
    const shares = gross.map((g) => (grossTotal > 0 ? Math.floor((g * discount) / grossTotal) : 0));
    const biggest = gross.indexOf(Math.max(...gross));
    shares[biggest]! += discount - shares.reduce((a, b) => a + b, 0);
    let tax = 0;
    const lineRows = spec.lines.map((l, i) => {
      const lineTax = l.gift ? 0 : Math.round(((gross[i]! - shares[i]!) * l.product.taxPercent) / 100);
      tax += lineTax;
      return {
        id: ++lineId, order_id: id, product_id: l.product.id, qty: l.qty, cost_item: l.product.cost, unit_price: l.product.price,
        tax: lineTax, extras: 0, gift: l.gift, note: l.note, discount: shares[i]!, cost_center: costCenter,
      };
    });
    const subtotal = grossTotal - discount;
    const plannedTip = planned === 'closed' && spec.tipWanted
      ? spec.key === 'cafe' ? 1000 * rng.int(1, 3) : roundTo(grossTotal * 0.1, 100)
      : 0;

    // Status history: open → inProgress → readyToDelivery → closed, or cancelled on the way.
    const history: [PosStatus, number][] = [['open', spec.ms]];
    const step = (median: number) => Math.round(Math.min(60, Math.max(2, rng.logNormal(median, 0.6))) * 60) * 1000;
    let t = spec.ms;
    const path: PosStatus[] =
      planned === 'cancelled'
        ? rng.chance(0.5) ? ['inProgress', 'cancelled'] : ['cancelled']
        : (['inProgress', 'readyToDelivery', 'closed'] as PosStatus[]).slice(0, ['open', 'inProgress', 'readyToDelivery', 'closed'].indexOf(planned));
    for (const s of path) {
      t += step(s === 'inProgress' ? 4 : s === 'readyToDelivery' ? prepMinutes[spec.key] : s === 'closed' ? (spec.key === 'restaurante' ? 25 : 10) : 8);
      // A step that would come after the demo's "now" has not happened yet: the order is still in its last state.
      if (t > ctx.now) break;
      history.push([s, t]);
    }
    const [status, closedAt] = history[history.length - 1]!;
    const tip = status === 'closed' ? plannedTip : 0;
    let method: string | null = null;
    if (status === 'closed') {
      if (subtotal + tax + tip === 0) method = 'cortesia';
      else if (spec.booking && rng.chance(0.7)) method = 'cargo_habitacion';
      else if (spec.client.category === 'empleado' && rng.chance(0.5)) method = 'descuento_nomina';
      else if (spec.app) method = rng.chance(0.7) ? 'tarjeta' : 'nequi';
      else method = payMethods.pick(rng);
    }
    const synced = status === 'closed' && rng.chance(spec.day < span.today - 1 ? 0.97 : 0.4);
    out.row('pos_orders', {
      id, invoice: `POS-${String(id).padStart(6, '0')}`, business_id: world.business[spec.key], user_id: spec.client.id,
      booking_id: spec.booking?.id ?? null, employee_id: spec.employee, closed_by_id: status === 'closed' ? spec.closer : null,
      created_at: isoTime(spec.ms), updated_at: isoTime(closedAt), status, subtotal, tax_amount: tax, tip_amount: tip,
      discount_amount: discount, discount_perc: spec.perc, coupon: spec.coupon, total: subtotal + tax + tip, person_order: spec.persons,
      note: spec.note, method_pay: method, method_pay_text: method ? payText[method]! : null,
      siigo_ref: synced ? `FE-${String(++siigo).padStart(7, '0')}` : null, by_client_app: spec.app, event: spec.event,
      room_service: spec.roomService, cost_center: costCenter,
    });
    for (const row of lineRows) out.row('pos_order_lines', row);
    for (const [s, when] of history) out.row('pos_order_history', { id: ++historyId, order_id: id, status: s, updated_at: isoTime(when) });
    if (tip > 0) {
      out.row('tips', { id: ++tipId, employee_id: spec.employee, pos_order_id: id, amount: tip, note: rng.pick(catalog.tipNotes), created_at: isoTime(closedAt) });
    }
  };

  for (let index = 0; index < counts.length; index++) {
    const day = span.start + index;
    const count = counts[index]!;
    const specs: Spec[] = [];
    for (let k = 0; k < count; k++) specs.push(makeSpec(day));
    specs.sort((a, b) => a.ms - b.ms);
    if (day < span.today) {
      for (const spec of specs) spec.status = rng.chance(0.035) ? 'cancelled' : 'closed';
    } else {
      // Today: the latest orders are still being served, and each open state shows up at least once.
      specs.forEach((spec) => {
        spec.status = spec.ms >= ctx.now - 150 * minuteMs ? todayLateStatuses.pick(rng) : rng.chance(0.04) ? 'cancelled' : 'closed';
      });
      const tail = specs.slice(-3);
      (['readyToDelivery', 'inProgress', 'open'] as PosStatus[]).forEach((s, i) => {
        if (tail[i]) tail[i]!.status = s;
      });
      const served = specs.filter((s) => s.status === 'closed' && !s.courtesy && s.key !== 'minimarket');
      if (served.length > 0 && !served.some((s) => s.tipWanted)) served[0]!.tipWanted = true;
      // The courtesy report defaults to today: one closed order of the day gives a line away.
      const closedToday = specs.filter((s) => s.status === 'closed');
      if (!closedToday.some((s) => s.lines.some((l) => l.gift))) {
        const giver = closedToday.find((s) => s.lines.length > 1) ?? closedToday[0];
        if (giver) giver.lines[giver.lines.length - 1]!.gift = true;
      }
    }
    for (const spec of specs) emit(spec, spec.status!);
    // Guests also tip housekeeping directly, without an order.
    for (let k = rng.poisson(ctx.params.posOrdersPerDay * 0.01); k > 0; k--) {
      out.row('tips', {
        id: ++tipId, employee_id: rng.pick(world.staff.housekeeping), pos_order_id: null, amount: 5000 * rng.int(2, 10),
        note: 'Propina de huésped', created_at: ctx.time(at(day, rng.int(9 * 60, 18 * 60))),
      });
    }
    yield;
  }
}
