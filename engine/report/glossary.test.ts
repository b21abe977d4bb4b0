import { describe, expect, it } from 'vitest';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import { reportGlossary } from './glossary.ts';

describe('reportGlossary', () => {
  it("lists the help of cards, columns (nested too), table notes and charts in page order, each once, and nothing else", () => {
    const definition = testDefinition({
      sources: { s: { path: '/api/v1/s' } },
      blocks: [
        { kind: 'cards', source: 's', cards: [{ label: 'Total', field: 'a' }, { label: 'Ingreso real', value: 'datum.a - datum.b', help: 'Ingreso real = a − b' }] },
        {
          kind: 'tabs',
          tabs: [
            {
              title: 'Detalle',
              blocks: [
                {
                  kind: 'table',
                  source: 's',
                  columns: [{ field: 'p', header: 'Porcentaje', help: 'Porcentaje = noches / capacidad × 100' }, { field: 'x', header: 'X' }],
                  expand: { rows: 'items', columns: [{ field: 'n', header: 'Neto', help: 'Neto = total − descuento' }] },
                  note: 'Suma todas las reservas filtradas.',
                },
                { kind: 'chart', source: 's', chart: 'pie', category: 'c', value: 'v', title: 'Pagos', help: 'Participación = valor / Σ valores' },
              ],
            },
          ],
        },
        { kind: 'cards', source: 's', cards: [{ label: 'Ingreso real', value: 'datum.a - datum.b', help: 'Ingreso real = a − b' }] },
      ],
    });
    expect(reportGlossary(definition)).toEqual([
      { label: 'Ingreso real', text: 'Ingreso real = a − b' },
      { label: 'Porcentaje', text: 'Porcentaje = noches / capacidad × 100' },
      { label: 'Neto', text: 'Neto = total − descuento' },
      { label: 'Nota', text: 'Suma todas las reservas filtradas.' },
      { label: 'Pagos', text: 'Participación = valor / Σ valores' },
    ]);
  });
});
