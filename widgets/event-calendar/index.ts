import type { WidgetModule } from '../../engine/widgets/registry.ts';
import { calendarFirstRequest } from '../shared-calendar/calendarBlock.ts';
import { eventTexts } from './texts.ts';

/** The events and space reservations calendar; its code (and FullCalendar) loads when the screen opens. */
const widget: WidgetModule = {
  id: 'event-calendar',
  title: eventTexts.title,
  load: () => import('./EventCalendar.tsx'),
  firstRequestFilters: calendarFirstRequest,
};

export default widget;
