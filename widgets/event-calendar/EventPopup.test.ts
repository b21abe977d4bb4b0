import { describe, expect, it } from 'vitest';
import { calendarEntries, type CalendarEntry } from './calendarEntries.ts';
import { entryFields } from './EventPopup.tsx';

const place = { _id: 17, name: 'Terraza' };
const answer = {
  events: [{ _id: 3, title: 'Yoga al amanecer', place, dateStart: '2026-11-03T07:00:00Z', dateEnd: '2026-11-03T09:00:00Z', description: 'Traer tapete' }],
  spaces: [{ _id: 9, occurrence: 0, place, user: { name: 'Laura María', lastName: 'Giraldo Ruiz' }, dateStart: '2026-11-07T22:00:00Z', dateEnd: '2026-11-08T01:00:00Z', recurrence: 'semanal' }],
};
const fieldsOf = (index: number) =>
  Object.fromEntries(entryFields(calendarEntries(answer)[index]!.extendedProps!.entry as CalendarEntry).map(({ label, value }) => [label, value]));

describe('events calendar popup', () => {
  it('shows an event\'s place, time range and description', () => {
    expect(fieldsOf(0)).toEqual({ Tipo: 'Evento', Lugar: 'Terraza', Horario: '03/11/2026 07:00 - 09:00', Descripción: 'Traer tapete' });
  });

  it('shows a reservation\'s space, client, time range (both days past midnight) and recurrence', () => {
    expect(fieldsOf(1)).toEqual({ Tipo: 'Reserva de espacio', Lugar: 'Terraza', Cliente: 'Laura Giraldo', Horario: '07/11/2026 22:00 - 08/11/2026 01:00', Recurrencia: 'Semanal' });
  });
});
