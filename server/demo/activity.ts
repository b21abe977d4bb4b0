import * as catalog from './catalog.ts';
import type { Booking } from './bookings.ts';
import { personName, type Client, type ClientPools } from './clients.ts';
import { Ctx, emailLocal, growth, priceFactor, roundTo } from './context.ts';
import { at, dayMs, isoDay, isoTime, minuteMs } from './days.ts';
import { InHouse } from './pos.ts';
import { Weighted } from './random.ts';
import type { World } from './reference.ts';
import type { ReviewType, TaskStatus } from './rows.ts';

/** One exchange rate per day from `from` (the first night of any booking) to the span end: a mean-reverting walk around 4,050 COP per US dollar. */
export function* emitTrm(ctx: Ctx, from: number): Generator<void> {
  const rng = ctx.rng('trm');
  let value = 4100;
  for (let day = Math.min(from, ctx.span.start); day <= ctx.span.end; day++) {
    value += 0.02 * (4050 - value) + 16 * rng.normal();
    value = Math.min(4300, Math.max(3800, value));
    ctx.out.row('trm', { date: isoDay(day), value_30: Math.round(value * 100) / 100 });
  }
  yield;
}

const serviceStatus = new Weighted<string>([['pagado', 88], ['pendiente', 6], ['anulado', 6]]);
const serviceMethods = new Weighted<string>([['tarjeta', 45], ['efectivo', 20], ['transferencia', 15], ['nequi', 10], ['cargo_habitacion', 10]]);

/** Services sold (spa, laundry, transport, tours…), many to in-house guests. */
export function* emitServiceOrders(ctx: Ctx, world: World, pools: ClientPools, inHouse: InHouse): Generator<void> {
  const rng = ctx.rng('services');
  const { span, params } = ctx;
  const weighted = new Weighted(world.services.map((s, i) => [s, 1 / (1 + 0.15 * i)] as const));
  let id = 0;
  for (let day = span.start; day <= span.today; day++) {
    let n = rng.poisson(params.serviceOrdersPerDay * growth(ctx, day));
    if (day === span.today) n = Math.max(n, 2);
    const times = Array.from({ length: n }, () => at(day, ctx.minuteOf(rng, day, 7 * 60, 21 * 60)));
    times.sort((a, b) => a - b);
    for (const ms of times) {
      const service = weighted.pick(rng);
      const booking = rng.chance(0.6) ? inHouse.find(rng, day) : null;
      const client: Client = booking ? booking.user : pools.external.pick(rng, ms);
      const qty = service.name.startsWith('Alquiler') || service.name.startsWith('Lavandería') ? rng.int(1, 3) : 1;
      const subtotal = roundTo(service.price * priceFactor(day), 1000) * qty;
      const tax = Math.round(subtotal * 0.19);
      const extra = rng.chance(0.12) ? roundTo(subtotal * 0.15, 1000) : 0;
      const credit = (client.category === 'miembro' || client.category === 'socio') && rng.chance(0.3) ? Math.min(subtotal, 50_000) : 0;
      const discount = rng.chance(0.08) ? roundTo(subtotal * 0.1, 100) : 0;
      const status = day === span.today && rng.chance(0.4) ? 'pendiente' : serviceStatus.pick(rng);
      ctx.out.row('service_orders', {
        id: ++id, invoice: `SRV-${String(id).padStart(6, '0')}`, service_id: service.id, user_id: client.id, booking_id: booking?.id ?? null,
        employee_id: rng.pick(world.staff.servicios), subtotal, tax_amount: tax, extra_amount: extra, credit, discount_amount: discount,
        total: Math.max(0, subtotal + tax + extra - credit - discount), status,
        method_pay: status === 'pagado' ? (booking ? serviceMethods.pick(rng) : serviceMethods.pick(rng).replace('cargo_habitacion', 'tarjeta')) : null,
        created_at: isoTime(ms),
      });
    }
    yield;
  }
}

const allReviewTypes = ['community', 'employee', 'product', 'service', 'task'] as const;
const reviewTypes = new Weighted<ReviewType>([['community', 15], ['employee', 20], ['product', 25], ['service', 20], ['task', 20]]);
const scores = new Weighted<number>([[5, 45], [4, 30], [3, 15], [2, 6], [1, 4]]);

