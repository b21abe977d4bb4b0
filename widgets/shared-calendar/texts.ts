/** Spanish texts both calendars share. */
export const calendarTexts = {
  // FullCalendar's Spanish locale leaves the week view's "Timed" row label in English.
  timed: 'Con hora',
  // Its hint reads "Vista del semana" for the week view.
  viewHint: (button: string) => `Vista ${button === 'Semana' ? 'de la' : 'del'} ${button.toLowerCase()}`,
  // Its "today" hint ("Este mes") leaves out the button's text ("Hoy"), which a spoken command names.
  todayHint: (unitText: string, unit: string) => (unit === 'day' ? 'Hoy' : `Hoy (${unit === 'week' ? 'esta' : 'este'} ${unitText.toLowerCase()})`),
  print: 'Imprimir',
  period: 'Periodo',
  loading: 'Cargando calendario…',
  week: 'Semana',
  day: 'Día',
  // Title, then each field, of an entry's popup.
  detail: 'Detalle',
} as const;
