// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialTableState } from '../../core/table/initialTableState.ts';
import DataTable from './DataTable.tsx';
import { NestedRowsContext, type NestedRowsQuery } from './NestedTable.tsx';
import { tableBlock } from './renderDataTable.tsx';

vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

// `expand.source`: an opened row's nested rows are asked for that row (the page's query, here a function of the row).
describe('NestedTable with expand.source', () => {
  const block = tableBlock({
    columns: [{ field: 'name', header: 'Habitación' }],
    expand: { source: 'roomBookings', params: { place: '_id' }, rows: 'data', columns: [{ field: 'ref', header: 'REF' }], rowClick: { widget: 'booking-detail', key: 'ref' } },
  });
  const rooms = [{ _id: 1, name: 'Suite 101' }, { _id: 2, name: 'Suite 102' }];

  function renderRooms(fetchRoom: (id: number) => Promise<unknown>) {
    const asked: number[] = [];
    const nestedQuery = (row: unknown): NestedRowsQuery => {
      const id = (row as { _id: number })._id;
      return { queryKey: ['room', id], queryFn: () => (asked.push(id), fetchRoom(id)) };
    };
    // The app's cache times (an answer stays fresh 30 s), without its retry.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    const onOpenWidget = vi.fn();
    render(
      <QueryClientProvider client={client}>
        <NestedRowsContext value={nestedQuery}>
          <DataTable
            block={block}
            rows={rooms}
            total={rooms.length}
            paging="none"
            loading={false}
            state={initialTableState(block)}
            onStateChange={() => undefined}
            exportContext={{ title: 'Comercial', filters: [], fetchAllRows: async () => rooms }}
            onOpenWidget={onOpenWidget}
          />
        </NestedRowsContext>
      </QueryClientProvider>,
    );
    return { asked, onOpenWidget };
  }

  it('asks nothing until a row opens; then shows the loading state, and the rows its answer holds at `rows`', async () => {
    const user = userEvent.setup({ delay: null });
    let answer!: (value: unknown) => void;
    const { asked, onOpenWidget } = renderRooms(() => new Promise((resolve) => (answer = resolve)));
    expect(asked).toEqual([]);
    await user.click(screen.getAllByRole('button', { name: 'Ver detalle' })[1]!);
    expect(asked).toEqual([2]);
    expect(screen.getByLabelText('Cargando…')).toBeTruthy();
    answer({ data: [{ ref: 'B-8' }, { ref: 'B-9' }], total: 10 });
    const nested = (await screen.findByText('B-8')).closest('table')!;
    expect(within(nested).getAllByRole('row').map((row) => row.textContent)).toEqual(['REF', 'B-8', 'B-9']);
    expect(screen.queryByLabelText('Cargando…')).toBeNull();
    await user.click(within(nested).getByText('B-9'));
    expect(onOpenWidget).toHaveBeenCalledWith('booking-detail', 'B-9');
    // Closed and opened again: the answer is the cache's, not asked again.
    await user.click(screen.getByRole('button', { name: 'Ocultar detalle' }));
    await user.click(screen.getAllByRole('button', { name: 'Ver detalle' })[1]!);
    expect(await screen.findByText('B-8')).toBeTruthy();
    expect(asked).toEqual([2]);
  });

  it('a failed request shows the error with Reintentar, which asks again', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    const { asked } = renderRooms(async () => {
      if (fail) throw new Error('HTTP 503');
      return { data: [] };
    });
    await user.click(screen.getAllByRole('button', { name: 'Ver detalle' })[0]!);
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    fail = false;
    await user.click(retry);
    await waitFor(() => expect(screen.getByText('No hay datos para mostrar.')).toBeTruthy());
    expect(asked).toEqual([1, 1]);
  });
});
