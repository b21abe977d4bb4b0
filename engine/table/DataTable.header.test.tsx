// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { printReport } from '../print/printReport.ts';
import { bodyRows, renderDataTable, tableBlock } from './renderDataTable.tsx';

vi.mock('../export/exportTable.ts', () => ({ exportTable: vi.fn(async () => undefined) }));
vi.mock('../print/printReport.ts', () => ({ printReport: vi.fn() }));
vi.mock('../session/session.ts', () => ({ getSession: () => null }));
vi.mock('../notify.ts', () => ({ notifyServerError: vi.fn(), notifyError: vi.fn() }));

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => vi.mocked(printReport).mockClear());
afterEach(cleanup);

const columns = [
  { field: 'ref', header: 'REF' },
  { field: 'user', header: 'Cliente', format: 'clientName' as const },
  { field: 'place', header: 'Habitación', format: 'placeName' as const },
  { field: 'total', header: 'Total', format: 'money' as const, total: 'sum' as const },
];
const rows = Array.from({ length: 25 }, (_, i) => ({
  ref: `R-${String(i + 1).padStart(2, '0')}`,
  user: { name: 'Ana', lastName: `Gil ${i}` },
  place: `Apto ${i % 3} alcoba doble`,
  total: 25 - i,
}));
const refs = (container: HTMLElement) => bodyRows(container).map((r) => r[0]);

describe('DataTable header', () => {
  it('sorts on a click anywhere in the header cell, not only on its text', () => {
    const { container } = renderDataTable(tableBlock({ columns }), rows);
    const header = screen.getByRole('columnheader', { name: 'Total' });
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(refs(container)[0]).toBe('R-25');
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts from the keyboard: Tab reaches the header, Enter and Space cycle its order', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderDataTable(tableBlock({ columns, search: 'none' }), rows);
    const header = screen.getByRole('columnheader', { name: 'Total' });
    // The header's sort button (its width handle comes first in the tab order).
    const sortButton = header.querySelector('button.mirador-table-sort');
    for (let i = 0; i < 12 && document.activeElement !== sortButton; i += 1) await user.tab();
    expect(document.activeElement).toBe(sortButton);
    await user.keyboard('{Enter}');
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(refs(container)[0]).toBe('R-25');
    await user.keyboard(' ');
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(refs(container)[0]).toBe('R-01');
  });
});

describe('DataTable pinned columns', () => {
  it('pins the number of leading columns the block names, header, body and totals alike', () => {
    const { container } = renderDataTable(tableBlock({ columns, pinnedColumns: 2 }), rows);
    const pinnedIn = (selector: string) => [...container.querySelectorAll(selector)].map((cell) => cell.classList.contains('mirador-table-pinned'));
    expect(pinnedIn('thead th')).toEqual([true, true, false, false]);
    expect(pinnedIn('tbody tr:first-child td')).toEqual([true, true, false, false]);
    expect(pinnedIn('tfoot td')).toEqual([true, true, false, false]);
    const second = container.querySelector<HTMLElement>('tbody tr:first-child td:nth-child(2)')!;
    expect(second.style.left).toBe('var(--mirador-pin-1, 0px)');
    expect(container.querySelector('.mirador-table-scroll-pinned')).not.toBeNull();
  });

  it('pins nothing by default', () => {
    const { container } = renderDataTable(tableBlock({ columns }), rows);
    expect(container.querySelector('.mirador-table-pinned')).toBeNull();
    expect(container.querySelector('.mirador-table-scroll-pinned')).toBeNull();
  });
});

describe('DataTable print of a paged table', () => {
  const printedRefs = () => vi.mocked(printReport).mock.calls.at(-1)![0].rows.map((row) => (row as { ref: string }).ref);

  it('asks whether to print the page or every row, with the counts, and prints the choice', async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderDataTable(tableBlock({ columns, pageSizes: [10] }), rows);
    await user.click(screen.getByRole('button', { name: /Siguiente/ }));
    const printButton = () => within(container.querySelector<HTMLElement>('.mirador-table-actions')!).getByRole('button', { name: 'Imprimir' });
    await user.click(printButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Solo esta página: 10 filas' })).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: 'Todas: 25 filas (una hoja)' })).toBeTruthy();
    expect(printReport).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir' }));
    expect(printedRefs()).toEqual(refs(container));
    expect(printedRefs()[0]).toBe('R-11');

    await user.click(printButton());
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('radio', { name: /^Todas/ }));
    await user.click(within(again).getByRole('button', { name: 'Imprimir' }));
    expect(printedRefs()).toEqual(rows.map((row) => row.ref));
  });

  it('prints at once when every row is on the page', async () => {
    const user = userEvent.setup({ delay: null });
    renderDataTable(tableBlock({ columns, pageSizes: [50] }), rows);
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(printedRefs()).toHaveLength(25);
  });
});
