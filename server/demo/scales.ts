import { addMonths, parseDay } from './days.ts';

export type Scale = 'small' | 'demo' | 'large';

/** How big the operator is at each scale; everything else follows from these numbers. */
export interface ScaleParams {
  /** First day with data (earlier if `today` is close to it). */
  spanStart: string;
  rooms: number;
  spaces: number;
  /** Employees per role are multiplied by this. */
  staffFactor: number;
  clients: number;
  /** Share of room-nights sold. */
  occupancy: number;
  longStayShare: number;
  /** Average point-of-sale orders per day (grows over the years and with the season). */
  posOrdersPerDay: number;
  /** Orders on "today" at least, so the default "today" filters always show something. */
  posOrdersToday: number;
  appUsers: number;
  reviewsPerDay: number;
  leadsPerDay: number;
  serviceOrdersPerDay: number;
  spaceReservationsPerDay: number;
  eventsPerWeek: number;
  ticketsPerEvent: number;
  commonTasksPerDay: number;
  maintenanceTasksPerRoomDay: number;
  batchSize: number;
}

const base: Record<Scale, ScaleParams> = {
  small: {
    spanStart: '2023-12-01', rooms: 15, spaces: 6, staffFactor: 1, clients: 180, occupancy: 0.36, longStayShare: 0.16,
    posOrdersPerDay: 3, posOrdersToday: 14, appUsers: 25, reviewsPerDay: 0.5, leadsPerDay: 0.15,
    serviceOrdersPerDay: 0.6, spaceReservationsPerDay: 0.5, eventsPerWeek: 0.6, ticketsPerEvent: 5,
    commonTasksPerDay: 1, maintenanceTasksPerRoomDay: 0.004, batchSize: 5000,
  },
  demo: {
    spanStart: '2023-01-01', rooms: 120, spaces: 8, staffFactor: 3, clients: 4000, occupancy: 0.72, longStayShare: 0.12,
    posOrdersPerDay: 22, posOrdersToday: 40, appUsers: 220, reviewsPerDay: 4, leadsPerDay: 1.2,
    serviceOrdersPerDay: 4, spaceReservationsPerDay: 3, eventsPerWeek: 1.5, ticketsPerEvent: 18,
    commonTasksPerDay: 3, maintenanceTasksPerRoomDay: 0.006, batchSize: 5000,
  },
  large: {
    spanStart: '2023-01-01', rooms: 600, spaces: 10, staffFactor: 10, clients: 40_000, occupancy: 0.78, longStayShare: 0.12,
    posOrdersPerDay: 300, posOrdersToday: 300, appUsers: 1500, reviewsPerDay: 15, leadsPerDay: 6,
    serviceOrdersPerDay: 20, spaceReservationsPerDay: 8, eventsPerWeek: 4, ticketsPerEvent: 40,
    commonTasksPerDay: 8, maintenanceTasksPerRoomDay: 0.004, batchSize: 10_000,
  },
};

/** `large` must hold at least this many nightly rates and point-of-sale lines whatever `today` is. */
const largeTargetRates = 1_250_000;
const largeTargetPosLines = 1_150_000;
/** Observed mean of point-of-sale lines per order, and of sold room-nights plus canceled/virtual ones. */
const linesPerOrder = 2.2;
const extraNightShare = 1.1;

export interface Span {
  /** Day numbers: first day with data, the anchor "today", and six months after it. */
  start: number;
  today: number;
  end: number;
}

/**
 * The days of the data. `historyYears` (tests only: the same hotel with a shorter or longer past, so that a test can
 * compare what the same month costs on each) puts the first day that many years before `today` instead of the
 * scale's `spanStart`; without it the span is the scale's own.
 */
export function spanFor(scale: Scale, today: string, historyYears?: number): Span {
  const todayDay = parseDay(today);
  if (historyYears !== undefined && !(Number.isInteger(historyYears) && historyYears >= 1 && historyYears <= 20)) {
    throw new Error(`historyYears must be a whole number of years from 1 to 20 (got ${historyYears}).`);
  }
  // A "today" close to (or before) the usual start still gets a full year of history.
  const start = historyYears === undefined ? Math.min(parseDay(base[scale].spanStart), todayDay - 365) : addMonths(todayDay, -12 * historyYears);
  return { start, today: todayDay, end: addMonths(todayDay, 6) };
}

export function paramsFor(scale: Scale, span: Span): ScaleParams {
  const params = { ...base[scale] };
  if (scale === 'large') {
    // Only about half of the future nights are booked yet (see the booking pace in bookings.ts).
    const nights = (span.today - span.start + 0.5 * (span.end - span.today)) * params.occupancy * extraNightShare;
    params.rooms = Math.max(params.rooms, Math.ceil(largeTargetRates / nights));
    const posDays = span.today - span.start + 1;
    params.posOrdersPerDay = Math.max(params.posOrdersPerDay, Math.ceil(largeTargetPosLines / linesPerOrder / posDays));
  }
  return params;
}
