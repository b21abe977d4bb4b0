import { defineReport } from '../../schema/defineReport.ts';

/** A parameterised route: one sidebar entry per review type. */
export default defineReport({
  id: 'review',
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
  sources: { reviews: { path: '/api/v1/review/paginate/{type}' } },
  blocks: [{ kind: 'table', source: 'reviews', columns: [{ field: 'createdAt', header: 'Fecha', format: 'date' }] }],
});
