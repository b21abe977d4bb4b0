import type { WidgetModule } from '../../engine/widgets/registry.ts';
import { calendarFirstRequest } from '../shared-calendar/calendarBlock.ts';
import { taskTexts } from './texts.ts';

/** The housekeeping tasks calendar; its code (and FullCalendar) loads when the screen opens. */
const widget: WidgetModule = {
  id: 'task-calendar',
  title: taskTexts.title,
  load: () => import('./TaskCalendar.tsx'),
  firstRequestFilters: calendarFirstRequest,
};

export default widget;
