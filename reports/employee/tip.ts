import { defineReport } from '../../schema/defineReport.ts';

// Tips of the chosen days, one row each, and the same tips totalled per employee.
export default defineReport({
  id: 'employee-tip',
  route: '/employee/tip',
  title: 'Propinas',
  menu: { group: 'Empleados', order: 1, requires: 'tips' },
  sources: {
    tips: {
      path: '/api/v1/employee/tip',
      paging: { mode: 'server', style: 'laravel' },
      rows: 'data',
      total: 'links.pagination.total',
    },
    byEmployee: { path: '/api/v1/employee/tip/group', rows: 'data' },
  },
  filters: [
    {
      id: 'period',
      kind: 'date',
      label: 'Fecha',
      param: { from: 'dateStart', to: 'dateEnd' },
      default: 'today',
    },
  ],
  blocks: [
    {
      kind: 'table',
      title: 'Propinas',
      source: 'tips',
      pageSizes: [50, 100, 200],
      search: 'server',
      columns: [
        { field: 'employee', header: 'Empleado', format: 'fullName', sortField: 'employee.name' },
        { field: 'email', header: 'Email' },
        { field: 'amount', header: 'Propina', format: 'money', sortField: 'tipAmount' },
        { field: 'note', header: 'Nota' },
        { field: 'createdAt', header: 'Fecha', format: 'dateTime' },
      ],
      export: { fileName: 'Propinas' },
    },
    {
      kind: 'table',
      title: 'Consolidado por empleado',
      source: 'byEmployee',
      search: 'client',
      columns: [
        { field: 'employee', header: 'Empleado', format: 'fullName' },
        { field: 'email', header: 'Email' },
        { field: 'count', header: 'Propinas', format: 'integer', total: 'sum', help: 'Propinas = número de propinas del empleado en el periodo' },
        { field: 'amount', header: 'Total', format: 'money', total: 'sum', help: 'Total de propinas = Σ propinas del empleado en el periodo' },
      ],
      export: { fileName: 'Propinas por empleado' },
    },
  ],
});
