import { defineReport } from '../../schema/defineReport.ts';

// One screen per review type (/review/community … /review/task), each in the sidebar.
export default defineReport({
  id: 'review-by-type',
  route: '/review/:type',
  title: 'Reseñas',
  menu: { group: 'Reseñas', order: 1 },
  routeParams: {
    type: [
      { value: 'community', label: 'Comunidad' },
      { value: 'employee', label: 'Empleados' },
      { value: 'product', label: 'Productos' },
      { value: 'service', label: 'Servicios' },
      { value: 'task', label: 'Tareas' },
    ],
  },
  sources: {
    reviews: {
      path: '/api/v1/review/paginate/{type}',
      paging: { mode: 'server', style: 'laravel' },
      rows: 'data',
      total: 'links.pagination.total',
    },
    // The export call: every review of the filtered days, in the table's sort.
    allReviews: { path: '/api/v1/review/{type}', paging: { mode: 'server', style: 'laravel' }, rows: 'data', total: 'total' },
  },
  filters: [
    { id: 'dateStart', kind: 'date', label: 'Fecha inicial', range: 'never', default: 'currentMonth' },
    { id: 'dateEnd', kind: 'date', label: 'Fecha final', range: 'never', default: 'currentMonth', defaultDay: 'last' },
  ],
  filterRules: [
    {
      rule: 'startNotAfterEnd',
      filters: ['dateStart', 'dateEnd'],
      title: 'Fechas',
      message: 'La fecha inicial no puede ser posterior a la final.',
    },
  ],
  blocks: [
    {
      kind: 'table',
      source: 'reviews',
      pageSizes: [50, 100, 200],
      search: 'none',
      defaultSort: { field: 'createdAt', desc: true },
      columns: [
        { field: 'relatedData', header: 'Datos relacionados' },
        { field: 'user', header: 'Usuario', format: 'fullName', sortField: 'user.name' },
        { field: 'createdAt', header: 'Fecha', format: 'dateTime' },
      ],
      expand: {
        rows: 'values',
        columns: [
          { field: 'name', header: 'Criterio' },
          { field: 'value', header: 'Valor', format: 'integer' },
        ],
      },
      export: {
        fileName: 'Reseñas',
        source: 'allReviews',
        // Each review's scores (the rows it expands to) go into the file and print, a line per criterion.
        lines: {
          rows: 'values',
          columns: [
            { field: 'name', header: 'Criterio' },
            { field: 'value', header: 'Valor', format: 'integer' },
          ],
        },
      },
    },
  ],
});
