// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportTable } from '../export/exportTable.ts';
import { notifyServerError } from '../notify.ts';
import { printReport } from '../print/printReport.ts';
import { renderDataTable, tableBlock } from './renderDataTable.tsx';
import { withMonthSums } from '../../core/table/monthTotals.ts';

vi.mock('../export/exportTable.ts', () => ({ exportTable: vi.fn(async () => undefined) }));
vi.mock('../print/printReport.ts', () => ({ printReport: vi.fn() }));
vi.mock('../session/session.ts', () => ({
  getSession: () => ({ token: 't', employee: { _id: 1, name: 'Laura', lastName: 'Ríos', email: 'l@x', avatar: null } }),
}));
vi.mock('../notify.ts', () => ({ notifyServerError: vi.fn(), notifyError: vi.fn() }));

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => vi.clearAllMocks());
afterEach(cleanup);

const columns = [
  { field: 'ref', header: 'REF' },
  { field: 'total', header: 'Total', format: 'money' as const, total: 'sum' as const },
];
const rows = [
  { ref: 'B', total: 2 },
  { ref: 'A', total: 1 },
  { ref: 'C', total: 3 },
];
const lastRequest = () => vi.mocked(exportTable).mock.lastCall?.[0];

describe('DataTable export and print', () => {
  it('exports the rows at hand as shown (filtered and sorted) when the table is not server paged', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchAllRows } = renderDataTable(tableBlock({ columns, pageSizes: [2], export: { fileName: 'Reservas' } }), rows);
    await user.click(screen.getByRole('button', { name: 'REF' }));
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(1));
    expect(vi.mocked(exportTable).mock.lastCall?.[1]).toBe('xlsx');
    expect(fetchAllRows).not.toHaveBeenCalled();
    expect(lastRequest()).toMatchObject({
      title: 'Reporte de prueba',
      fileName: 'Reservas',
      rows: [rows[1], rows[0], rows[2]],
      totals: true,
      filters: [{ label: 'Estado', value: 'Confirmado' }],
      generatedBy: 'Laura Ríos',
    });
    expect(lastRequest()?.columns.map((c) => c.header)).toEqual(['REF', 'Total']);
  });

  it('fetches every row for CSV and print when the server pages, named after the title by default', async () => {
    const user = userEvent.setup({ delay: null });
    const all = [...rows, { ref: 'D', total: 4 }];
    renderDataTable(tableBlock({ columns, search: 'server' }), rows, {
      paging: 'server',
      total: 4,
      state: { page: 1, pageSize: 3, sort: [], search: 'abc' },
      controlled: false,
      exportContext: { title: 'Seguimiento', filters: [], fetchAllRows: vi.fn(async () => all) },
    });
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(1));
    expect(vi.mocked(exportTable).mock.lastCall?.[1]).toBe('csv');
    expect(lastRequest()).toMatchObject({ fileName: 'Seguimiento', rows: all, search: 'abc' });
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    // The page is one of two: printing asks first, and "all" fetches every row.
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /^Todas: 4 filas/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(printReport).toHaveBeenCalledTimes(1));
    expect(vi.mocked(printReport).mock.lastCall?.[0].rows).toEqual(all);
  });

  it('exports only the page when the block says so', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchAllRows } = renderDataTable(tableBlock({ columns, export: { fileName: 'Pagina', rows: 'page' } }), rows, {
      paging: 'server',
      total: 30,
      state: { page: 1, pageSize: 3, sort: [], search: '' },
      controlled: false,
    });
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(1));
    expect(fetchAllRows).not.toHaveBeenCalled();
    expect(lastRequest()?.rows).toEqual(rows);
  });

  it('fetches the file from the export source even when the page shows every row', async () => {
    const user = userEvent.setup({ delay: null });
    const all = [...rows, { ref: 'D', total: 4 }];
    const { fetchAllRows } = renderDataTable(tableBlock({ columns, export: { fileName: 'Resenas', source: 'file' } }), rows, {
      exportContext: { title: 'Reseñas', filters: [], fetchAllRows: vi.fn(async () => all) },
    });
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(1));
    expect(fetchAllRows).not.toHaveBeenCalled();
    expect(lastRequest()?.rows).toEqual(all);
  });

  it('asks the export question and sends the answer as a request parameter', async () => {
    const user = userEvent.setup({ delay: null });
    const block = tableBlock({
      columns,
      export: { fileName: 'Ventas', question: { text: '¿Incluir los ítems de las órdenes?', param: 'withItems', yes: true, no: false } },
    });
    const { fetchAllRows } = renderDataTable(block, rows);
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    expect(await screen.findByText('¿Incluir los ítems de las órdenes?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByText('¿Incluir los ítems de las órdenes?')).toBeNull());
    expect(exportTable).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await user.click(await screen.findByRole('radio', { name: 'Sí' }));
    await user.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(1));
    expect(fetchAllRows).toHaveBeenLastCalledWith({ withItems: 'true' }, undefined, false);
    expect(vi.mocked(exportTable).mock.lastCall?.[1]).toBe('csv');
  });

  it('on Sí fetches every row from the lines source and exports one line per nested row; on No the rows alone', async () => {
    const user = userEvent.setup({ delay: null });
    const block = tableBlock({
      columns: [{ field: 'ref', header: 'REF' }],
      export: {
        fileName: 'Ventas',
        question: { text: '¿Incluir los ítems?', lines: { source: 'withItems', rows: 'items', columns: [{ field: 'name', header: 'Ítem' }] } },
      },
    });
    const { fetchAllRows } = renderDataTable(block, rows);
    fetchAllRows.mockImplementation(async (_extra, sourceId) =>
      sourceId === 'withItems' ? [{ ref: 'A', items: [{ name: 'Café' }, { name: 'Pan' }] }] : [{ ref: 'A' }],
    );
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await user.click(await screen.findByRole('radio', { name: 'Sí' }));
    await user.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(1));
    expect(fetchAllRows).toHaveBeenLastCalledWith({}, 'withItems', true);
    expect(lastRequest()!.columns.map((c) => c.header)).toEqual(['REF', 'Ítem']);
    expect(lastRequest()!.rows).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await user.click(await screen.findByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Generar' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(2));
    expect(fetchAllRows).toHaveBeenLastCalledWith({}, undefined, false);
    expect(lastRequest()!.columns.map((c) => c.header)).toEqual(['REF']);
    expect(lastRequest()!.rows).toEqual([{ ref: 'A' }]);
  });

  it('with lines its screen request left out (screenParams), asks the rows again for the file and the print', async () => {
    const user = userEvent.setup({ delay: null });
    const block = tableBlock({
      columns: [{ field: 'name', header: 'Habitación' }],
      expand: { source: 'roomBookings', params: { place: '_id' }, rows: 'data', columns: [{ field: 'ref', header: 'REF' }] },
      export: { fileName: 'Ocupacion', lines: { rows: 'bookings', columns: [{ field: 'ref', header: 'REF' }] } },
    });
    const lean = [{ _id: 1, name: '101' }, { _id: 2, name: '102' }];
    const whole = [{ _id: 1, name: '101', bookings: [{ ref: 'A' }, { ref: 'B' }] }, { _id: 2, name: '102', bookings: [] }];
    const linesLeftOut = vi.fn(() => true);
    const fetchAllRows = vi.fn(async (_extra?: unknown, _source?: string, withLines?: boolean) => (withLines ? whole : lean));
    renderDataTable(block, lean, { exportContext: { title: 'Comercial', filters: [], fetchAllRows, linesLeftOut } });
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(1));
    expect(fetchAllRows).toHaveBeenLastCalledWith(undefined, undefined, true);
    expect(lastRequest()!.rows.map((row) => [(row as { name: string }).name, (row as { __line?: { ref: string } }).__line?.ref])).toEqual([
      ['101', 'A'],
      ['101', 'B'],
      ['102', undefined],
    ]);
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(printReport).toHaveBeenCalledTimes(1));
    expect(fetchAllRows).toHaveBeenCalledTimes(2);
    expect(vi.mocked(printReport).mock.lastCall?.[0].rows).toHaveLength(3);

    // Rows asked whole (no screenParams) are exported as held.
    linesLeftOut.mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(2));
    expect(fetchAllRows).toHaveBeenCalledTimes(2);
  });

  it('exports month columns with each row’s sums', async () => {
    const user = userEvent.setup({ delay: null });
    const block = tableBlock({ columns: [{ field: 'ref', header: 'REF' }], monthTotals: { rows: 'rates', date: 'date', value: 'totalRate' } });
    const stays = [{ ref: 'S', rates: [{ date: '2023-12-31', totalRate: 5 }, { date: '2024-01-01', totalRate: 7 }] }];
    renderDataTable(block, stays, { monthRange: { from: '2023-12-01', to: '2024-01-31' } });
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(1));
    const request = lastRequest()!;
    expect(request.columns.map((c) => [c.header, c.field, c.total])).toEqual([
      ['REF', 'ref', undefined],
      ['Diciembre 2023', '__monthTotals.m2023_12', 'sum'],
      ['Enero 2024', '__monthTotals.m2024_01', 'sum'],
    ]);
    // The page hands its rows as it holds them; the file's worker (and print) adds each row's sums.
    expect(request.rows).toEqual(stays);
    expect(withMonthSums(request).rows[0]).toMatchObject({ ref: 'S', __monthTotals: { m2023_12: 5, m2024_01: 7 } });
  });

  it('does not fetch again the rows of a server-paged table whose one page holds them all', async () => {
    const user = userEvent.setup({ delay: null });
    const { fetchAllRows } = renderDataTable(tableBlock({ columns }), rows, {
      paging: 'server',
      total: 3,
      controlled: false,
      state: { page: 1, pageSize: 50, sort: [], search: '' },
      exportContext: { title: 'X', filters: [], fetchAllRows: vi.fn(async () => rows), dataUpdatedAt: Date.UTC(2026, 10, 22, 14, 5) },
    });
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(exportTable).toHaveBeenCalledTimes(1));
    expect(fetchAllRows).not.toHaveBeenCalled();
    expect(lastRequest()?.rows).toEqual(rows);
    // When the screen's query read them.
    expect(lastRequest()?.dataAsOf).toEqual(new Date(Date.UTC(2026, 10, 22, 14, 5)));
  });

  it('shows the server error when the rows cannot be fetched', async () => {
    const user = userEvent.setup({ delay: null });
    const failure = new Error('caído');
    renderDataTable(tableBlock({ columns }), rows, {
      paging: 'server',
      total: 4,
      controlled: false,
      state: { page: 1, pageSize: 3, sort: [], search: '' },
      exportContext: { title: 'X', filters: [], fetchAllRows: async () => Promise.reject(failure) },
    });
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(notifyServerError).toHaveBeenCalledWith(failure));
    expect(exportTable).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Excel' }).hasAttribute('disabled')).toBe(false);
  });
});
