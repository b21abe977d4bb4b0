import { describe, expect, it } from 'vitest';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import { exportBodySchema } from './exportBody.ts';
import { planExport } from './exportPlan.ts';

// The server plans a file's list request as the browser does: a file with nested lines asks the whole answer, its
// source's `screenParams` (the screen's lean request) left out.
describe('planExport and screenParams', () => {
  const rooms = { path: '/api/v1/report/booking/comercial', params: { shape: 'lean' }, screenParams: { bookings: 'none' }, rows: 'data' };
  const definition = testDefinition({
    filters: [{ id: 'period', kind: 'date', range: 'always', param: { from: 'dateStart', to: 'dateEnd' } }],
    sources: { rooms },
    blocks: [
      { kind: 'table', source: 'rooms', columns: [{ field: 'name', header: 'Tipología' }] },
      {
        kind: 'table',
        source: 'rooms',
        columns: [{ field: 'name', header: 'Tipología' }],
        export: { fileName: 'Habitaciones', lines: { rows: 'rooms', columns: [{ field: 'name', header: 'Habitación' }] } },
      },
    ],
  });
  const urlOf = (block: string) =>
    planExport([definition], exportBodySchema.parse({ report: definition.id, block, format: 'csv', params: 'period=2026-11-01..2026-11-30' }), '2026-11-27').url;

  it('a file without lines asks what the screen asks; one with lines, the whole answer', () => {
    expect(urlOf('0')).toBe('/api/v1/report/booking/comercial?shape=lean&bookings=none&dateStart=2026-11-01&dateEnd=2026-11-30');
    expect(urlOf('1')).toBe('/api/v1/report/booking/comercial?shape=lean&dateStart=2026-11-01&dateEnd=2026-11-30');
  });
});
