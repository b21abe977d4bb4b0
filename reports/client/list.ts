import { defineReport } from '../../schema/defineReport.ts';

// Clients of the master service; the drawer's keyword and categories go to the server, a row opens the client detail.
export default defineReport({
  id: 'client-list',
  route: '/client/list',
  title: 'Clientes',
  menu: { group: 'Clientes', order: 1 },
  sources: {
    clients: { service: 'master', path: '/api/v1/client', paging: { mode: 'server' }, rows: 'data', total: 'total' },
  },
  filters: [
    { id: 'search', kind: 'search', label: 'Buscar' },
    { id: 'category', kind: 'multiSelect', label: 'Categoría', options: 'clientCategory' },
  ],
  blocks: [
    {
      kind: 'table',
      source: 'clients',
      pageSizes: [50, 100, 200],
      search: 'none',
      rowClick: { widget: 'client-detail', key: '_id' },
      columns: [
        { field: 'name', header: 'Nombre' },
        { field: 'lastName', header: 'Apellido' },
        { field: 'documentID', header: 'Documento' },
        { field: 'email', header: 'Correo electrónico' },
        { field: 'phone', header: 'Teléfono' },
        { field: 'nationality', header: 'Nacionalidad' },
        { field: 'category', header: 'Categoría', format: 'upper' },
        { field: 'deleted', header: 'Estado', format: 'clientState', sortField: 'status' },
        { field: 'createdAt', header: 'Registro', format: 'date' },
      ],
      export: { fileName: 'Clientes', rows: 'all' },
    },
  ],
});
