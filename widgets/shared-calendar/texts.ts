/** Spanish texts both calendars share. */
export const calendarTexts = {
  week: 'Semana',
  day: 'Día',
  // Title, then each field, of an entry's popup.
  detail: 'Detalle',
} as const;
