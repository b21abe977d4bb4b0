import type { EventApi } from '@fullcalendar/react';
import { useState } from 'react';
import type { WidgetProps } from '../../engine/widgets/registry.ts';
import { calendarBlock } from '../shared-calendar/calendarBlock.ts';
import { ReportCalendar } from '../shared-calendar/ReportCalendar.tsx';
import { calendarEntries, entryColors, type CalendarEntry } from './calendarEntries.ts';
import { EventPopup } from './EventPopup.tsx';
import { eventTexts } from './texts.ts';

const t = eventTexts;

const legend = () => (
  <ul className="calendar-legend calendar-legend-inline" aria-label={t.legend}>
    <li>
      <span className="calendar-swatch" style={{ background: entryColors.event }} aria-hidden />
      {t.event}
    </li>
    <li>
      <span className="calendar-swatch" style={{ background: entryColors.reservation }} aria-hidden />
      {t.reservation}
    </li>
  </ul>
);

/** Community events and space reservations (each date a series recurs on) on a calendar, with a popup per entry. */
export default function EventCalendar(props: WidgetProps) {
  const [entry, setEntry] = useState<CalendarEntry>();
  return (
    <>
      <ReportCalendar
        {...calendarBlock(props)}
        toEvents={calendarEntries}
        onEventClick={(event: EventApi) => setEntry(event.extendedProps.entry as CalendarEntry)}
        actions={legend}
      />
      <EventPopup entry={entry} onClose={() => setEntry(undefined)} />
    </>
  );
}