/** Ratings from clients on the community, staff, products, services and housekeeping. */
export function* emitReviews(ctx: Ctx, world: World, pools: ClientPools): Generator<void> {
  const rng = ctx.rng('reviews');
  const { span } = ctx;
  const employees = [...world.employeeName.entries()];
  const products = Object.values(world.products).flatMap((p) => p.list);
  let id = 0;
  for (let day = span.start; day <= span.today; day++) {
    let n = rng.poisson(ctx.params.reviewsPerDay * growth(ctx, day));
    if (day === span.today) n = Math.max(n, allReviewTypes.length);
    const times = Array.from({ length: n }, () => at(day, ctx.minuteOf(rng, day, 8 * 60, 22 * 60)));
    times.sort((a, b) => a - b);
    for (const [k, ms] of times.entries()) {
      // The first days and today cycle through every type, so each one is present, this month included.
      const type = id < 5 ? allReviewTypes[id]! : day === span.today && k < allReviewTypes.length ? allReviewTypes[k]! : reviewTypes.pick(rng);
      let related: string;
      switch (type) {
        case 'community':
          related = rng.chance(0.5) ? 'Comunidad Mirador' : rng.pick(catalog.eventTitles)[0];
          break;
        case 'employee':
          related = rng.pick(employees)[1];
          break;
        case 'product': {
          const p = rng.pick(products);
          related = `${p.name} - ${world.businessName.get(world.business[p.business])}`;
          break;
        }
        case 'service':
          related = rng.pick(world.services).name;
          break;
        default:
          related = `${rng.pick(world.areas.habitaciones.options).name} - ${rng.pick(world.rooms).name}`;
      }
      const user = rng.chance(0.6) ? pools.app.pick(rng, ms) : pools.external.pick(rng, ms);
      ctx.out.row('reviews', {
        id: ++id, type, related_data: related, user_id: user.id,
        values: catalog.reviewCriteria[type].map((name) => ({ name, value: scores.pick(rng) })), created_at: isoTime(ms),
      });
    }
    yield;
  }
}

interface TaskPlan {
  ms: number;
  option: { id: number; name: string };
  areaId: number;
  placeId: number | null;
  kind: 'departure' | 'stay' | 'common' | 'laundry' | 'maintenance';
}

/** Median minutes to get going and to finish, per kind of task. */
const taskTimes: Record<TaskPlan['kind'], [number, number]> = {
  departure: [25, 50], stay: [20, 30], common: [15, 40], laundry: [30, 120], maintenance: [60, 90],
};

