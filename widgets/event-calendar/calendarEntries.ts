import type { EventInput } from '@fullcalendar/react';
import { formatValue } from '../../core/format.ts';

/** Events in orange, space reservations in brown. */
export const entryColors = { event: '#E67E22', reservation: '#795548' } as const;

interface Place {
  _id: number;
  name: string;
}

export interface CommunityEvent {
  _id: number;
  title: string;
  place: Place | null;
  dateStart: string;
  dateEnd: string;
  description?: string | null;
}

export interface SpaceOccurrence {
  _id: number;
  occurrence: number;
  place: Place;
  user: { name: string; lastName?: string } | null;
  dateStart: string;
  dateEnd: string;
  recurrence?: string | null;
}

/** What a calendar entry stands for, kept on it for its popup. */
export type CalendarEntry = { kind: 'event'; item: CommunityEvent } | { kind: 'reservation'; item: SpaceOccurrence };

const listAt = <T,>(answer: unknown, key: 'events' | 'spaces'): T[] => {
  const list = (answer as Record<string, unknown> | null)?.[key];
  return Array.isArray(list) ? (list as T[]) : [];
};

/** The title of an event (with its place) and of a reservation (its space and client). */
export const eventTitle = (event: CommunityEvent) => [event.title, event.place?.name].filter(Boolean).join(' · ');
export const reservationTitle = (space: SpaceOccurrence) => `${space.place.name} · ${formatValue('clientName', space.user)}`;

/** The events and every occurrence of the space reservations of a /placereservation/place/detail answer. */
export function calendarEntries(answer: unknown): EventInput[] {
  const events = listAt<CommunityEvent>(answer, 'events').map((event) => ({
    id: `event-${event._id}`,
    title: eventTitle(event),
    start: event.dateStart,
    end: event.dateEnd,
    color: entryColors.event,
    extendedProps: { entry: { kind: 'event', item: event } satisfies CalendarEntry },
  }));
  const spaces = listAt<SpaceOccurrence>(answer, 'spaces').map((space) => ({
    id: `space-${space._id}-${space.occurrence}`,
    title: reservationTitle(space),
    start: space.dateStart,
    end: space.dateEnd,
    color: entryColors.reservation,
    extendedProps: { entry: { kind: 'reservation', item: space } satisfies CalendarEntry },
  }));
  return [...events, ...spaces];
}
