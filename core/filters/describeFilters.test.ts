import { describe, expect, it } from 'vitest';
import { defaultFilterValues } from './defaults.ts';
import { describeFilters } from './describeFilters.ts';
import { testDefinition } from './testDefinition.ts';

const today = '2026-11-18';

describe('describeFilters', () => {
  const definition = testDefinition({
    filters: [
      { id: 'isVirtual', kind: 'virtualType', default: 'real' },
      { id: 'status', kind: 'multiSelect', options: 'bookingStatus', label: 'Status', default: ['checked_in', 'confirmed'] },
      { id: 'user', kind: 'lookup', lookup: 'users' },
      { id: 'place', kind: 'typologyOrRoom' },
      { id: 'dateStart', kind: 'date', label: 'Check-in', default: 'currentMonth' },
      { id: 'createdAt', kind: 'date', label: 'Creada' },
      { id: 'month', kind: 'month', default: 'currentMonth', param: { from: 'a', to: 'b' } },
      { id: 'year', kind: 'year' },
      { id: 'gift', kind: 'yesNo', label: 'Cortesía', default: false },
      { id: 'category', kind: 'select', options: 'clientCategory', label: 'Categoría', default: 'huesped' },
      { id: 'q', kind: 'search' },
      { id: 'hiddenOne', kind: 'yesNo', default: true, hidden: true },
    ],
  });

  it('describes the applied values in Spanish, dates DD/MM/YYYY, skipping what filters nothing and hidden filters', () => {
    const values = {
      ...defaultFilterValues(definition, { today }),
      user: [{ id: '1', label: 'Ana Gómez' }],
      place: { mode: 'room' as const, items: [{ id: '7', label: 'Loft 201' }, { id: '9', label: 'Loft 202' }] },
      q: 'spa',
    };
    expect(describeFilters(definition, values, today)).toEqual([
      { label: 'Tipo', value: 'Reales' },
      { label: 'Status', value: 'Check In, Confirmado' },
      { label: 'Clientes', value: 'Ana Gómez' },
      { label: 'Tipología o habitación', value: 'Habitación: Loft 201, Loft 202' },
      { label: 'Check-in', value: '01/11/2026 - 30/11/2026' },
      { label: 'Mes', value: 'Noviembre 2026' },
      { label: 'Año', value: '2026' },
      { label: 'Cortesía', value: 'No' },
      { label: 'Categoría', value: 'Huésped' },
      { label: 'Buscar', value: 'spa' },
    ]);
  });

  it('describes a single day', () => {
    const values = { ...defaultFilterValues(definition, { today }), createdAt: { range: false, from: '2024-01-05', to: null } };
    expect(describeFilters(definition, values, today)).toContainEqual({ label: 'Creada', value: '05/01/2024' });
  });

  it('reads a lookup\'s allLabel while nothing is chosen, and the choice once one is', () => {
    const areas = testDefinition({ filters: [{ id: 'area', kind: 'lookup', lookup: 'areas', multiple: false, allLabel: 'Todas' }] });
    const values = defaultFilterValues(areas, { today });
    expect(describeFilters(areas, values, today)).toEqual([{ label: 'Áreas', value: 'Todas' }]);
    expect(describeFilters(areas, { area: [{ id: '2', label: 'Zonas comunes' }] }, today)).toEqual([{ label: 'Áreas', value: 'Zonas comunes' }]);
  });
});
