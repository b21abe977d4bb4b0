import { describe, expect, it } from 'vitest';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { checkFilterRules } from './filterRules.ts';
import type { DateValue } from '../../core/filters/filterValues.ts';
import { testDefinition } from '../../core/filters/testDefinition.ts';

const today = '2026-11-18';
const range = (from: string | null, to: string | null): DateValue => ({ range: true, from, to });
const day = (from: string | null): DateValue => ({ range: false, from, to: null });

describe('filter rules checked on Aplicar', () => {
  const pos = testDefinition({
    filters: [{ id: 'period', kind: 'date', range: 'always', default: 'previousMonth' }],
    filterRules: [{ rule: 'rangeBothDatesOutsideCurrentMonth', filters: ['period'], message: 'Debe seleccionar un rango de fecha válido' }],
  });
  const pos1 = (value: DateValue) => checkFilterRules(pos, { period: value }, today);

  it('POS range: passes with both dates outside the current month (its default)', () => {
    expect(checkFilterRules(pos, defaultFilterValues(pos, { today }), today)).toBeUndefined();
    expect(pos1(range('2026-09-15', '2026-10-31'))).toBeUndefined();
  });

  it('POS range: fails with one date missing or in the current month, with the title and message', () => {
    const failed = { title: 'Error', message: 'Debe seleccionar un rango de fecha válido' };
    expect(pos1(range('2026-10-01', null))).toEqual(failed);
    expect(pos1(range(null, null))).toEqual(failed);
    expect(pos1(range('2026-10-01', '2026-11-02'))).toEqual(failed);
    expect(pos1(range('2026-11-01', '2026-11-05'))).toEqual(failed);
  });

  it('startNotAfterEnd: one range, or a start and an end filter', () => {
    const definition = testDefinition({
      filters: [
        { id: 'dateStart', kind: 'date', range: 'never' },
        { id: 'dateEnd', kind: 'date', range: 'never' },
      ],
      filterRules: [{ rule: 'startNotAfterEnd', filters: ['dateStart', 'dateEnd'], message: 'Inicio posterior al fin', title: 'Fechas' }],
    });
    expect(checkFilterRules(definition, { dateStart: day('2024-01-01'), dateEnd: day('2024-01-31') }, today)).toBeUndefined();
    expect(checkFilterRules(definition, { dateStart: day('2024-01-01'), dateEnd: day(null) }, today)).toBeUndefined();
    expect(checkFilterRules(definition, { dateStart: day('2024-02-01'), dateEnd: day('2024-01-31') }, today)).toEqual({
      title: 'Fechas',
      message: 'Inicio posterior al fin',
    });
  });

  it('notAfterToday: no chosen day after today', () => {
    const definition = testDefinition({
      filters: [{ id: 'date', kind: 'date', default: 'yesterday' }],
      filterRules: [{ rule: 'notAfterToday', filters: ['date'], message: 'No puede ser futura' }],
    });
    expect(checkFilterRules(definition, { date: day(today) }, today)).toBeUndefined();
    expect(checkFilterRules(definition, { date: day('2026-11-19') }, today)?.message).toBe('No puede ser futura');
    expect(checkFilterRules(definition, { date: range('2026-11-01', '2026-12-01') }, today)?.message).toBe('No puede ser futura');
  });
});
