import { Button, Spinner } from '@blueprintjs/core';
import FullCalendar, { type CalendarRef, type DatesSetInfo, type EventApi, type EventDisplayInfo, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import esLocale from '@fullcalendar/react/locales/es';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useSource } from '../../engine/data/useSource.ts';
import { useTableTarget } from '../../engine/keyboard/tableTargets.ts';
import type { DayRange } from '../../core/filters/dates.ts';
import { readableTextColor } from '../../core/readableTextColor.ts';
import { usePrintingState } from '../../engine/print/usePrinting.ts';
import { BlockError } from '../../engine/report/BlockError.tsx';
import { useReport } from '../../engine/report/ReportContext.tsx';
import { texts } from '../../engine/texts.ts';
import './calendar.css';
import { CalendarPrintHeader } from './CalendarPrintHeader.tsx';
import { onOperatorClock, operatorNow } from './operatorClock.ts';
import { daysFilter } from './calendarBlock.ts';
import { calendarTexts } from './texts.ts';
import { calendarGrid, calendarViews, type CalendarPosition, type CalendarViewTypes, hasCalendarPosition, positionOf, readCalendarPosition, shownDays, visibleDays, writeCalendarPosition } from './calendarUrl.ts';

export interface ReportCalendarProps {
  /** The report source fetched for the days shown and the applied filters. */
  source: string;
  /** The hidden date filter of the definition that carries the days shown to the request. */
  rangeFilter: string;
  /** The calendar entries of an answer. */
  toEvents(answer: unknown): EventInput[];
  /** A click on an entry, or Enter on it. */
  onEventClick?(event: EventApi): void;
  /** Buttons beside Imprimir (a legend), given the answer shown. */
  actions?(answer: unknown): ReactNode;
  /** The FullCalendar view drawn for the month, the week and the day (time grids unless told). */
  views?: CalendarViewTypes;
}

const plugins = [dayGridPlugin, timeGridPlugin, listPlugin, classicTheme];
const toolbarOf = (views: CalendarViewTypes) => ({ start: 'prev,next today', center: 'title', end: `${views.month},${views.week},${views.day}` });
// A month's six weeks are tall enough for four entries a day before "+N más" (its popover lists the day); the week and
// day keep the spec's 600. Lists name their buttons as the grids'.
const heights = { month: 860, week: 600, day: 600 } as const;
const buttons = { listWeek: { text: calendarTexts.week }, listDay: { text: calendarTexts.day } };
const timeFormat = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const printingClass = 'mirador-printing-calendar';

/** An entry: its time range, then its title (which wraps in the week and day views), in a colour legible on the entry's. */
const entryContent = (info: EventDisplayInfo) => (
  // Black or white, whichever reads on the entry's colour (task colours come from the data); a list's line is the page's.
  <div className={info.view.type.startsWith('timeGrid') ? 'calendar-event calendar-event-stacked' : 'calendar-event'} style={{ color: info.color && !info.view.type.startsWith('list') ? readableTextColor(info.color) : undefined }}>
    <span className="calendar-event-time">{info.timeText}</span> <span className="calendar-event-title">{info.event.title}</span>
  </div>
);

const sameRange = (a: DayRange, b: DayRange) => a.from === b.from && a.to === b.to;

/**
 * A report's calendar (FullCalendar, Spanish, UTC, height 600): month, week and day views whose
 * position lives in the URL, fetching the source for the days shown only, printable with the
 * report title and filters on top.
 */
