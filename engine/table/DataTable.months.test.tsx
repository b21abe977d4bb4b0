// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
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

const block = tableBlock({
  columns: [{ field: 'ref', header: 'REF' }],
  monthTotals: { rows: 'rates', date: 'date', value: 'totalRate' },
});
const stays = [
  {
    ref: 'S-1',
    rates: [
      { date: '2023-11-30', totalRate: 100 },
      { date: '2023-12-01', totalRate: '120.5' },
      { date: '2023-12-02T00:00:00.000Z', totalRate: 120 },
    ],
  },
  { ref: 'S-2', rates: [{ date: '2024-01-10', totalRate: 80 }] },
  { ref: 'S-3', rates: [] },
];

describe('DataTable month totals', () => {
  it('adds one column per month of the period with each row’s sum and footer sums', () => {
    const { container } = renderDataTable(block, stays, { monthRange: { from: '2023-11-15', to: '2024-01-31' } });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['REF', 'Noviembre 2023', 'Diciembre 2023', 'Enero 2024']);
    expect(bodyRows(container)).toEqual([
      ['S-1', '$100.00', '$240.50', '$0.00'],
      ['S-2', '$0.00', '$0.00', '$80.00'],
      ['S-3', '$0.00', '$0.00', '$0.00'],
    ]);
    expect([...container.querySelectorAll('tfoot td')].map((td) => td.textContent)).toEqual(['Total', '$100.00', '$240.50', '$80.00']);
  });

  it("sums the months in the footer over the rows the search leaves, and back over all when it is cleared", async () => {
    const user = userEvent.setup({ delay: null });
    const { container } = renderDataTable(block, stays, { monthRange: { from: '2023-11-15', to: '2024-01-31' } });
    const footer = () => [...container.querySelectorAll('tfoot td')].map((td) => td.textContent);
    const search = screen.getByRole('searchbox', { name: 'Buscar…' });
    await user.type(search, 'S-2');
    await waitFor(() => expect(bodyRows(container)).toEqual([['S-2', '$0.00', '$0.00', '$80.00']]));
    expect(footer()).toEqual(['Total', '$0.00', '$0.00', '$80.00']);
    await user.clear(search);
    await waitFor(() => expect(bodyRows(container)).toHaveLength(3));
    expect(footer()).toEqual(['Total', '$100.00', '$240.50', '$80.00']);
  });

  it('shows month sums the server computed (Seguimiento: select=monthTotals) as they are', () => {
    const summed = tableBlock({ columns: [{ field: 'ref', header: 'REF' }], monthTotals: { rows: 'monthTotals', date: 'month', value: 'total' } });
    const rows = [
      { ref: 'S-1', monthTotals: [{ month: '2023-11-01', total: 100 }, { month: '2023-12-01', total: '240.50' }] },
      { ref: 'S-2', monthTotals: [{ month: '2024-01-01', total: 80 }] },
    ];
    const { container } = renderDataTable(summed, rows, { monthRange: { from: '2023-12-01', to: '2024-01-31' } });
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['REF', 'Diciembre 2023', 'Enero 2024']);
    expect(bodyRows(container)).toEqual([
      ['S-1', '$240.50', '$0.00'],
      ['S-2', '$0.00', '$80.00'],
    ]);
  });

  it('uses the months found in the rows when there is no period', () => {
    renderDataTable(block, stays.slice(1));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['REF', 'Enero 2024']);
  });

  it('sorts by a month column locally', () => {
    const { container } = renderDataTable(block, stays, { monthRange: { from: '2023-12-01', to: '2024-01-31' } });
    screen.getByRole('button', { name: 'Enero 2024' }).click();
    return Promise.resolve().then(() => expect(bodyRows(container).map((r) => r[0])).toEqual(['S-1', 'S-3', 'S-2']));
  });
});

describe('DataTable virtual body', () => {
  it('keeps the DOM small with 100,000 rows', { timeout: 60_000 }, () => {
    // jsdom lays nothing out: give the scrolling viewport a browser-like height.
    const clientHeight = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const rows = Array.from({ length: 100_000 }, (_, i) => ({
      _id: i,
      ref: `R-${i}`,
      total: i,
      monthTotals: [{ month: '2023-12-01', total: 1 }],
    }));
    const big = tableBlock({
      columns: [{ field: 'ref', header: 'REF' }, { field: 'total', header: 'Total', format: 'money', total: 'sum' }],
      pageSizes: [200, 500, 1000, 1000000],
      search: 'server',
      monthTotals: { rows: 'monthTotals', date: 'month', value: 'total' },
    });
    const started = performance.now();
    const { container } = renderDataTable(big, rows, {
      paging: 'server',
      total: rows.length,
      state: { page: 1, pageSize: 1000000, sort: [], search: '' },
      monthRange: { from: '2023-12-01', to: '2023-12-31' },
    });
    const elapsed = performance.now() - started;
    const rendered = container.querySelectorAll('tr').length;
    expect(rendered).toBeLessThan(100);
    expect(screen.getByText('R-0')).toBeTruthy();
    expect(screen.getByText('100,000 filas')).toBeTruthy();
    expect([...container.querySelectorAll('tfoot td')].map((td) => td.textContent)).toEqual(['Total de la página', '$4,999,950,000.00', '$100,000.00']);
    clientHeight.mockRestore();
    console.info(`100,000 rows: ${rendered} <tr> in the DOM, first render ${Math.round(elapsed)} ms (jsdom)`);
  });
});
