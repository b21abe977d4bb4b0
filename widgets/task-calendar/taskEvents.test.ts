import { describe, expect, it } from 'vitest';
import { taskEvents, taskOptions, taskTimes, type Task } from './taskEvents.ts';

const task = (id: number, place: string | null, option: { _id: number; name: string; color: string }): Task => ({
  _id: id,
  name: `Tarea ${id}`,
  place: place === null ? null : { _id: id, name: place },
  area: { _id: 1, name: 'Habitaciones' },
  dateStart: '2026-11-02T07:00:00+00:00',
  dateEnd: '2026-11-02T08:00:00+00:00',
  employee: { name: 'Ana', lastName: 'Gómez' },
  taskOption: option,
  status: 'completed',
  transactions: [
    { status: 'process', createdAt: '2026-11-02T07:10:00+00:00' },
    { status: 'completed', createdAt: '2026-11-02T07:50:00+00:00' },
    { status: 'completed', createdAt: '2026-11-02T07:55:00+00:00' },
  ],
});

const lobby = { _id: 5, name: 'Aseo de lobby', color: '#9C27B0' };
const stay = { _id: 2, name: 'Limpieza de estancia', color: '#8BC34A' };

describe('task calendar entries', () => {
  it('shows each task under its place (its own name without one) in its option\'s colour', () => {
    const events = taskEvents({ data: [task(1, 'Terraza', lobby), task(2, null, stay)] });
    expect(events.map(({ id, title, color }) => ({ id, title, color }))).toEqual([
      { id: '1', title: 'Terraza', color: '#9C27B0' },
      { id: '2', title: 'Tarea 2', color: '#8BC34A' },
    ]);
    expect(taskEvents(null)).toEqual([]);
  });

  it('lists each option shown once, by name, for the legend', () => {
    expect(taskOptions({ data: [task(1, 'A', stay), task(2, 'B', lobby), task(3, 'C', stay)] })).toEqual([lobby, stay]);
  });

  it('takes the first process and completed transactions as the actual start and finish', () => {
    expect(taskTimes(task(1, 'A', lobby))).toEqual({ start: '2026-11-02T07:10:00+00:00', finish: '2026-11-02T07:50:00+00:00' });
    expect(taskTimes({ ...task(1, 'A', lobby), transactions: [] })).toEqual({ start: undefined, finish: undefined });
  });
});