/** Housekeeping: room turnovers, stay cleanings, common areas, laundry and maintenance, with their transactions. */
export function* emitTasks(ctx: Ctx, world: World, bookings: Booking[]): Generator<void> {
  const rng = ctx.rng('tasks');
  const { span, params } = ctx;
  const today = span.today;
  const { habitaciones, zonas, lavanderia, mantenimiento } = world.areas;
  const [departureOption, stayOption] = habitaciones.options as [TaskPlan['option'], TaskPlan['option']];
  const byDay = new Map<number, TaskPlan[]>();
  const add = (day: number, plan: TaskPlan) => {
    let list = byDay.get(day);
    if (!list) byDay.set(day, (list = []));
    list.push(plan);
  };
  for (const b of bookings) {
    if (!b.occupying || b.status === 'no_show' || b.status === 'canceled' || b.start > today) continue;
    if (b.end <= today && (b.status === 'checked_out' || b.end < today)) {
      add(b.end, { ms: at(b.end, rng.int(11 * 60 + 30, 14 * 60)), option: departureOption, areaId: habitaciones.id, placeId: b.room.id, kind: 'departure' });
    }
    const every = b.long ? 7 : 3;
    for (let day = b.start + every; day < Math.min(b.end, today + 1); day += every) {
      add(day, { ms: at(day, rng.int(9 * 60, 12 * 60)), option: rng.chance(0.8) ? stayOption : rng.pick(habitaciones.options.slice(2)), areaId: habitaciones.id, placeId: b.room.id, kind: 'stay' });
    }
  }
  const openSpaces = world.spaces.filter((s) => !s.spec.deleted);
  let id = 0;
  let txId = 0;
  for (let day = span.start; day <= today; day++) {
    const list = byDay.get(day) ?? [];
    for (let k = rng.poisson(params.commonTasksPerDay); k > 0; k--) {
      list.push({ ms: at(day, rng.int(6 * 60, 10 * 60)), option: rng.pick(zonas.options), areaId: zonas.id, placeId: rng.pick(openSpaces).id, kind: 'common' });
    }
    for (let k = rng.poisson(params.commonTasksPerDay * 0.6); k > 0; k--) {
      list.push({ ms: at(day, rng.int(7 * 60, 15 * 60)), option: rng.pick(lavanderia.options), areaId: lavanderia.id, placeId: null, kind: 'laundry' });
    }
    for (let k = rng.poisson(params.maintenanceTasksPerRoomDay * world.rooms.length); k > 0; k--) {
      list.push({ ms: at(day, rng.int(8 * 60, 17 * 60)), option: rng.pick(mantenimiento.options), areaId: mantenimiento.id, placeId: rng.pick(world.rooms).id, kind: 'maintenance' });
    }
    if (day === today && list.length === 0) {
      list.push({ ms: at(day, 8 * 60), option: rng.pick(zonas.options), areaId: zonas.id, placeId: rng.pick(openSpaces).id, kind: 'common' });
    }
    list.sort((a, b) => a.ms - b.ms || (a.placeId ?? 0) - (b.placeId ?? 0));
    for (const plan of list) {
      // Today's tasks are planned for the morning, some still under way; none is started or ended after the demo's "now".
      const start = day === today ? ctx.past(Math.min(plan.ms, at(day, 10 * 60 + rng.int(0, 60)))) : plan.ms;
      const staff = plan.kind === 'maintenance' ? world.staff.mantenimiento : world.staff.housekeeping;
      const employee = rng.pick(staff);
      const [toStart, toFinish] = taskTimes[plan.kind];
      const begun = ctx.past(start + Math.min(240, Math.max(1, rng.logNormal(toStart, 0.8))) * minuteMs, start);
      const finished = begun + Math.min(480, Math.max(10, rng.logNormal(toFinish, 0.5))) * minuteMs;
      const drawn: TaskStatus = rng.chance(0.06) ? 'cancel' : day === today && rng.chance(0.4) ? 'process' : 'completed';
      const status: TaskStatus = drawn === 'completed' && finished > ctx.now ? 'process' : drawn;
      const transactions: [TaskStatus, number, number][] = [];
      let end: number;
      if (status === 'cancel') {
        const supervisor = rng.chance(0.5) ? rng.pick(world.staff.gerencia) : employee;
        if (rng.chance(0.5)) {
          transactions.push(['process', begun, employee]);
          end = begun + rng.int(10, 60) * minuteMs;
        } else end = start + rng.int(0, 120) * minuteMs;
        end = ctx.past(end, transactions.length > 0 ? begun : start);
        transactions.push(['cancel', end, supervisor]);
      } else if (status === 'process') {
        transactions.push(['process', begun, employee]);
        end = start + toFinish * minuteMs;
      } else {
        transactions.push(['process', begun, employee], ['completed', finished, employee]);
        end = finished;
      }
      const taskId = ++id;
      ctx.out.row('tasks', {
        id: taskId, name: plan.option.name, place_id: plan.placeId, area_id: plan.areaId, task_option_id: plan.option.id,
        employee_id: employee, date_start: isoTime(start), date_end: isoTime(Math.round(end / 1000) * 1000), status,
      });
      for (const [s, when, who] of transactions) {
        ctx.out.row('task_transactions', { id: ++txId, task_id: taskId, status: s, employee_id: who, created_at: isoTime(Math.round(when / 1000) * 1000) });
      }
    }
    byDay.delete(day);
    yield;
  }
}

const ticketCounts = new Weighted<number>([[1, 60], [2, 30], [3, 7], [4, 3]]);
const recurrences = new Weighted<string>([['none', 80], ['semanal', 13], ['mensual', 7]]);

