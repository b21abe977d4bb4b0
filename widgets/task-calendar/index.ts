import { texts } from '../../engine/texts.ts';
import type { WidgetModule } from '../../engine/widgets/registry.ts';

/** The housekeeping tasks calendar; its code (and FullCalendar) loads when the screen opens. */
const widget: WidgetModule = {
  id: 'task-calendar',
  title: texts.calendar.tasks.title,
  load: () => import('./TaskCalendar.tsx'),
};

export default widget;
