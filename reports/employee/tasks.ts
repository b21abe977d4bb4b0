import { defineReport } from '../../schema/defineReport.ts';

const toStart = 'Minutos para iniciar = inicio (primera transacción en proceso) − inicio planeado, promedio de las tareas no canceladas';
const toFinish = 'Minutos para finalizar = fin (primera transacción completada) − inicio, promedio de las tareas no canceladas';

// Times of the housekeeping tasks planned on the chosen days: per task, then per employee.
export default defineReport({
  id: 'employee-tasks',
  route: '/employee/tasks',
  title: 'KPI de tareas',
  menu: { group: 'Empleados', order: 2 },
  sources: {
    duration: { path: '/api/v1/report/task/duration', rows: 'data' },
  },
  filters: [
    { id: 'area', kind: 'lookup', label: 'Área', lookup: 'areas', multiple: false },
    {
      id: 'period',
      kind: 'date',
      label: 'Fecha',
      range: 'always',
      param: { from: 'dateStart', to: 'dateEnd' },
      default: 'currentMonth',
    },
  ],
  blocks: [
    {
      kind: 'cards',
      source: 'duration',
      cards: [
        { label: 'Tareas', field: 'total', format: 'integer', help: 'Tareas = tareas planeadas en los días elegidos, canceladas incluidas' },
        { label: 'Tareas canceladas', field: 'canceled', format: 'integer', help: 'Tareas canceladas = tareas planeadas en los días elegidos con estado cancelada' },
      ],
    },
    {
      kind: 'table',
      title: 'Tiempos por tarea',
      source: 'duration',
      search: 'client',
      columns: [
        { field: 'taskOption.name', header: 'Tarea' },
        { field: 'tasks', header: 'Tareas', format: 'integer', total: 'sum' },
        { field: 'started', header: 'Iniciadas', format: 'integer', total: 'sum' },
        { field: 'finished', header: 'Finalizadas', format: 'integer', total: 'sum' },
        { field: 'averageMinutesToStart', header: 'Promedio para iniciar', format: 'minutes', help: toStart },
        { field: 'averageMinutesToFinish', header: 'Promedio para finalizar', format: 'minutes', help: toFinish },
      ],
      expand: {
        rows: 'employees',
        columns: [
          { field: 'employee', header: 'Empleado', format: 'fullName' },
          { field: 'tasks', header: 'Tareas', format: 'integer' },
          { field: 'started', header: 'Iniciadas', format: 'integer' },
          { field: 'finished', header: 'Finalizadas', format: 'integer' },
          { field: 'averageMinutesToStart', header: 'Promedio para iniciar', format: 'minutes', help: toStart },
          { field: 'averageMinutesToFinish', header: 'Promedio para finalizar', format: 'minutes', help: toFinish },
        ],
      },
      export: {
        fileName: 'KPI de tareas',
        // The rows a task expands to go into the file and print: one line per employee under each task.
        lines: {
          rows: 'employees',
          columns: [
            { field: 'employee', header: 'Empleado', format: 'fullName' },
            { field: 'tasks', header: 'Tareas del empleado', format: 'integer' },
            { field: 'started', header: 'Iniciadas por el empleado', format: 'integer' },
            { field: 'finished', header: 'Finalizadas por el empleado', format: 'integer' },
            { field: 'averageMinutesToStart', header: 'Promedio para iniciar del empleado', format: 'minutes', help: toStart },
            { field: 'averageMinutesToFinish', header: 'Promedio para finalizar del empleado', format: 'minutes', help: toFinish },
          ],
        },
      },
    },
  ],
});