/** Community events on the spaces (with tickets) and reservations of the spaces, until two months ahead. */
export function* emitEventsAndSpaces(ctx: Ctx, world: World, pools: ClientPools): Generator<void> {
  const rng = ctx.rng('events');
  const { span, params } = ctx;
  const horizon = span.today + 60;
  const venues = world.spaces.filter((s) => s.spec.events && !s.spec.deleted);
  const bookable = world.spaces.filter((s) => s.spec.withReservation && !s.spec.deleted);
  let eventId = 0;
  let ticketId = 0;
  for (let week = span.start; week <= horizon; week += 7) {
    // At least one event in the week of "today", so the calendar's current view has one.
    const n = Math.max(rng.poisson(params.eventsPerWeek), week <= span.today && span.today < week + 7 ? 1 : 0);
    for (let k = 0; k < n; k++) {
      const [title, description, basePrice] = rng.pick(catalog.eventTitles);
      const day = week + rng.int(0, 6);
      const morning = title.startsWith('Yoga');
      const startMs = at(day, morning ? 7 * 60 : rng.int(17, 20) * 60);
      const endMs = startMs + rng.int(3, 8) * 30 * minuteMs;
      const price = roundTo(basePrice * priceFactor(day), 1000);
      const venue = morning ? (venues.find((v) => v.spec.name === 'Terraza') ?? venues[0]!) : rng.pick(venues);
      const id = ++eventId;
      ctx.out.row('events', {
        id, title, place_id: venue.id, date_start: isoTime(startMs), date_end: isoTime(endMs), description, price,
      });
      // Tickets sell during the three weeks before the event, up to now.
      const salesFrom = startMs - 21 * dayMs;
      const salesTo = Math.min(startMs, ctx.now);
      if (salesTo <= salesFrom) continue;
      const sold = Array.from({ length: rng.poisson(params.ticketsPerEvent) }, () => Math.round(rng.uniform(salesFrom, salesTo) / 1000) * 1000);
      sold.sort((a, b) => a - b);
      for (const ms of sold) {
        const app = rng.chance(0.55);
        const user = app ? pools.app.pick(rng, ms) : pools.external.pick(rng, ms);
        const count = ticketCounts.pick(rng);
        const subtotal = price * count;
        ctx.out.row('event_tickets', {
          id: ++ticketId, event_id: id, user_id: user.id, count, subtotal, total: subtotal + Math.round(subtotal * 0.19), by_client_app: app,
          reason_cancellation: rng.chance(0.06) ? rng.pick(catalog.cancelReasons) : null, created_at: isoTime(ms),
        });
      }
    }
    yield;
  }

  let reservationId = 0;
  const reserve = (space: (typeof bookable)[number], day: number, hour: number, hours: number, recurrence: string, until: number | null) => {
    const startMs = at(day, hour * 60);
    // Booked some days ahead; what would be booked after now was booked over the last days instead.
    const created = Math.min(ctx.recentPast(startMs - Math.max(30, rng.exp(7 * 24 * 60)) * minuteMs, 3), startMs - 30 * minuteMs);
    const user = rng.chance(0.5) ? pools.app.pick(rng, created) : pools.external.pick(rng, created);
    const free = (user.category === 'socio' || user.category === 'miembro') && rng.chance(0.25);
    const subtotal = free ? 0 : roundTo(space.spec.hourly * hours * priceFactor(day), 1000);
    ctx.out.row('space_reservations', {
      id: ++reservationId, place_id: space.id, user_id: user.id, date_start: isoTime(startMs),
      date_end: isoTime(startMs + hours * 60 * minuteMs), recurrence, recurrence_until: until === null ? null : isoDay(until), subtotal,
      total: subtotal + Math.round(subtotal * 0.19), by_client_app: user.app && rng.chance(0.6), created_at: isoTime(Math.round(created / 1000) * 1000),
    });
  };
  for (let day = span.start; day <= horizon; day++) {
    const slots = Array.from({ length: rng.poisson(params.spaceReservationsPerDay * growth(ctx, Math.min(day, span.today))) }, () => ({
      space: rng.pick(bookable), hour: rng.int(8, 19), hours: rng.int(1, 4),
    }));
    slots.sort((a, b) => a.hour - b.hour || a.space.id - b.space.id);
    for (const slot of slots) {
      const recurrence = recurrences.pick(rng);
      // A series runs for some weeks or months after its first date.
      const until = recurrence === 'semanal' ? day + 7 * rng.int(3, 12) : recurrence === 'mensual' ? day + 31 * rng.int(2, 6) : null;
      reserve(slot.space, day, slot.hour, slot.hours, recurrence, until);
    }
    if (day % 30 === 0) yield;
  }
  // A weekly and a monthly series around today, so the calendar's current month always repeats one.
  reserve(bookable[0]!, span.today - 15, 10, 2, 'semanal', span.today + 42);
  reserve(bookable[bookable.length - 1]!, span.today - 40, 16, 2, 'mensual', span.today + 100);
  yield;
}

