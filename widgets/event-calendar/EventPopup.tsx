import { formatValue } from '../../core/format.ts';
import { texts } from '../../engine/texts.ts';
import { EntryPopup, type EntryField } from '../shared-calendar/EntryPopup.tsx';
import { entryTimeRange } from '../shared-calendar/entryTimeRange.ts';
import { eventTitle, reservationTitle, type CalendarEntry } from './calendarEntries.ts';
import { eventTexts, eventTexts as t } from './texts.ts';

/** The fields an event (place, time, description) or a space reservation (place, client, time, recurrence) shows. */
export function entryFields(entry: CalendarEntry): EntryField[] {
  const time = { label: t.time, value: entryTimeRange(entry.item.dateStart, entry.item.dateEnd) };
  if (entry.kind === 'event') {
    const { item } = entry;
    return [
      { label: t.kind, value: eventTexts.event },
      { label: t.place, value: formatValue('text', item.place?.name) },
      time,
      { label: t.description, value: formatValue('text', item.description) },
    ];
  }
  const { item } = entry;
  return [
    { label: t.kind, value: eventTexts.reservation },
    { label: t.place, value: item.place.name },
    { label: t.client, value: formatValue('clientName', item.user) },
    time,
    { label: t.recurrence, value: t.recurrences[item.recurrence ?? 'none'] ?? formatValue('text', item.recurrence) },
  ];
}

/** An event's or a space reservation's details, under the title the calendar shows it by. */
export function EventPopup({ entry, onClose }: { entry: CalendarEntry | undefined; onClose(): void }) {
  const title = entry === undefined ? undefined : entry.kind === 'event' ? eventTitle(entry.item) : reservationTitle(entry.item);
  return <EntryPopup title={title} label={t.detail} fields={entry ? entryFields(entry) : []} onClose={onClose} />;
}
