import { defineReport } from '../../schema/defineReport.ts';
import { calendarDaysFilter, calendarOptions } from '../shared/calendarDays.ts';

// Housekeeping tasks on a calendar (month, week, day): each under its place, in its task
// option's colour, with a legend and a popup (option, employee, status, planned and actual times).
export default defineReport({
  id: 'hk-task',
  route: '/hk/task',
  title: 'Tareas de housekeeping',
  menu: { group: 'Housekeeping', order: 1 },
  sources: {
    tasks: {
      path: '/api/v1/report/task',
      rows: 'data',
    },
  },
  filters: [
    {
      id: 'area',
      kind: 'lookup',
      lookup: 'areas',
      label: 'Área',
      multiple: false,
      allLabel: 'Todas',
      // On the page, above the calendar: one choice shows that area.
      inline: true,
    },
    calendarDaysFilter,
  ],
  blocks: [
    {
      kind: 'widget',
      widget: 'task-calendar',
      source: 'tasks',
      options: calendarOptions,
    },
  ],
});
