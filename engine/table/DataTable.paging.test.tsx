// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyRows, renderDataTable, tableBlock } from './renderDataTable.tsx';

vi.mock('../export/exportTable.ts', () => ({ exportTable: vi.fn(async () => undefined) }));
vi.mock('../print/printReport.ts', () => ({ printReport: vi.fn() }));
vi.mock('../session/session.ts', () => ({ getSession: () => null }));
vi.mock('../notify.ts', () => ({ notifyServerError: vi.fn(), notifyError: vi.fn() }));

// Typing and 100,000-row renders are slow on a loaded two-core runner.
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

const columns = [
  { field: 'ref', header: 'REF' },
  { field: 'user', header: 'Cliente', format: 'clientName' as const, sortField: 'user.name' },
  { field: 'place.name', header: 'Habitación', sortField: '' },
  { field: 'total', header: 'Total', format: 'money' as const, total: 'sum' as const },
];
const page = [
  { ref: 'R-1', user: { name: 'Ana', lastName: 'Gil' }, place: { name: '101' }, total: 100 },
  { ref: 'R-2', user: { name: 'Luis', lastName: 'Mora' }, place: { name: '102' }, total: 50 },
];
const serverState = { page: 2, pageSize: 50, sort: [], search: '' };

describe('DataTable with server paging', () => {
  it('asks the page to sort by the sort field and does not reorder rows itself', () => {
    const { container, onStateChange } = renderDataTable(tableBlock({ columns, pageSizes: [50, 100, 200] }), page, {
      paging: 'server',
      total: 120,
      state: serverState,
      controlled: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cliente' }));
    expect(onStateChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 50, sort: [{ field: 'user.name', desc: false }], search: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Total' }));
    expect(onStateChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 50, sort: [{ field: 'total', desc: false }], search: '' });
    expect(bodyRows(container).map((r) => r[0])).toEqual(['R-1', 'R-2']);
  });

  it('cycles a sorted column to descending and then to no sort', () => {
    const sorted = { ...serverState, sort: [{ field: 'user.name', desc: false }] };
    const first = renderDataTable(tableBlock({ columns }), page, { paging: 'server', total: 2, state: sorted, controlled: false });
    expect(screen.getByRole('columnheader', { name: 'Cliente' }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'Cliente' }));
    expect(first.onStateChange).toHaveBeenLastCalledWith({ ...sorted, page: 1, sort: [{ field: 'user.name', desc: true }] });
    cleanup();
    const second = renderDataTable(tableBlock({ columns }), page, {
      paging: 'server',
      total: 2,
      state: { ...sorted, sort: [{ field: 'user.name', desc: true }] },
      controlled: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Cliente' }));
    expect(second.onStateChange).toHaveBeenLastCalledWith({ ...sorted, page: 1, sort: [] });
  });

  it('offers no server sort on a column whose sort field is empty', () => {
    renderDataTable(tableBlock({ columns }), page, { paging: 'server', total: 2, state: serverState, controlled: false });
    expect(screen.queryByRole('button', { name: 'Habitación' })).toBeNull();
  });

  it('pages with the total from the page and changes page and page size through the state', async () => {
    const user = userEvent.setup({ delay: null });
    const { onStateChange } = renderDataTable(tableBlock({ columns, pageSizes: [50, 100, 200] }), page, {
      paging: 'server',
      total: 120,
      state: serverState,
      controlled: false,
    });
    expect(screen.getByText('Página 2 de 3')).toBeTruthy();
    expect(screen.getByText('120 filas')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...serverState, page: 3 });
    await user.click(screen.getByRole('button', { name: /Anterior/ }));
    expect(onStateChange).toHaveBeenLastCalledWith({ ...serverState, page: 1 });
    await user.selectOptions(screen.getByRole('combobox'), '200');
    expect(onStateChange).toHaveBeenLastCalledWith({ ...serverState, page: 1, pageSize: 200 });
  });

  it('sends the search to the page after a pause instead of filtering the page', async () => {
    const user = userEvent.setup({ delay: null });
    const { container, onStateChange } = renderDataTable(tableBlock({ columns, search: 'server' }), page, {
      paging: 'server',
      total: 2,
      state: serverState,
      controlled: false,
    });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar…' }), 'zzz');
    expect(bodyRows(container)).toHaveLength(2);
    await waitFor(() => expect(onStateChange).toHaveBeenCalledWith({ ...serverState, page: 1, search: 'zzz' }));
    expect(onStateChange).toHaveBeenCalledTimes(1);
  });

  it('labels the totals as the page total', () => {
    const { container } = renderDataTable(tableBlock({ columns }), page, { paging: 'server', total: 120, state: serverState, controlled: false });
    expect([...container.querySelectorAll('tfoot td')].map((td) => td.textContent)).toEqual(['Total de la página', '', '', '$150.00']);
  });
});

describe('DataTable page sizes', () => {
  const many = Array.from({ length: 25 }, (_, i) => ({ ref: `R-${i + 1}`, total: i }));

  it('pages locally and shows the largest size as Todas', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderDataTable(tableBlock({ columns: [{ field: 'ref', header: 'REF' }], pageSizes: [10, 20, 1000000] }), many);
    const options = within(screen.getByRole('combobox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '20', 'Todas']);
    expect(bodyRows(container)).toHaveLength(10);
    expect(screen.getByText('Página 1 de 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    expect(bodyRows(container)[0]).toEqual(['R-11']);
    await user.selectOptions(screen.getByRole('combobox'), 'Todas');
    expect(bodyRows(container)).toHaveLength(25);
    expect(screen.getByText('Página 1 de 1')).toBeTruthy();
  });

  it('shows every row without controls when the block has no page sizes', () => {
    const { container } = renderDataTable(tableBlock({ columns: [{ field: 'ref', header: 'REF' }] }), many);
    expect(bodyRows(container)).toHaveLength(25);
    expect(screen.queryByText(/Página/)).toBeNull();
  });
});
