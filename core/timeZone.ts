/**
 * The operator's time zone (OPERATOR_TIME_ZONE on the server, sent to the browser in /config.json): the zone of
 * every "today", hour of day and moment of day. One place for the server and the browser.
 */

/** The spec's zone, and the default. */
export const defaultTimeZone = 'UTC';

/** IANA names only (Region/City, UTC, Etc/GMT+5): no bare offsets, which PostgreSQL and Intl read differently. */
const ianaName = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(zone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format;
}

/** The zone's canonical IANA name, or undefined when `name` names no zone both Intl and PostgreSQL know. */
export function canonicalTimeZone(name: string): string | undefined {
  if (!ianaName.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The wall clock of `instant` in `zone`: YYYY-MM-DD and HH:mm. */
export function wallClock(instant: Date | number, zone: string): { day: string; time: string } {
  const parts: Record<string, string> = {};
  for (const { type, value } of dayFormat(zone).formatToParts(instant)) parts[type] = value;
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The calendar day (YYYY-MM-DD) it is in `zone` at `instant`. */
export function dayIn(zone: string, instant: Date | number = Date.now()): string {
  return wallClock(instant, zone).day;
}

/** An instant on the wall clock of `zone` as users read it: DD/MM/YYYY HH:mm. */
export function wallClockText(instant: Date | number, zone: string): string {
  const { day, time } = wallClock(instant, zone);
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} ${time}`;
}

const quarterHour = 15 * 60_000;
const offsets = new Map<string, number>();

/**
 * Minutes the clock of `zone` is ahead of UTC at instant `ms`. Zones change offset on a quarter hour, so one
 * reckoning serves its quarter hour: a file's 100,000 instants cost a few hundred Intl calls, not 100,000.
 */
export function zoneOffsetMinutes(zone: string, ms: number): number {
  if (zone === defaultTimeZone) return 0;
  const start = Math.floor(ms / quarterHour) * quarterHour;
  const key = `${zone} ${start}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const { day, time } = wallClock(start, zone);
    const [y, m, d] = day.split('-').map(Number);
    const [h, min] = time.split(':').map(Number);
    offset = Math.round((Date.UTC(y!, m! - 1, d!, h!, min!) - start) / 60_000);
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

let browserZone = defaultTimeZone;

/** The zone the web app works in: the server's (OPERATOR_TIME_ZONE via /config.json), never the browser's own. */
export const operatorTimeZone = (): string => browserZone;

/** Sets the web app's zone from the server's answer; a missing or unknown name leaves the spec's UTC. */
export function setOperatorTimeZone(zone: unknown): string {
  browserZone = (typeof zone === 'string' && canonicalTimeZone(zone)) || defaultTimeZone;
  return browserZone;
}
