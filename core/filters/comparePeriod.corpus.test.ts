import { describe, expect, it } from 'vitest';
import { reports } from '../definitions.ts';
import { firstRouteParams, planRequest } from '../data/planRequest.ts';
import { comparedFilters, comparedSources, compareModes, periodOf, shiftRange } from './comparePeriod.ts';
import { defaultFilterValues } from './defaults.ts';
import type { FilterValues } from './filterValues.ts';

// Every screen whose cards a period filters: the comparison's request is the screen's own with the period's parameters,
// and only them, moved to the shifted period (as the filter's own parameter mapping writes it).

const today = '2026-11-27';
const screens = reports.filter((definition) => comparedSources(definition).length > 0);

/** The screen's defaults, with a month given to a period filter that has no default (e.g. Ventas' dates). */
function valuesOf(definition: (typeof screens)[number], sourceId: string): FilterValues {
  const values = defaultFilterValues(definition, { today });
  if (periodOf(definition, sourceId, values)) return values;
  const filter = definition.filters.find((f) => f.kind === 'date' && (definition.sources[sourceId]?.filters ?? [f.id]).includes(f.id))!;
  return { ...values, [filter.id]: { range: true, from: '2026-11-01', to: '2026-11-30' } };
}

describe('"Comparar con:" on every screen with cards and a period', () => {
  it('finds the screens', () => {
    expect(screens.map((definition) => definition.route)).toEqual(expect.arrayContaining(['/gerencia/recaudo', '/pos/sales', '/general/ocupacion']));
    // The dashboard's cards have no period filter: no comparison there.
    expect(screens.map((definition) => definition.route)).not.toContain('/');
  });

  for (const definition of screens) {
    for (const sourceId of comparedSources(definition)) {
      it(`${definition.route} · ${sourceId}: the comparison asks the shifted period through the filter's parameters`, () => {
        const values = valuesOf(definition, sourceId);
        const routeParams = firstRouteParams(definition);
        const shown = planRequest(definition, sourceId, { filters: values, routeParams });
        const period = periodOf(definition, sourceId, values)!.period;
        for (const mode of compareModes) {
          const compared = comparedFilters(definition, sourceId, values, mode)!;
          expect(compared.period).toEqual(period);
          expect(compared.shifted).toEqual(shiftRange(period, mode));
          const asked = planRequest(definition, sourceId, { filters: compared.filters, routeParams });
          // The same request, each day (or year) of the period replaced by the shifted period's.
          const moved: Record<string, string> = {
            [period.from]: compared.shifted.from,
            [period.to]: compared.shifted.to,
            [period.from.slice(0, 4)]: compared.shifted.from.slice(0, 4),
          };
          expect(asked.path).toBe(shown.path);
          expect(asked.query).toEqual(shown.query?.map(([name, value]) => [name, moved[value] ?? value]));
          expect(asked.query, 'the period reaches the request').not.toEqual(shown.query);
        }
      });
    }
  }
});
