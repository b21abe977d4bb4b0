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

const bookings = [
  { _id: 1, ref: 'A-1', wayContactName: 'Juan Sebastián Pérez', dateStart: '2024-03-05', total: 1200.5, status: 'confirmed', user: { name: 'José', lastName: 'Ñúñez Gómez' } },
  { _id: 2, ref: 'A-2', wayContactName: 'Ana', dateStart: '2023-12-24', total: '80', status: 'checked_in', user: { name: 'María', lastName: 'de la Cruz' } },
  { _id: 3, ref: 'A-3', wayContactName: null, dateStart: '2024-01-15', total: 950, status: 'canceled', user: { name: 'Ángel', lastName: 'Ruiz' } },
];

const columns = [
  { field: 'ref', header: 'REF' },
  { field: 'wayContactName', header: 'Contacto', format: 'contactName' as const },
  { field: 'dateStart', header: 'Check-in', format: 'date' as const },
  { field: 'user', header: 'Cliente', format: 'clientName' as const },
  { field: 'total', header: 'Total', format: 'money' as const, total: 'sum' as const },
  { field: 'status', header: 'Status', format: 'bookingStatus' as const },
];

describe('DataTable cells', () => {
  it('shows every value through the one formatter, numbers right-aligned, cut text in a title', () => {
    const { container } = renderDataTable(tableBlock({ columns }), bookings);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['REF', 'Contacto', 'Check-in', 'Cliente', 'Total', 'Status']);
    expect(bodyRows(container)[0]).toEqual(['A-1', 'Juan Sebast…', '05/03/2024', 'José Ñúñez', '$1,200.50', 'Confirmado']);
    expect(bodyRows(container)[2]?.[1]).toBe('—');
    const cut = screen.getByText('Juan Sebast…');
    expect(cut.closest('td')?.getAttribute('title')).toBe('Juan Sebastián Pérez');
    expect(screen.getByText('$80.00').closest('td')?.style.textAlign).toBe('right');
    expect(screen.getByText('A-1').closest('td')?.style.textAlign).toBe('left');
  });

  it('says "Sin permiso" in the cells and the total of a figure the server withheld, not blank or 0', () => {
    const block = tableBlock({
      columns: [
        { field: 'invoice', header: 'Factura' },
        { field: 'tipAmount', header: 'Propina', format: 'money', total: 'sum', right: 'tips' },
        { field: 'total', header: 'Total', format: 'money', total: 'sum' },
      ],
    });
    const { container } = renderDataTable(block, [{ invoice: 'POS-1', tipAmount: null, total: 10 }, { invoice: 'POS-2', tipAmount: null, total: 5 }]);
    expect(bodyRows(container)).toEqual([['POS-1', 'Sin permiso', '$10.00'], ['POS-2', 'Sin permiso', '$5.00']]);
    const foot = container.querySelector('tfoot tr')!;
    expect([...foot.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['Total', 'Sin permiso', '$15.00']);
    expect(within(foot as HTMLElement).getByText('Sin permiso').getAttribute('title')).toBe('No tiene permiso para ver propinas');
  });

  it('renders booking statuses as tags with their label', () => {
    renderDataTable(tableBlock({ columns }), bookings);
    const tag = screen.getByText('Check In').closest('[data-status]') as HTMLElement;
    expect(tag.dataset.status).toBe('checked_in');
    expect(screen.getByText('Cancelado').closest('[data-status]')).toBeTruthy();
  });

  it('computes a column from a Vega expression', () => {
    const block = tableBlock({ columns: [{ header: 'Doble', value: 'datum.total * 2', format: 'money' }] });
    const { container } = renderDataTable(block, [{ total: 10 }, { total: '2.5' }]);
    expect(bodyRows(container)).toEqual([['$20.00'], ['$5.00']]);
  });

  it('colours balances by sign and shows their absolute value', () => {
    const block = tableBlock({
      columns: [{ field: 'balance', header: 'Balance', format: 'balance' }],
      balanceColors: { negative: 'green', positive: 'red' },
    });
    renderDataTable(block, [{ balance: -50 }, { balance: 30 }]);
    expect(screen.getByText('$50.00').closest('td')?.style.color).toBe('green');
    expect(screen.getByText('$30.00').closest('td')?.style.color).toBe('red');
  });

  it('says so when there are no rows', () => {
    renderDataTable(tableBlock({ columns }), []);
    expect(screen.getByText('No hay datos para mostrar.')).toBeTruthy();
  });
});