export function ReportCalendar({ source, rangeFilter, toEvents, onEventClick, actions, views = calendarViews }: ReportCalendarProps) {
  const report = useReport();
  const calendar = useRef<CalendarRef>(null);
  const block = useRef<HTMLDivElement>(null);
  const position = readCalendarPosition(report.searchParams, report.today);
  // Where the calendar opened: FullCalendar's initial view and date, given unchanged as the URL moves (it follows
  // the URL through the effect below). The days shown, known before FullCalendar draws (the request the start-up sent
  // for them is read at once), then as FullCalendar reports them.
  const [first] = useState(position);
  const [range, setRange] = useState<DayRange>(() => shownDays(first));
  const [shown, setShown] = useState<CalendarPosition & { end: string }>();
  const [printedAt, setPrintedAt] = useState(() => new Date());
  // Printed, a list is as long as its entries (on screen it scrolls within the calendar's height).
  const [printing, setPrinting] = usePrintingState();
  const view = shown?.view ?? first.view;

  // The days shown reach the request through the definition's hidden date filter.
  const filters = useMemo(() => ({ ...report.filters, ...daysFilter(rangeFilter, range) }), [range, rangeFilter, report.filters]);
  const answer = useSource(report.definition, source, { filters, routeParams: report.routeParams, keepPrevious: true });
  const events = useMemo(() => (answer.answer === undefined ? [] : toEvents(answer.answer).map(onOperatorClock)), [answer.answer, toEvents]);

  // The URL moved (back, forward, a link): the calendar follows.
  useEffect(() => {
    const api = calendar.current?.getApi();
    if (!api) return;
    const { view } = api;
    const shown = positionOf(view.type, view.currentStart, views);
    const inside = position.date >= shown.date && position.date < view.currentEnd.toISOString().slice(0, 10);
    if (shown.view !== position.view || !inside) api.changeView(views[position.view], position.date);
  }, [position.view, position.date, views]);

  const onDatesSet = useCallback((info: DatesSetInfo) => {
    const days = visibleDays(info.start, info.end);
    setRange((previous) => (sameRange(previous, days) ? previous : days));
    const position = positionOf(info.view.type, info.view.currentStart, views);
    const end = info.view.currentEnd.toISOString().slice(0, 10);
    setShown((previous) => (previous?.view === position.view && previous.date === position.date ? previous : { ...position, end }));
  }, [views]);
  const toolbar = useMemo(() => toolbarOf(views), [views]);
  // The latest click handler, behind one function: FullCalendar is given the same props again as the page redraws (a
  // changed handler makes it lay every entry out again: over 100 ms with thousands of tasks).
  const clickHandler = useRef(onEventClick);
  useLayoutEffect(() => void (clickHandler.current = onEventClick));
  const eventClick = useCallback((info: { event: EventApi }) => clickHandler.current?.(info.event), []);

  // What the calendar shows goes to the URL once it has rendered (the router navigates in effects only).
  useEffect(() => {
    if (!shown) return;
    const linked = hasCalendarPosition(report.searchParams);
    if (linked && position.view === shown.view && position.date === shown.date) return;
    // A URL naming no position, or a day inside the one shown, is rewritten in place; moving around adds history.
    const same = !linked || (position.view === shown.view && position.date >= shown.date && position.date < shown.end);
    report.updateSearchParams((params) => writeCalendarPosition(params, shown), { replace: same });
    // Only a move of the calendar writes; the URL moving is the effect above.
  }, [shown]);

  const print = () => {
    flushSync(() => {
      setPrintedAt(new Date());
      setPrinting(true);
    });
    document.body.classList.add(printingClass);
    window.addEventListener('afterprint', () => document.body.classList.remove(printingClass), { once: true });
    window.print();
  };
  // The page's `p` prints the calendar as its Imprimir button does (it has no search and no Excel).
  useTableTarget({ element: block, focusSearch: () => false, print });

  return (
    <div className="report-calendar" ref={block}>
      <div className="calendar-actions">
        {answer.isFetching ? <Spinner size={16} aria-label={calendarTexts.loading} /> : null}
        {actions?.(answer.answer)}
        <Button icon="print" text={calendarTexts.print} onClick={print} />
      </div>
      {answer.error && answer.answer === undefined ? <BlockError onRetry={answer.retry} /> : null}
      <CalendarPrintHeader printedAt={printedAt} range={range} />
      <FullCalendar
        ref={calendar}
        plugins={plugins}
        locale={esLocale}
        timedText={calendarTexts.timed}
        viewHint={calendarTexts.viewHint}
        todayHint={calendarTexts.todayHint}
        // FullCalendar reads named zones only with a plugin: in UTC, it is given the operator's wall clock.
        timeZone="UTC"
        now={operatorNow}
        {...calendarGrid}
        initialView={views[first.view]}
        initialDate={first.date}
        headerToolbar={toolbar}
        height={printing && views[view].startsWith('list') ? 'auto' : heights[view]}
        events={events}
        eventDisplay="block"
        displayEventEnd
        eventTimeFormat={timeFormat}
        allDaySlot={false}
        slotEventOverlap={false}
        // Side by side, at most two entries share a time-grid day (the rest behind "+N más"), each wide enough for its title.
        eventMaxStack={2}
        dayMaxEvents
        buttons={buttons}
        datesSet={onDatesSet}
        {...(onEventClick ? { eventClick } : {})}
        eventContent={entryContent}
      />
    </div>
  );
}
