import { describe, expect, it } from 'vitest';
import { instantText, joinSpanish, scheduleSentence } from './schedule.ts';

describe('the schedule as a sentence', () => {
  it('says daily, weekly on its days in week order, and monthly on its day, at the hour', () => {
    expect(scheduleSentence({ frequency: 'daily', hour: 7 })).toBe('Diaria a las 07:00');
    expect(scheduleSentence({ frequency: 'weekly', weekdays: [4, 1], hour: 8 })).toBe('Cada lunes y jueves a las 08:00');
    expect(scheduleSentence({ frequency: 'weekly', weekdays: [7], hour: 0 })).toBe('Cada domingo a las 00:00');
    expect(scheduleSentence({ frequency: 'weekly', weekdays: [5, 3, 1, 3], hour: 23 })).toBe('Cada lunes, miércoles y viernes a las 23:00');
    expect(scheduleSentence({ frequency: 'monthly', monthDay: 1, hour: 9 })).toBe('El día 1 de cada mes a las 09:00');
    expect(scheduleSentence({ frequency: 'monthly', monthDay: 31, hour: 18 })).toBe('El día 31 de cada mes a las 18:00');
  });

  it('joins words the Spanish way', () => {
    expect(joinSpanish([])).toBe('');
    expect(joinSpanish(['lunes'])).toBe('lunes');
    expect(joinSpanish(['a', 'b', 'c', 'd'])).toBe('a, b, c y d');
  });

  it("writes an instant on the operator's clock, DD/MM/YYYY HH:mm", () => {
    expect(instantText('2026-11-30T13:00:00.000Z', 'America/Bogota')).toBe('30/11/2026 08:00');
    expect(instantText('2026-12-01T02:30:00Z', 'UTC')).toBe('01/12/2026 02:30');
  });
});