describe('DataTable client search', () => {
  it('filters rows by the formatted text of searchable columns, without case or accents', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderDataTable(tableBlock({ columns }), bookings);
    const search = screen.getByRole('searchbox', { name: 'Buscar…' });
    await user.type(search, 'jose nunez');
    await waitFor(() => expect(bodyRows(container).map((r) => r[0])).toEqual(['A-1']));
    await user.clear(search);
    await user.type(search, 'CHECK IN');
    await waitFor(() => expect(bodyRows(container).map((r) => r[0])).toEqual(['A-2']));
    expect(screen.getByText('1 fila')).toBeTruthy();
  });

  it('skips columns that are not searchable and hides the box when search is none', async () => {
    const user = userEvent.setup({ delay: null });
    const block = tableBlock({ columns: [{ field: 'ref', header: 'REF', searchable: false }, { field: 'status', header: 'Status', format: 'bookingStatus' }] });
    const { container } = renderDataTable(block, bookings);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar…' }), 'A-1');
    await waitFor(() => expect(bodyRows(container)).toEqual([['No hay datos para mostrar.']]));
    cleanup();
    renderDataTable(tableBlock({ columns, search: 'none' }), bookings);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('tells the page the search once typing pauses, back on page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const { onStateChange } = renderDataTable(tableBlock({ columns, pageSizes: [2, 4] }), bookings);
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar…' }), 'ana');
    await waitFor(() => expect(onStateChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 2, sort: [], search: 'ana' }));
  });
});

describe('DataTable client sort', () => {
  const sortBy = async (name: string) => fireEvent.click(screen.getByRole('button', { name }));

  it('sorts numbers numerically, cycling ascending, descending and unsorted', async () => {
    const { container } = renderDataTable(tableBlock({ columns }), bookings);
    const refs = () => bodyRows(container).map((r) => r[0]);
    await sortBy('Total');
    expect(refs()).toEqual(['A-2', 'A-3', 'A-1']);
    expect(screen.getByRole('columnheader', { name: 'Total' }).getAttribute('aria-sort')).toBe('ascending');
    await sortBy('Total');
    expect(refs()).toEqual(['A-1', 'A-3', 'A-2']);
    expect(screen.getByRole('columnheader', { name: 'Total' }).getAttribute('aria-sort')).toBe('descending');
    await sortBy('Total');
    expect(refs()).toEqual(['A-1', 'A-2', 'A-3']);
    expect(screen.getByRole('columnheader', { name: 'Total' }).getAttribute('aria-sort')).toBe('none');
  });

  it("shows a column's formula behind an info icon in its header, which does not sort", async () => {
    const help = 'Total = Σ tarifas por noche';
    const { container } = renderDataTable(tableBlock({ columns: columns.map((c) => (c.header === 'Total' ? { ...c, help } : c)) }), bookings);
    const header = screen.getByRole('columnheader', { name: /^Total/ });
    const icon = within(header).getByRole('button', { name: `Fórmula de Total: ${help}` });
    fireEvent.click(icon);
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(bodyRows(container).map((r) => r[0])).toEqual(['A-1', 'A-2', 'A-3']);
    expect(within(screen.getByRole('columnheader', { name: 'REF' })).queryByRole('button', { name: /Fórmula/ })).toBeNull();
  });

  it('sorts dates chronologically and text in Spanish order, blanks last', async () => {
    const { container } = renderDataTable(tableBlock({ columns }), bookings);
    const refs = () => bodyRows(container).map((r) => r[0]);
    await sortBy('Check-in');
    expect(refs()).toEqual(['A-2', 'A-3', 'A-1']);
    await sortBy('Cliente');
    expect(refs()).toEqual(['A-3', 'A-1', 'A-2']);
    await sortBy('Contacto');
    expect(refs()).toEqual(['A-2', 'A-1', 'A-3']);
    await sortBy('Contacto');
    expect(refs()).toEqual(['A-1', 'A-2', 'A-3']);
  });

  it('starts in the default sort the page puts in the state', () => {
    const { container } = renderDataTable(tableBlock({ columns, defaultSort: { field: 'dateStart', desc: true } }), bookings);
    expect(bodyRows(container).map((r) => r[0])).toEqual(['A-1', 'A-3', 'A-2']);
  });

  it('does not offer sorting on columns that are not sortable', () => {
    renderDataTable(tableBlock({ columns: [{ field: 'ref', header: 'REF', sortable: false }] }), bookings);
    expect(screen.queryByRole('button', { name: 'REF' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'REF' }).hasAttribute('aria-sort')).toBe(false);
  });
});

