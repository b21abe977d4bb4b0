import { defineReport } from '../../schema/defineReport.ts';
import type { ColumnInput } from '../../schema/reportDefinition.ts';
import { periodFilter } from '../shared/periodFilter.ts';

const lodgingIncome = 'ingreso por alojamiento del periodo (Σ tarifas por noche de las reservas confirmadas, en check in o check out, no virtuales)';

// A room's bookings: the rows it expands to on screen, and its lines in the file and print.
const roomBookings: ColumnInput[] = [
  { field: 'ref', header: 'REF' },
  { field: 'wayContactName', header: 'Contacto', format: 'contactName' },
  { field: 'dateStart', header: 'Check-in', format: 'date' },
  { field: 'dateEnd', header: 'Check-out', format: 'date' },
  { field: 'user', header: 'Cliente', format: 'clientName' },
  { field: 'status', header: 'Status', format: 'bookingStatus' },
  { field: 'nightsInPeriod', header: 'Noches en el periodo', format: 'integer' },
  {
    field: 'totalInPeriod',
    header: 'Ventas en el periodo',
    format: 'money',
    help: 'Ventas en el periodo = Σ tarifas por noche de la reserva en las noches del periodo',
  },
];

// Sales of the period by typology (one tab each) and room, each room expandable to its bookings.
export default defineReport({
  id: 'general-comercial',
  route: '/general/comercial',
  title: 'Comercial',
  menu: { group: 'General', order: 5 },
  sources: {
    // The screen asks the typologies and rooms with their totals; a room's bookings are asked when it is opened, and
    // the file and print (a line per booking) ask the whole answer.
    comercial: { path: '/api/v1/report/booking/comercial', screenParams: { bookings: 'none' } },
    roomBookings: { path: '/api/v1/report/booking/comercial' },
  },
  filters: [periodFilter],
  blocks: [
    {
      kind: 'cards',
      source: 'comercial',
      cards: [{ label: 'Total general', field: 'total', format: 'money', help: `Total general = Σ ventas de las tipologías = ${lodgingIncome}` }],
    },
    {
      kind: 'tabs',
      fromData: {
        source: 'comercial',
        rows: 'data',
        title: 'name',
        blocks: [
          {
            kind: 'cards',
            source: 'comercial',
            cards: [
              {
                label: 'Total tipología',
                field: 'totalByTypology',
                format: 'money',
                help: 'Total tipología = Σ ventas de sus habitaciones',
              },
            ],
          },
          {
            kind: 'table',
            source: 'comercial',
            rows: 'rooms',
            rowKey: '_id',
            columns: [
              { field: 'name', header: 'Habitación' },
              { field: 'totalSales', header: 'Ventas', format: 'money', total: 'sum', help: `Ventas de una habitación = ${lodgingIncome}` },
            ],
            expand: {
              source: 'roomBookings',
              params: { place: '_id' },
              rows: 'data',
              rowClick: { widget: 'booking-detail', key: 'ref' },
              columns: roomBookings,
            },
            export: {
              fileName: 'Ocupacion',
              // One file of every typology, named in a first column, with the overall total.
              allTabs: { header: 'Tipología' },
              // Each room's bookings (the rows it expands to) go into the file and print, a line each.
              lines: {
                rows: 'bookings',
                columns: roomBookings,
              },
            },
          },
        ],
      },
    },
  ],
});
