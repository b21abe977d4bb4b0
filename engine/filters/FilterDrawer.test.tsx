// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportDefinitionInput } from '../../schema/reportDefinition.ts';
import { defaultFilterValues } from './defaults.ts';
import { FilterDrawer } from './FilterDrawer.tsx';
import type { FilterValues } from './filterValues.ts';
import { testDefinition } from './testDefinition.ts';

const notices = vi.hoisted(() => ({ notifyError: vi.fn(), notifyServerError: vi.fn() }));
vi.mock('../notify.ts', () => notices);

const today = '2026-11-18';

function renderDrawer(input: Partial<ReportDefinitionInput>, values?: Partial<FilterValues>) {
  const definition = testDefinition(input);
  const defaults = defaultFilterValues(definition, { today });
  const onApply = vi.fn<(values: FilterValues) => void>();
  const onClear = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FilterDrawer
        definition={definition}
        today={today}
        isOpen
        values={{ ...defaults, ...values } as FilterValues}
        defaults={defaults}
        onApply={onApply}
        onClear={onClear}
        onClose={() => undefined}
      />
    </QueryClientProvider>,
  );
  return { onApply, onClear, defaults, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  notices.notifyError.mockClear();
});

describe('FilterDrawer', () => {
  it('applies the edited values with Aplicar', async () => {
    const { onApply, user } = renderDrawer({
      filters: [
        { id: 'isVirtual', kind: 'virtualType', label: 'Tipo de reserva' },
        { id: 'q', kind: 'search', label: 'Palabra clave' },
      ],
    });
    await user.click(screen.getByRole('radio', { name: 'Reales' }));
    await user.type(screen.getByRole('searchbox', { name: 'Palabra clave' }), 'spa');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({ isVirtual: 'real', q: 'spa' });
  });

  it('Limpiar puts the defaults back in the form and clears the applied filters', async () => {
    const { onClear, user } = renderDrawer(
      { filters: [{ id: 'gift', kind: 'yesNo', label: 'Cortesía', default: false }] },
      { gift: true },
    );
    const group = screen.getByRole('radiogroup', { name: 'Cortesía' });
    expect(within(group).getByRole('radio', { name: 'Sí' })).toHaveProperty('ariaChecked', 'true');
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(onClear).toHaveBeenCalledOnce();
    expect(within(group).getByRole('radio', { name: 'No' })).toHaveProperty('ariaChecked', 'true');
  });

  it('"Rango" switches between a day and a range and clears the date', async () => {
    const { onApply, user } = renderDrawer(
      { filters: [{ id: 'createdAt', kind: 'date', label: 'Creación' }] },
      { createdAt: { range: false, from: '2024-01-05', to: null } },
    );
    const field = screen.getByRole('group', { name: 'Creación' });
    expect(within(field).getByRole('combobox', { name: 'Creación' })).toHaveProperty('value', '05/01/2024');

    await user.click(within(field).getByRole('switch', { name: 'Rango' }));
    expect(within(field).getByRole('textbox', { name: 'Creación Desde' })).toHaveProperty('value', '');
    expect(within(field).getByRole('textbox', { name: 'Creación Hasta' })).toHaveProperty('value', '');

    await user.click(within(field).getByRole('switch', { name: 'Rango' }));
    expect(within(field).getByRole('combobox', { name: 'Creación' })).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({ createdAt: { range: false, from: null, to: null } });
  });

  it('switching between typology and room clears both selections', async () => {
    const { onApply, user } = renderDrawer(
      { filters: [{ id: 'place', kind: 'typologyOrRoom', label: 'Tipología o habitación' }] },
      { place: { mode: 'typology', items: [{ id: '3', label: 'Suite Deluxe' }] } },
    );
    expect(screen.getByText('Suite Deluxe')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Habitación' }));
    expect(screen.queryByText('Suite Deluxe')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({ place: { mode: 'room', items: [] } });
  });

  it('the POS range rule: a toast with its title and message, and nothing applied', async () => {
    const message = 'Debe seleccionar un rango de fecha válido';
    const { onApply, user } = renderDrawer(
      {
        filters: [{ id: 'period', kind: 'date', label: 'Periodo', range: 'always', default: 'previousMonth' }],
        filterRules: [{ rule: 'rangeBothDatesOutsideCurrentMonth', filters: ['period'], message }],
      },
      { period: { range: true, from: '2026-11-02', to: '2026-11-10' } },
    );
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(notices.notifyError).toHaveBeenCalledWith('Error', message);
    expect(screen.getByRole('alert').textContent).toContain(message);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses a day after today when the filter says so', async () => {
    const { onApply, user } = renderDrawer(
      { filters: [{ id: 'date', kind: 'date', label: 'Día', range: 'never', maxToday: true, default: 'yesterday' }] },
      { date: { range: false, from: '2026-11-19', to: null } },
    );
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('La fecha no puede ser posterior a hoy.')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });
});
