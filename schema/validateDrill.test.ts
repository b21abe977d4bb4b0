import { describe, expect, it } from 'vitest';
import dashboard from '../reports/dashboard.ts';
import booking from '../reports/general/booking.ts';
import gerenciaPos from '../reports/gerencia/pos.ts';
import posSales from '../reports/pos/sales.ts';
import recaudo from '../reports/gerencia/recaudo.ts';
import occupancy from '../reports/general/occupancy.ts';
import { validateDefinition } from './validateDefinition.ts';

// A drill's mistakes, each made in a copy of a real definition: one issue each, at its place, naming the right name.
type Mutable = Record<string, any>;
const all = [dashboard, booking, gerenciaPos, posSales, recaudo, occupancy];
const broken = (definition: object, change: (d: Mutable) => void) => {
  const copy = structuredClone(definition) as Mutable;
  change(copy);
  return copy;
};
const businessChart = (d: Mutable) => d.blocks.find((b: Mutable) => b.title === 'Ventas por negocio');
const arrivals = (d: Mutable) => d.blocks[0].cards.find((c: Mutable) => c.label === 'Llegadas');
const chartAt = (d: Mutable) => `/blocks/${d.blocks.indexOf(businessChart(d))}/drill`;

describe('the drills of a definition', () => {
  it('are valid in the real ones', () => {
    expect(validateDefinition(gerenciaPos, all)).toEqual([]);
    expect(validateDefinition(dashboard, all)).toEqual([]);
    expect(validateDefinition(occupancy, all)).toEqual([]);
  });

  it.each([
    ['an unknown route', (d: Mutable) => { businessChart(d).drill.to = '/pos/sale'; }, '/to', 'unknown route "/pos/sale" (did you mean "/pos/sales"?)'],
    ['an unknown filter of the target', (d: Mutable) => { businessChart(d).drill.set[0].filter = 'busines'; }, '/set/0/filter', 'unknown filter "busines" of /pos/sales (did you mean "business"?)'],
    ['a carried filter this screen lacks', (d: Mutable) => { businessChart(d).drill.carry = ['periodo']; }, '/carry/0', 'unknown filter "periodo" of this screen (did you mean "period"?)'],
    ['a field the chart\'s rows lack', (d: Mutable) => { businessChart(d).drill.set[0].field = '_di'; }, '/set/0/field', 'field "_di" is not in the rows "data.accumulateByBusiness" of /api/v1/report/pos-general; did you mean `_id`?'],
  ])('%s on a chart: one issue naming it', (_mistake, change, path, message) => {
    const definition = broken(gerenciaPos, change);
    expect(validateDefinition(definition, all)).toEqual([{ path: `${chartAt(definition)}${path}`, message }]);
  });

  it.each([
    ['an unknown filter of the target', (d: Mutable) => { arrivals(d).drill.filters = { dateStrat: '{today}' }; }, '/filters/dateStrat', 'unknown filter "dateStrat" of /general/booking (did you mean "dateStart"?)'],
    ['a value the target\'s filter does not read', (d: Mutable) => { arrivals(d).drill.filters.dateStart = 'hoy'; }, '/filters/dateStart', '"hoy" is not a value the date filter "dateStart" of /general/booking reads'],
    ['a clicked row on a card', (d: Mutable) => { arrivals(d).drill.set = [{ filter: 'user', field: 'data.date' }]; }, '/set', 'a card has no clicked row: give its filters under "filters"'],
  ])('%s on a card: one issue naming it', (_mistake, change, path, message) => {
    expect(validateDefinition(broken(dashboard, change), all)).toEqual([{ path: `/blocks/0/cards/1/drill${path}`, message }]);
  });

  it('names a year filter this screen lacks for a month number', () => {
    const definition = broken(occupancy, (d) => { d.blocks.find((b: Mutable) => b.kind === 'chart').drill.set[0].year = 'yaer'; });
    const at = `/blocks/${definition.blocks.findIndex((b: Mutable) => b.kind === 'chart')}/drill/set/0/year`;
    expect(validateDefinition(definition, all)).toEqual([{ path: at, message: 'no year filter "yaer" on this screen (did you mean "year"?)' }]);
  });

  it('names a misspelt key of a drill through the schema', () => {
    const definition = broken(gerenciaPos, (d) => { businessChart(d).drill.carri = ['period']; });
    expect(validateDefinition(definition, all)).toEqual([{ path: chartAt(definition), message: 'unknown key "carri" (did you mean "carry"?)' }]);
  });
});
