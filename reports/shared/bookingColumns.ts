import type { ColumnInput } from '../../schema/reportDefinition.ts';

/** The booking columns the lodging screens share (REF, Contacto, Check-in, Check-out, Cliente, Tipología, Habitación, Status). */
export const bookingColumns: ColumnInput[] = [
  { field: 'ref', header: 'REF' },
  { field: 'wayContactName', header: 'Contacto', format: 'contactName' },
  { field: 'dateStart', header: 'Check-in', format: 'date' },
  { field: 'dateEnd', header: 'Check-out', format: 'date' },
  { field: 'user', header: 'Cliente', format: 'clientName', sortField: 'user.name' },
  { field: 'place.typology.name', header: 'Tipología', format: 'placeName', sortField: 'typology.name' },
  { field: 'place.name', header: 'Habitación', format: 'placeName', sortField: 'place.name' },
  { field: 'status', header: 'Status', format: 'bookingStatus' },
];
