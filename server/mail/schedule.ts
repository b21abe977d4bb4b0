import { Temporal } from 'temporal-polyfill';

/** When a subscription is sent: every day, on some weekdays, or on a day of the month, at an hour of the operator's zone. */
export interface Schedule {
  frequency: 'daily' | 'weekly' | 'monthly';
  /** ISO weekdays, 1 = lunes … 7 = domingo (weekly). */
  weekdays?: number[] | undefined;
  /** 1..31 (monthly); a shorter month sends on its last day. */
  monthDay?: number | null | undefined;
  /** 0..23, an hour of the operator's time zone. */
  hour: number;
}

function sendsOn(schedule: Schedule, day: Temporal.PlainDate): boolean {
  if (schedule.frequency === 'daily') return true;
  if (schedule.frequency === 'weekly') return (schedule.weekdays ?? []).includes(day.dayOfWeek);
  return day.day === Math.min(schedule.monthDay ?? 1, day.daysInMonth);
}

/**
 * The first instant after `after` at which `schedule` sends, in `zone`. DST-safe: the hour is a wall-clock hour of
 * the zone (Temporal); an hour the clocks skip that day is taken as the first one after the gap (02:00 on a spring
 * forward day is 03:00), and an hour they repeat as its first occurrence.
 */
export function nextSendAt(schedule: Schedule, after: Date, zone: string): Date {
  const afterNs = BigInt(after.getTime()) * 1_000_000n;
  let day = Temporal.Instant.fromEpochNanoseconds(afterNs).toZonedDateTimeISO(zone).toPlainDate();
  // A monthly schedule sends within 31 days; a weekly one within 7: 400 days is more than any needs.
  for (let i = 0; i < 400; i++, day = day.add({ days: 1 })) {
    if (!sendsOn(schedule, day)) continue;
    const at = day.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from({ hour: schedule.hour }) });
    if (at.epochNanoseconds > afterNs) return new Date(at.epochMilliseconds);
  }
  throw new Error('schedule never sends');
}
