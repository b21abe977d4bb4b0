// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportTable } from '../export/exportTable.ts';
import { printReport } from '../print/printReport.ts';
import { bodyRows, renderDataTable, tableBlock } from './renderDataTable.tsx';
import { captureView, readTableState, writeTableState } from '../../core/report/urlState.ts';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import { restoreView } from '../views/restoreView.ts';
import type { TableState } from '../../core/table/types.ts';

vi.mock('../export/exportTable.ts', () => ({ exportTable: vi.fn(async () => undefined) }));
vi.mock('../print/printReport.ts', () => ({ printReport: vi.fn() }));
vi.mock('../session/session.ts', () => ({
  getSession: () => ({ token: 't', employee: { _id: 1, name: 'Laura', lastName: 'Ríos', email: 'l@x', avatar: null } }),
}));

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const columns = [
  { field: 'ref', header: 'Reserva' },
  { field: 'wayContactName', header: 'Canal', format: 'contactName' as const },
  { field: 'place', header: 'Habitación' },
  { field: 'total', header: 'Total', format: 'money' as const, total: 'sum' as const },
];
const rows = [
  { ref: 'MR1', wayContactName: 'Booking.com Partner Hub', place: '101', total: 10 },
  { ref: 'MR2', wayContactName: 'Airbnb', place: '102', total: 5 },
];
const headerTexts = (container: HTMLElement) => [...container.querySelectorAll('thead th')].map((th) => th.textContent);
const footTexts = (container: HTMLElement) => [...container.querySelectorAll('tfoot td')].map((td) => td.textContent);

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Columnas' }));
  return screen.findByRole('list', { name: 'Columnas de la tabla' });
}

describe('the "Columnas" menu', () => {
  it('hides and moves columns from the keyboard, header, rows, totals, print and file alike, and puts them back', async () => {
    const user = userEvent.setup({ delay: null });
    const { container, onStateChange } = renderDataTable(tableBlock({ columns }), rows);
    const list = await openMenu(user);
    // Hide Habitación with the keyboard: its checkbox is named after the header.
    within(list).getByRole('checkbox', { name: 'Habitación' }).focus();
    await user.keyboard(' ');
    // Total up twice: the focus stays on the moved column's button.
    await user.click(within(list).getByRole('button', { name: 'Subir Total' }));
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: 'Subir Total' }));
    await user.keyboard('{Enter}');
    expect(headerTexts(container)).toEqual(['Reserva', 'Total', 'Canal']);
    expect(bodyRows(container)).toEqual([
      ['MR1', '$10.00', 'Booking.com…'],
      ['MR2', '$5.00', 'Airbnb'],
    ]);
    expect(footTexts(container)).toEqual(['Total', '$15.00', '']);
    expect(onStateChange.mock.lastCall?.[0].columns).toEqual([
      { key: 'ref', shown: true },
      { key: 'total', shown: true },
      { key: 'wayContactName', shown: true },
      { key: 'place', shown: false },
    ]);
    // The list shows the same order; Subir is off at the top.
    expect(within(list).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Reserva', 'Total', 'Canal', 'Habitación']);
    expect(within(list).getByRole('button', { name: 'Subir Reserva' })).toHaveProperty('disabled', true);

    // Print and files follow the screen.
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(vi.mocked(printReport).mock.lastCall?.[0].columns.map((c) => c.header)).toEqual(['Reserva', 'Total', 'Canal']);
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(1));
    expect(vi.mocked(exportTable).mock.lastCall?.[0].columns.map((c) => c.header)).toEqual(['Reserva', 'Total', 'Canal']);

    // A click outside closed the menu: open it again.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Columnas de la tabla' })).toBeNull());
    await openMenu(user);
    await user.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(headerTexts(container)).toEqual(['Reserva', 'Canal', 'Habitación', 'Total']);
    expect(onStateChange.mock.lastCall?.[0].columns).toBeUndefined();
  });

  it('keeps one column shown: the last one\'s checkbox is off', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderDataTable(tableBlock({ columns: columns.slice(0, 2) }), rows);
    const list = await openMenu(user);
    await user.click(within(list).getByRole('checkbox', { name: 'Reserva' }));
    expect(within(list).getByRole('checkbox', { name: 'Canal' })).toHaveProperty('disabled', true);
    expect(headerTexts(container)).toEqual(['Canal']);
  });

  it('keeps the pinned count on the first columns shown', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderDataTable(tableBlock({ columns, pinnedColumns: 1 }), rows);
    const list = await openMenu(user);
    await user.click(within(list).getByRole('checkbox', { name: 'Reserva' }));
    const pinned = [...container.querySelectorAll('thead th.mirador-table-pinned')].map((th) => th.textContent);
    expect(pinned).toEqual(['Canal']);
    expect([...container.querySelectorAll('tbody tr:first-child td.mirador-table-pinned')].map((td) => td.textContent)).toEqual(['Booking.com…']);
  });

  it('opens with the columns of the URL a saved view restores', () => {
    const definition = testDefinition({ filters: [] });
    const defaults: TableState = { page: 1, pageSize: -1, sort: [], search: '' };
    const saved = captureView(definition, writeTableState(new URLSearchParams(), [0], { ...defaults, columns: [{ key: 'total', shown: true }, { key: 'ref', shown: false }] }, defaults));
    const { params } = restoreView(definition, saved, { today: '2026-11-18' });
    const { container } = renderDataTable(tableBlock({ columns }), rows, { state: readTableState(params, [0], defaults) });
    expect(headerTexts(container)).toEqual(['Total', 'Canal', 'Habitación']);
  });
});

describe('a widened column', () => {
  it('shows a name the spec cuts whole, with CSS cutting it only where it overflows, and gives it back from the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderDataTable(tableBlock({ columns }), rows);
    expect(bodyRows(container)[0]![1]).toBe('Booking.com…');
    const handle = screen.getByRole('separator', { name: 'Ancho de Canal' });
    // The header keeps its own name beside the handle's.
    expect(screen.getByRole('columnheader', { name: 'Canal' }).contains(handle)).toBe(true);
    handle.focus();
    await user.keyboard('{ArrowRight}');
    // jsdom draws nothing (0 px): the first step lands on the narrowest width, then it grows.
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(handle.getAttribute('aria-valuenow')).toBe('90');
    const cell = container.querySelector('tbody tr:first-child td:nth-child(2)')!;
    expect(cell.textContent).toBe('Booking.com Partner Hub');
    expect(cell.querySelector<HTMLElement>('.mirador-table-clip')?.style.width).toBe('74px');
    expect(cell.getAttribute('title')).toBe('Booking.com Partner Hub');
    // A drag does not sort the column.
    fireEvent.click(handle);
    expect(screen.getByRole('columnheader', { name: 'Canal' }).getAttribute('aria-sort')).toBe('none');
    await user.keyboard('{Home}');
    expect(bodyRows(container)[0]![1]).toBe('Booking.com…');
  });
});