describe('DataTable totals', () => {
  it('sums every row shown, formatted like its column', async () => {
    const user = userEvent.setup({ delay: null });
    const block = tableBlock({
      columns: [...columns, { field: 'total', header: 'Promedio', format: 'money', total: 'avg' }, { field: 'ref', header: 'Reservas', total: 'count' }],
      pageSizes: [2],
    });
    const { container } = renderDataTable(block, bookings);
    const footer = () => [...container.querySelectorAll('tfoot td')].map((td) => td.textContent);
    expect(footer()).toEqual(['Total', '', '', '', '$2,230.50', '', '$743.50', '3']);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar…' }), 'confirmado');
    await waitFor(() => expect(footer()[4]).toBe('$1,200.50'));
  });
});

describe('DataTable row click and expand', () => {
  it('opens the row widget by click and by Enter with the row key', async () => {
    const user = userEvent.setup({ delay: null });
    const { onOpenWidget } = renderDataTable(tableBlock({ columns, rowClick: { widget: 'booking-detail', key: 'ref' } }), bookings);
    await user.click(screen.getByText('A-2'));
    expect(onOpenWidget).toHaveBeenLastCalledWith('booking-detail', 'A-2');
    const row = screen.getByText('A-3').closest('tr')!;
    row.focus();
    await user.keyboard('{Enter}');
    expect(onOpenWidget).toHaveBeenLastCalledWith('booking-detail', 'A-3');
  });

  it('keeps one row in the tab order; arrows, Home and End move the focus through the rows; Enter opens the focused one', async () => {
    const user = userEvent.setup({ delay: null });
    const { onOpenWidget } = renderDataTable(tableBlock({ columns, rowClick: { widget: 'booking-detail', key: 'ref' } }), bookings);
    const rows = () => screen.getAllByRole('row').filter((row) => row.closest('tbody'));
    const focusedRef = () => (document.activeElement as HTMLTableRowElement).cells[0]!.textContent;
    expect(rows().map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    rows()[0]!.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(focusedRef()).toBe('A-3');
    await user.keyboard('{ArrowUp}');
    expect(focusedRef()).toBe('A-2');
    expect(rows().map((row) => row.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard('{Home}');
    expect(focusedRef()).toBe('A-1');
    await user.keyboard('{End}');
    expect(focusedRef()).toBe('A-3');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onOpenWidget.mock.calls).toEqual([['booking-detail', 'A-2']]);
  });

  it('opens a column link\'s own widget with its own key, not the row\'s widget', async () => {
    const user = userEvent.setup({ delay: null });
    const orders = [
      { _id: 7, invoice: 'FAC-7', booking: { ref: 'B-1' } },
      { _id: 8, invoice: 'FAC-8', booking: null },
    ];
    const block = tableBlock({
      columns: [
        { field: 'invoice', header: 'Factura' },
        { field: 'booking.ref', header: 'Reserva', link: { widget: 'booking-detail', key: 'booking.ref' } },
      ],
      rowClick: { widget: 'order-detail', key: '_id' },
    });
    const { onOpenWidget } = renderDataTable(block, orders);
    await user.click(screen.getByRole('button', { name: 'B-1' }));
    expect(onOpenWidget.mock.calls).toEqual([['booking-detail', 'B-1']]);
    await user.click(screen.getByText('FAC-7'));
    expect(onOpenWidget).toHaveBeenLastCalledWith('order-detail', '7');
    // No key, no link: the second row's blank cell is plain text.
    expect(screen.getAllByRole('button', { name: /^B-/ })).toHaveLength(1);
  });

  it('expands a row into its nested rows, which open their own widget', async () => {
    const user = userEvent.setup({ delay: null });
    const rooms = [
      { name: 'Suite 101', totalSales: 500, bookings: [{ ref: 'B-7', total: 300 }, { ref: 'B-8', total: 200 }] },
      { name: 'Suite 102', totalSales: 0, bookings: [] },
    ];
    const block = tableBlock({
      columns: [{ field: 'name', header: 'Habitación' }, { field: 'totalSales', header: 'Ventas', format: 'money' }],
      expand: {
        rows: 'bookings',
        columns: [{ field: 'ref', header: 'REF' }, { field: 'total', header: 'Total', format: 'money' }],
        rowClick: { widget: 'booking-detail', key: 'ref' },
      },
    });
    const { onOpenWidget } = renderDataTable(block, rooms);
    expect(screen.queryByText('B-7')).toBeNull();
    const [first] = screen.getAllByRole('button', { name: 'Ver detalle' });
    await user.click(first!);
    expect(onOpenWidget).not.toHaveBeenCalled();
    const nested = screen.getByText('B-7').closest('table')!;
    expect(within(nested).getByText('$200.00')).toBeTruthy();
    await user.click(within(nested).getByText('B-8'));
    expect(onOpenWidget).toHaveBeenCalledWith('booking-detail', 'B-8');
    await user.click(screen.getByRole('button', { name: 'Ocultar detalle' }));
    expect(screen.queryByText('B-7')).toBeNull();
  });
});
