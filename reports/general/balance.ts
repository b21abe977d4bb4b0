import { defineReport } from '../../schema/defineReport.ts';
import { bookingColumns } from '../shared/bookingColumns.ts';

// Guests in house and what they owe; the route map names it under General and under Gerencia.
export default defineReport({
  id: 'general-balance',
  route: '/general/balance',
  title: 'Saldos activos',
  menu: { group: 'General', order: 8 },
  alsoAt: [{ route: '/gerencia/balance', menu: { group: 'Gerencia', order: 4 } }],
  sources: {
    balances: { path: '/api/v1/report/booking/activeBalances', rows: 'data' },
  },
  blocks: [
    {
      kind: 'cards',
      source: 'balances',
      cards: [
        {
          label: 'Total saldos',
          field: 'totalAllBalances',
          format: 'money',
          help: 'Total saldos = Σ saldo de las reservas en check in no virtuales (positivo: deben los huéspedes)',
        },
      ],
    },
    {
      kind: 'table',
      source: 'balances',
      search: 'client',
      defaultSort: { field: 'typology.name', desc: false },
      rowClick: { widget: 'booking-detail', key: 'ref' },
      balanceColors: { negative: '#1C6E42', positive: '#AC2F33' },
      columns: [
        // Every row is checked in: no status column; no contact, so the three balances fit the screen.
        ...bookingColumns.filter((column) => column.field !== 'status' && column.field !== 'wayContactName'),
        {
          field: 'hostBalance',
          header: 'Saldo hospedaje',
          format: 'balance',
          total: 'sum',
          help: 'Saldo hospedaje = Σ tarifas por noche − pagos de hospedaje',
        },
        {
          field: 'extraBalance',
          header: 'Saldo extra',
          format: 'balance',
          total: 'sum',
          help: 'Saldo extra = Σ órdenes que no son de hospedaje − pagos que no son de hospedaje',
        },
        {
          field: 'balance',
          header: 'Saldo',
          format: 'balance',
          total: 'sum',
          help: 'Saldo (faltante) = saldo hospedaje + saldo extra; rojo: debe el huésped, verde: a su favor',
        },
      ],
      export: { fileName: 'Saldos activos' },
    },
  ],
});
