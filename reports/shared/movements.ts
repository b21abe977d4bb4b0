import type { ColumnInput, FilterInput } from '../../schema/reportDefinition.ts';

/** The booking filters the order and payment reports share (server/routes/movements.ts); `createdAt` is the movement's own day. */
export const movementFilters: FilterInput[] = [
  { id: 'createdAt', kind: 'date', label: 'Creación' },
  { id: 'isVirtual', kind: 'virtualType', label: 'Tipo de reserva' },
  { id: 'status', kind: 'multiSelect', label: 'Status de la reserva', options: 'bookingStatus' },
  { id: 'user', kind: 'lookup', label: 'Cliente', lookup: 'users' },
  { id: 'place', kind: 'typologyOrRoom', label: 'Tipología o habitación' },
  { id: 'employee', kind: 'lookup', label: 'Empleado', lookup: 'employees' },
];

/** A booking's ref that opens the booking detail, and its room. */
export const bookingRefColumns: ColumnInput[] = [
  { field: 'booking.ref', header: 'Reserva', link: { widget: 'booking-detail', key: 'booking.ref' } },
  { field: 'booking.place.name', header: 'Habitación', format: 'placeName', sortField: 'place.name' },
];

/** Day filter of a movements table: one day or, with "Rango", a range of creation days. */
export const creationDayFilter: FilterInput = { id: 'createdAt', kind: 'date', label: 'Fecha de creación' };

/** App (the client's mobile app) or desktop (the back office), from `by_client_app`. */
export const channelColumn: ColumnInput = {
  header: 'Canal', value: "datum.by_client_app ? 'App' : 'Escritorio'", sortField: 'by_client_app',
};
