import { formatValue } from '../../core/format.ts';
import { EntryPopup } from '../shared-calendar/EntryPopup.tsx';
import { taskTimes, type Task } from './taskEvents.ts';
import { taskTexts } from './texts.ts';

const t = taskTexts;

/** One task: its option, employee, status and planned and actual start and finish. */
export function TaskPopup({ task, onClose }: { task: Task | undefined; onClose(): void }) {
  const actual = task ? taskTimes(task) : undefined;
  const fields =
    task && actual
      ? [
          {
            label: t.option,
            value: (
              <>
                <span className="calendar-swatch" style={{ background: task.taskOption.color }} aria-hidden />
                {task.taskOption.name}
              </>
            ),
          },
          { label: t.employee, value: formatValue('fullName', task.employee) },
          { label: t.status, value: formatValue('taskStatus', task.status) },
          { label: t.area, value: task.area.name },
          { label: t.place, value: formatValue('text', task.place?.name) },
          { label: t.plannedStart, value: formatValue('dateTime', task.dateStart) },
          { label: t.plannedEnd, value: formatValue('dateTime', task.dateEnd) },
          { label: t.actualStart, value: formatValue('dateTime', actual.start) },
          { label: t.actualEnd, value: formatValue('dateTime', actual.finish) },
        ]
      : [];
  return <EntryPopup title={task ? (task.place?.name ?? task.name) : undefined} label={t.detail} fields={fields} onClose={onClose} />;
}