/** The part of a day's `seconds` of app use that has happened by the demo's "now" (at least a second, never more than the time since midnight). */
function usedSoFar(ctx: Ctx, seconds: number): number {
  const elapsed = Math.floor((ctx.now - at(ctx.span.today, 0)) / 1000);
  return Math.min(elapsed, Math.max(1, Math.round((seconds * elapsed) / (dayMs / 1000))));
}

/** Seconds in the mobile app per user and day, for a set of regular app users. */
export function* emitAppUsage(ctx: Ctx, pools: ClientPools): Generator<void> {
  const rng = ctx.rng('app-usage');
  const { span } = ctx;
  const users = Array.from({ length: Math.min(ctx.params.appUsers, pools.app.size) }, (_, i) => pools.app.at(Math.floor((i * pools.app.size) / ctx.params.appUsers)));
  users.forEach((user, index) => {
    const activity = index === 0 ? 1 : rng.uniform(0.08, 0.55);
    const typical = rng.uniform(300, 1800);
    for (let day = Math.max(span.start, Math.floor(user.createdMs / dayMs) + 1); day <= span.today; day++) {
      // The first user opens the app every day of the last week, so "yesterday" always has usage.
      const always = index === 0 && day >= span.today - 7;
      if (!always && !rng.chance(activity)) continue;
      const seconds = Math.round(Math.min(4 * 3600, Math.max(30, rng.logNormal(typical, 0.8))));
      ctx.out.row('app_usage', { client_id: user.id, date: isoDay(day), seconds: day === span.today ? usedSoFar(ctx, seconds) : seconds });
    }
  });
  yield;
}

const leadSources = new Weighted(catalog.leadSources);

/** Prospects from marketing channels; older ones have been worked (contacted, converted or discarded). */
export function* emitLeads(ctx: Ctx): Generator<void> {
  const rng = ctx.rng('leads');
  const { span } = ctx;
  let id = 0;
  for (let day = span.start; day <= span.today; day++) {
    const times = Array.from({ length: rng.poisson(ctx.params.leadsPerDay * growth(ctx, day)) }, () => at(day, ctx.minuteOf(rng, day, 7 * 60, 23 * 60)));
    times.sort((a, b) => a - b);
    for (const ms of times) {
      const age = span.today - day;
      const r = rng.next();
      const status = age < 7
        ? r < 0.6 ? 'nuevo' : 'contactado'
        : age < 60
          ? r < 0.15 ? 'nuevo' : r < 0.55 ? 'contactado' : r < 0.8 ? 'convertido' : 'descartado'
          : r < 0.15 ? 'contactado' : r < 0.5 ? 'convertido' : 'descartado';
      const foreign = rng.chance(0.3);
      const [first, last] = personName(rng, foreign ? 'en' : 'es', rng.chance(0.5));
      ctx.out.row('leads', {
        id: ++id, name: first, last_name: last,
        email: rng.chance(0.85) ? `${emailLocal(first.split(' ')[0]!, last.split(' ')[0]!)}${rng.int(1, 99)}@${rng.pick(catalog.emailDomains)}` : null,
        phone: rng.chance(0.8) ? `${foreign ? '+1' : '+57'} ${foreign ? rng.digits(3) : `3${rng.digits(2)}`} ${rng.digits(3)} ${rng.digits(4)}` : null,
        source: leadSources.pick(rng), interest: rng.chance(0.9) ? rng.pick(catalog.leadInterests) : null,
        message: rng.chance(0.8) ? rng.pick(catalog.leadMessages) : null, status, created_at: isoTime(ms),
      });
    }
    if (day % 30 === 0) yield;
  }
  yield;
}

