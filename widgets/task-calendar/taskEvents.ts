import type { EventInput } from '@fullcalendar/react';

interface Named {
  _id: number | string;
  name: string;
}

/** A task as /api/v1/report/task answers it. */
export interface Task extends Named {
  place: Named | null;
  area: Named;
  dateStart: string;
  dateEnd: string;
  employee: { name: string; lastName?: string } | null;
  taskOption: Named & { color: string };
  status: string;
  transactions: Array<{ status: string; createdAt: string }>;
}

export const tasksOf = (answer: unknown): Task[] => {
  const data = (answer as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as Task[]) : [];
};

/** Each task under its place's name (the task's own name when it has no place), in its option's colour. */
export function taskEvents(answer: unknown): EventInput[] {
  return tasksOf(answer).map((task) => ({
    id: String(task._id),
    title: task.place?.name ?? task.name,
    start: task.dateStart,
    end: task.dateEnd,
    color: task.taskOption.color,
    extendedProps: { task },
  }));
}

/** The task options of the tasks shown, by name: the legend. */
export function taskOptions(answer: unknown): Array<Task['taskOption']> {
  const byId = new Map(tasksOf(answer).map((task) => [task.taskOption._id, task.taskOption]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/** Actual start and finish: the first `process` and the first `completed` transaction. */
export function taskTimes(task: Task): { start: string | undefined; finish: string | undefined } {
  const first = (status: string) => task.transactions.find((t) => t.status === status)?.createdAt;
  return { start: first('process'), finish: first('completed') };
}
