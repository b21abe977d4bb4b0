import { wallClockText } from '../../core/timeZone.ts';
import { texts } from '../texts.ts';
import type { Schedule } from './useSubscriptions.ts';

const t = texts.subscriptions;

/** 0 … 23 as the hour list shows it: "08:00". */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** "lunes", "lunes y jueves", "lunes, miércoles y viernes". */
export function joinSpanish(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${t.and} ${words.at(-1)!}`;
}

/** The schedule as a person reads it: "Diaria a las 07:00", "Cada lunes y jueves a las 08:00", "El día 1 de cada mes a las 09:00". */
export function scheduleSentence(schedule: Schedule): string {
  const hour = hourText(schedule.hour);
  switch (schedule.frequency) {
    case 'daily':
      return t.dailyAt(hour);
    case 'weekly': {
      const days = [...new Set(schedule.weekdays ?? [])].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
      return t.weeklyAt(joinSpanish(days.map((d) => t.weekdaysLower[d - 1]!)), hour);
    }
    case 'monthly':
      return t.monthlyAt(schedule.monthDay ?? 1, hour);
  }
}

/** An ISO instant on the operator's clock: DD/MM/YYYY HH:mm. */
export function instantText(iso: string, zone: string): string {
  return wallClockText(new Date(iso), zone);
}
