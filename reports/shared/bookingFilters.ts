import type { FilterInput } from '../../schema/reportDefinition.ts';

/** The booking filters of Reservas and Seguimiento (lodging-and-session.md §7, /api/v1/report/booking). */
export const bookingFilters: FilterInput[] = [
  { id: 'isVirtual', kind: 'virtualType', label: 'Tipo de reserva' },
  { id: 'status', kind: 'multiSelect', label: 'Status', options: 'bookingStatus' },
  { id: 'user', kind: 'lookup', label: 'Cliente', lookup: 'users' },
  { id: 'place', kind: 'typologyOrRoom', label: 'Tipología o habitación' },
  { id: 'dateStart', kind: 'date', label: 'Check-in' },
  { id: 'dateEnd', kind: 'date', label: 'Check-out' },
  { id: 'createdAt', kind: 'date', label: 'Creación' },
];
