import { HttpError } from '../http/HttpError.ts';
import { messages } from '../messages.ts';

/** The longest period (in nights) a period report answers: about three years of days. */
export const maxPeriodDays = 1100;

export interface Period {
  /** First night, YYYY-MM-DD. */
  from: string;
  /** Last night, YYYY-MM-DD (inclusive). */
  to: string;
}

const dayMs = 86_400_000;
const utcMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The number of nights from `from` to `to`, both included. */
export const periodDays = (p: Period) => Math.round((utcMs(p.to) - utcMs(p.from)) / dayMs) + 1;

/** The calendar month holding `day`: its first and last days. */
export function monthOf(day: string): Period {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  return { from: `${day.slice(0, 7)}-01`, to: last };
}

/**
 * The period a report asks for: each missing bound from the month of the other (or of `today`);
 * a reversed or overlong period is a 400 with a Spanish message.
 */
export function resolvePeriod(from: string | undefined, to: string | undefined, today: string, toName = 'dateEnd'): Period {
  const period = { from: from ?? monthOf(to ?? today).from, to: to ?? monthOf(from ?? today).to };
  if (period.from > period.to) throw new HttpError(400, messages.invalidParameter(toName, messages.periodReversed));
  if (periodDays(period) > maxPeriodDays) {
    throw new HttpError(400, messages.invalidParameter(toName, messages.periodTooLong(maxPeriodDays)));
  }
  return period;
}
