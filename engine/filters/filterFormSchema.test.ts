import { describe, expect, it } from 'vitest';
import { filterFormSchema } from './filterFormSchema.ts';
import type { DateValue, FilterOf } from '../../core/filters/filterValues.ts';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import { dateKind } from '../../core/filters/kinds/dateKind.ts';

const today = '2026-11-18';
const reversed: DateValue = { range: true, from: '2026-11-20', to: '2026-11-16' };

function definitionWith(swapReversed?: boolean) {
  return testDefinition({
    filters: [{ id: 'days', kind: 'date', range: 'always', param: { from: 'dateStart', to: 'dateEnd' }, ...(swapReversed === undefined ? {} : { swapReversed }) }],
  });
}

describe('date filter: a reversed range', () => {
  it('is refused by default, with the start-after-end message', () => {
    const result = filterFormSchema(definitionWith(), { today }).safeParse({ days: reversed });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['La fecha inicial no puede ser posterior a la final.']);
  });

  it('is swapped on Aplicar with swapReversed, and the request carries the ordered days', () => {
    const definition = definitionWith(true);
    const result = filterFormSchema(definition, { today }).parse({ days: reversed });
    expect(result.days).toEqual({ range: true, from: '2026-11-16', to: '2026-11-20' });
    const filter = definition.filters[0] as FilterOf<'date'>;
    expect(dateKind.toQuery(filter, result.days as DateValue)).toEqual([['dateStart', '2026-11-16'], ['dateEnd', '2026-11-20']]);
  });

  it('from a link: swapped with swapReversed, kept as written otherwise (the drawer refuses it)', () => {
    const params = new URLSearchParams({ days: '2026-11-20..2026-11-16' });
    const swap = definitionWith(true).filters[0] as FilterOf<'date'>;
    const keep = definitionWith(false).filters[0] as FilterOf<'date'>;
    expect(dateKind.fromUrl(swap, params, { today })).toEqual({ range: true, from: '2026-11-16', to: '2026-11-20' });
    expect(dateKind.fromUrl(keep, params, { today })).toEqual(reversed);
  });
});
