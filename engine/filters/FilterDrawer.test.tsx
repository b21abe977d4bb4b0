// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../api/testing/testQueryClient.ts';
import type { ReportDefinitionInput } from '../../schema/reportDefinition.ts';
import { defaultFilterValues } from '../../core/filters/defaults.ts';
import { FilterDrawer } from './FilterDrawer.tsx';
import type { FilterValues } from '../../core/filters/filterValues.ts';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import { texts } from '../texts.ts';
import '../../tests/support/componentTeardown.ts';

const notices = vi.hoisted(() => ({ notifyError: vi.fn(), notifyServerError: vi.fn() }));
vi.mock('../notify.ts', () => notices);

const today = '2026-11-18';

function renderDrawer(input: Partial<ReportDefinitionInput>, values?: Partial<FilterValues>) {
  const definition = testDefinition(input);
  const defaults = defaultFilterValues(definition, { today });
  const onApply = vi.fn<(values: FilterValues) => void>();
  const onClear = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <FilterDrawer
        definition={definition}
        today={today}
        isOpen
        values={{ ...defaults, ...values } as FilterValues}
        defaults={defaults}
        onApply={onApply}
        onClear={onClear}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { onApply, onClear, onClose, defaults, user: userEvent.setup() };
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

  it('leaves a filter on the page (inline) out of the drawer, and Limpiar keeps its value', async () => {
    const { onApply, user } = renderDrawer(
      {
        filters: [
          { id: 'year', kind: 'year', label: 'Año', inline: true },
          { id: 'gift', kind: 'yesNo', label: 'Cortesía', default: false },
        ],
      },
      { year: 2023, gift: true },
    );
    expect(screen.queryByRole('combobox', { name: 'Año' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({ year: 2023, gift: false });
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

  describe('typed dates', () => {
    const stay = { filters: [{ id: 'period', kind: 'date' as const, label: 'Estancia', range: 'always' as const }] };
    const december = { period: { range: true, from: '2023-12-01', to: '2023-12-31' } };

    it.each([
      ['31/02/2026', '«31/02/2026» no es una fecha válida: escriba DD/MM/AAAA.'],
      ['hola', '«hola» no es una fecha válida: escriba DD/MM/AAAA.'],
      ['01/01/1990', '«01/01/1990» está fuera de rango: entre 01/01/2015 y 31/12/2036.'],
    ])('keeps %s in a day field and says what is wrong beside it', async (typed, message) => {
      const { onApply, user } = renderDrawer(
        { filters: [{ id: 'createdAt', kind: 'date', label: 'Creación', range: 'never' }] },
        { createdAt: { range: false, from: '2024-01-05', to: null } },
      );
      const input = screen.getByRole('combobox', { name: 'Creación' });
      await user.clear(input);
      await user.type(input, typed);
      await user.tab();
      expect(input).toHaveProperty('value', typed);
      const field = screen.getByRole('group', { name: 'Creación' });
      expect(await within(field).findByText(message)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Aplicar' }));
      expect(onApply).not.toHaveBeenCalled();
      expect(input).toHaveProperty('value', typed);

      await user.clear(input);
      await user.type(input, '06/01/2024');
      expect(within(field).queryByText(message)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Aplicar' }));
      expect(onApply).toHaveBeenCalledWith({ createdAt: { range: false, from: '2024-01-06', to: null } });
    });

    it('keeps an impossible start of a range and names the end it belongs to', async () => {
      const { onApply, user } = renderDrawer(stay, december);
      const start = screen.getByRole('textbox', { name: 'Estancia Desde' });
      await user.clear(start);
      await user.type(start, 'hola');
      await user.tab();
      expect(start).toHaveProperty('value', 'hola');
      expect(await screen.findByText('Desde: «hola» no es una fecha válida: escriba DD/MM/AAAA.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Aplicar' }));
      expect(onApply).not.toHaveBeenCalled();
    });

    it('keeps a start typed after the end and refuses the reversed range in Spanish', async () => {
      const { onApply, user } = renderDrawer(stay, december);
      const start = screen.getByRole('textbox', { name: 'Estancia Desde' });
      await user.clear(start);
      await user.type(start, '15/10/2026');
      await user.tab();
      expect(start).toHaveProperty('value', '15/10/2026');
      expect(await screen.findByText('La fecha inicial no puede ser posterior a la final.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Aplicar' }));
      expect(onApply).not.toHaveBeenCalled();
    });

    it('swaps a start typed after the end when the filter says so', async () => {
      const { onApply, user } = renderDrawer({ filters: [{ ...stay.filters[0]!, swapReversed: true }] }, december);
      const start = screen.getByRole('textbox', { name: 'Estancia Desde' });
      await user.clear(start);
      await user.type(start, '15/01/2024');
      await user.click(screen.getByRole('button', { name: 'Aplicar' }));
      expect(onApply).toHaveBeenCalledWith({ period: { range: true, from: '2023-12-31', to: '2024-01-15' } });
    });
  });

  it('Escape in an open calendar closes the calendar only, keeping the drawer and its edits', async () => {
    const { onApply, onClose, user } = renderDrawer(
      { filters: [{ id: 'createdAt', kind: 'date', label: 'Creación', range: 'never' }] },
      { createdAt: { range: false, from: '2024-01-05', to: null } },
    );
    const input = screen.getByRole('combobox', { name: 'Creación' });
    await user.clear(input);
    await user.type(input, '07/01/2024');
    expect(screen.getByRole('dialog', { name: 'Creación' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Creación' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(input).toHaveProperty('value', '07/01/2024');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({ createdAt: { range: false, from: '2024-01-07', to: null } });
  });
});

describe('FilterDrawer multi-select', () => {
  it('closes its list after a pick, so it does not cover the next field; typing opens it again', async () => {
    const { onApply, user } = renderDrawer({
      filters: [
        { id: 'status', kind: 'multiSelect', label: 'Estado', options: 'bookingStatus' },
        { id: 'q', kind: 'search', label: 'Palabra clave' },
      ],
    });
    await user.click(screen.getByRole('textbox', { name: 'Estado' }));
    const list = await screen.findByRole('listbox');
    await user.click(within(list).getByText(texts.bookingStatus.confirmed));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    // And it stays closed once focus has settled.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByRole('listbox')).toBeNull();
    // The next field is reachable at once.
    await user.type(screen.getByRole('searchbox', { name: 'Palabra clave' }), 'spa');
    await user.type(screen.getByRole('textbox', { name: 'Estado' }), 'cance');
    await user.click(within(await screen.findByRole('listbox')).getByText(texts.bookingStatus.canceled));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(onApply).toHaveBeenCalledWith({ status: ['confirmed', 'canceled'], q: 'spa' });
  });
});
