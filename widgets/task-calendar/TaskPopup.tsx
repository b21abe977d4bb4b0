import { Classes, Dialog } from '@blueprintjs/core';
import { formatValue } from '../../engine/core/format.ts';
import { texts } from '../../engine/texts.ts';
import { taskTimes, type Task } from './taskEvents.ts';

const t = texts.calendar.tasks;

/** One task: its option, employee, status and planned and actual start and finish. */
export function TaskPopup({ task, onClose }: { task: Task | undefined; onClose(): void }) {
  const actual = task ? taskTimes(task) : undefined;
  return (
    <Dialog isOpen={task !== undefined} onClose={onClose} title={task?.place?.name ?? task?.name ?? t.detail}>
      {task && actual ? (
        <div className={Classes.DIALOG_BODY}>
          <dl className="calendar-fields" aria-label={t.detail}>
            <dt>{t.option}</dt>
            <dd>
              <span className="calendar-swatch" style={{ background: task.taskOption.color }} aria-hidden />
              {task.taskOption.name}
            </dd>
            <dt>{t.employee}</dt>
            <dd>{formatValue('fullName', task.employee)}</dd>
            <dt>{t.status}</dt>
            <dd>{formatValue('taskStatus', task.status)}</dd>
            <dt>{t.area}</dt>
            <dd>{task.area.name}</dd>
            <dt>{t.place}</dt>
            <dd>{formatValue('text', task.place?.name)}</dd>
            <dt>{t.plannedStart}</dt>
            <dd>{formatValue('dateTime', task.dateStart)}</dd>
            <dt>{t.plannedEnd}</dt>
            <dd>{formatValue('dateTime', task.dateEnd)}</dd>
            <dt>{t.actualStart}</dt>
            <dd>{formatValue('dateTime', actual.start)}</dd>
            <dt>{t.actualEnd}</dt>
            <dd>{formatValue('dateTime', actual.finish)}</dd>
          </dl>
        </div>
      ) : null}
    </Dialog>
  );
}
