import { defineReport } from '../../schema/defineReport.ts';

// The master service's leads: people who asked about a stay, newest first, searched on the server.
export default defineReport({
  id: 'general-leads',
  route: '/general/leads',
  title: 'Leads',
  menu: { group: 'General', order: 1 },
  sources: {
    leads: { service: 'master', path: '/api/v1/lead/table', paging: { mode: 'server' }, rows: 'data', total: 'total' },
  },
  blocks: [
    {
      kind: 'table',
      source: 'leads',
      pageSizes: [50, 100, 200],
      search: 'server',
      defaultSort: { field: 'createdAt', desc: true },
      columns: [
        { field: 'name', header: 'Nombre' },
        { field: 'lastName', header: 'Apellido' },
        { field: 'email', header: 'Correo electrónico' },
        { field: 'phone', header: 'Teléfono' },
        { field: 'source', header: 'Fuente' },
        { field: 'interest', header: 'Interés' },
        { field: 'message', header: 'Mensaje', sortable: false },
        { field: 'status', header: 'Estado', format: 'upper' },
        { field: 'createdAt', header: 'Fecha', format: 'date' },
      ],
      export: { fileName: 'Leads', rows: 'all' },
    },
  ],
});
