import { texts } from '../../engine/texts.ts';
import type { WidgetModule } from '../../engine/widgets/registry.ts';
import { calendarFirstRequest } from '../shared-calendar/calendarBlock.ts';

/** The housekeeping tasks calendar; its code (and FullCalendar) loads when the screen opens. */
const widget: WidgetModule = {
  id: 'task-calendar',
  title: texts.calendar.tasks.title,
  load: () => import('./TaskCalendar.tsx'),
  firstRequestFilters: calendarFirstRequest,
};

export default widget;
