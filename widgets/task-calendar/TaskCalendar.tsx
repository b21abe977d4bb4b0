import type { EventApi } from '@fullcalendar/react';
import { useState } from 'react';
import type { WidgetProps } from '../../engine/widgets/registry.ts';
import { calendarBlock } from '../shared-calendar/calendarBlock.ts';
import { listViews } from '../shared-calendar/calendarUrl.ts';
import { ReportCalendar } from '../shared-calendar/ReportCalendar.tsx';
import { taskEvents, type Task } from './taskEvents.ts';
import { TaskLegend } from './TaskLegend.tsx';
import { TaskPopup } from './TaskPopup.tsx';

const legend = (answer: unknown) => <TaskLegend answer={answer} />;

/** Housekeeping tasks on a calendar (week and day as lists), in their option's colour, with a legend and a popup per task. */
export default function TaskCalendar(props: WidgetProps) {
  const [task, setTask] = useState<Task>();
  return (
    <>
      <ReportCalendar
        {...calendarBlock(props)}
        toEvents={taskEvents}
        onEventClick={(event: EventApi) => setTask(event.extendedProps.task as Task)}
        actions={legend}
        // Dozens of tasks a day overlap: week and day list them, each on a full-width line with its place.
        views={listViews}
      />
      <TaskPopup task={task} onClose={() => setTask(undefined)} />
    </>
  );
}
