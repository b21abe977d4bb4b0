import { defineReport } from '../../schema/defineReport.ts';

// Two tabs, each with its own date: a source sends only the filters it lists.
export default defineReport({
  id: 'app-use-time',
  route: '/useTime',
  title: 'Uso de la app',
  menu: { group: 'App', order: 1 },
  sources: {
    users: { service: 'master', path: '/api/v1/use/time/resume/fetch', rows: 'data', filters: ['date'] },
    days: { service: 'master', path: '/api/v1/use/time/resume/group/fetch', rows: 'data', filters: ['days'] },
  },
  filters: [
    { id: 'date', kind: 'date', label: 'Día (Usuarios)', range: 'never', default: 'yesterday', maxToday: true },
    {
      id: 'days',
      kind: 'date',
      label: 'Periodo (Días)',
      range: 'always',
      param: { from: 'dateStart', to: 'dateEnd' },
      default: 'currentWeek',
      swapReversed: true,
    },
  ],
  filterRules: [{ rule: 'notAfterToday', filters: ['date'], message: 'La fecha no puede ser posterior a hoy.' }],
  blocks: [
    {
      kind: 'tabs',
      tabs: [
        {
          title: 'Usuarios',
          blocks: [
            {
              kind: 'table',
              source: 'users',
              pageSizes: [50, 100, 200],
              columns: [
                { field: 'user', header: 'Usuario', format: 'fullName' },
                { field: 'user.email', header: 'Email' },
                // The seconds, shown as hours: the total sums the exact seconds and rounds once, as Días' "Horas totales".
                { field: 'time', header: 'Horas', format: 'hours', total: 'sum', help: 'Horas = segundos en la app ese día / 3600, dos decimales' },
              ],
              export: { fileName: 'Uso de la app por usuario' },
            },
          ],
        },
        {
          title: 'Días',
          blocks: [
            {
              kind: 'table',
              source: 'days',
              width: 'half',
              rowKey: '_id',
              columns: [
                { field: '_id', header: 'Día', format: 'date' },
                { field: 'count', header: 'Usuarios', format: 'integer', help: 'Usuarios = usuarios con uso ese día' },
                { field: 'total', header: 'Horas totales', format: 'hours', help: 'Horas totales = segundos de todos los usuarios ese día / 3600' },
                {
                  field: 'average',
                  header: 'Promedio de horas',
                  format: 'decimal',
                  help: 'Promedio de horas = segundos de todos los usuarios del día / usuarios con uso / 3600 (0 sin uso)',
                },
              ],
              export: { fileName: 'Uso de la app por día' },
            },
            {
              kind: 'chart',
              source: 'days',
              width: 'half',
              chart: 'bar',
              category: '_id',
              categoryFormat: 'date',
              value: 'average',
              format: 'decimal',
              categoryLabel: 'Día',
              valueLabel: 'Promedio de horas por usuario',
              help: 'Promedio de horas = segundos de todos los usuarios del día / usuarios con uso / 3600 (0 sin uso)',
            },
          ],
        },
      ],
    },
  ],
});
