import { describe, expect, it } from 'vitest';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import { tableChoices } from './tableChoices.ts';

const table = (title?: string) => ({ kind: 'table' as const, source: 'rows', ...(title ? { title } : {}), columns: [{ field: 'name', header: 'Nombre' }] });

describe("a screen's tables a subscription can attach", () => {
  const definition = testDefinition({
    title: 'Ventas',
    blocks: [
      { kind: 'cards', source: 'rows', cards: [{ label: 'Total', field: 'total' }] },
      table(),
      {
        kind: 'tabs',
        tabs: [
          { title: 'Día', blocks: [table('Detalle'), table('Resumen')] },
          { title: 'Mes', blocks: [table()] },
        ],
      },
    ],
  });

  it('names each by its tabs and title (the report when it has none), marks those on screen, by the path the export uses', () => {
    expect(tableChoices(definition.title, definition.blocks, new URLSearchParams())).toEqual([
      { block: '1', title: 'Ventas', shown: true },
      { block: '2-0-0', title: 'Día - Detalle', shown: true },
      { block: '2-0-1', title: 'Día - Resumen', shown: true },
      { block: '2-1-0', title: 'Mes', shown: false },
    ]);
    // The second tab open: its table is the one on screen.
    expect(tableChoices(definition.title, definition.blocks, new URLSearchParams('t2.tab=1')).map((c) => [c.block, c.shown])).toEqual([
      ['1', true],
      ['2-0-0', false],
      ['2-0-1', false],
      ['2-1-0', true],
    ]);
  });

  it('tells two tables of one name apart, and offers none a server cannot build', () => {
    const two = testDefinition({ title: 'Uso', blocks: [table(), table()] });
    expect(tableChoices(two.title, two.blocks, new URLSearchParams()).map((c) => c.title)).toEqual(['Uso (1)', 'Uso (2)']);
    const dataTabs = testDefinition({
      blocks: [{ kind: 'tabs', fromData: { source: 'rows', rows: 'data', title: 'name', blocks: [table()] } }],
    });
    expect(tableChoices(dataTabs.title, dataTabs.blocks, new URLSearchParams())).toEqual([]);
  });
});
