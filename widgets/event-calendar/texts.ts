/** Spanish texts of the events calendar's popup. */
export const eventTexts = {
  title: 'Calendario de eventos',
  legend: 'Tipos',
  event: 'Evento',
  reservation: 'Reserva de espacio',
  detail: 'Detalle del evento o la reserva',
  kind: 'Tipo',
  place: 'Lugar',
  client: 'Cliente',
  time: 'Horario',
  description: 'Descripción',
  recurrence: 'Recurrencia',
  // The API's recurrence values, as staff say them.
  recurrences: { none: 'No se repite', semanal: 'Semanal', mensual: 'Mensual' } as Record<string, string>,
} as const;
