// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../api/config.ts';
import { testQueryClient } from '../api/testing/testQueryClient.ts';
import { startFixedServer, type FixedAnswer, type FixedServer, type ReceivedRequest } from '../api/testing/fixedServer.ts';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import ReportPage from './ReportPage.tsx';
import '../../tests/support/componentTeardown.ts';

const notices = vi.hoisted(() => ({ notifyError: vi.fn(), notifyServerError: vi.fn(), notifyServerErrorWorded: vi.fn(), notifyWarning: vi.fn() }));
vi.mock('../notify.ts', () => notices);

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const definition = testDefinition({
  sources: {
    summary: { path: '/api/v1/summary' },
    rows: { path: '/api/v1/rows', paging: { mode: 'server' } },
  },
  filters: [
    { id: 'isVirtual', kind: 'virtualType', label: 'Tipo de reserva', default: 'real' },
    { id: 'status', kind: 'multiSelect', label: 'Status', options: 'bookingStatus' },
  ],
  blocks: [
    { kind: 'cards', source: 'summary', cards: [{ label: 'Reservas', field: 'data.count', format: 'integer', animate: false }] },
    {
      kind: 'table',
      source: 'rows',
      pageSizes: [10, 20],
      rowClick: { widget: 'order-detail', key: 'ref' },
      columns: [{ field: 'ref', header: 'REF' }],
    },
  ],
});

const fixedAnswers: Record<string, unknown> = {
  '/api/v1/summary': { data: { count: 42 } },
  '/api/v1/groups': {
    data: [
      { name: 'Suite', total: 7, rooms: [{ ref: 'Suite 101' }] },
      { name: 'Loft', total: 3, rooms: [{ ref: 'Loft 201' }, { ref: 'Loft 202' }] },
    ],
  },
  '/api/v1/late': { data: [{ ref: 'Tardía 1' }] },
};

let server: FixedServer;
let answerRows: (request: ReceivedRequest) => FixedAnswer;
const rowsOk = (): FixedAnswer => ({ status: 200, body: { data: [{ ref: 'MR000123' }, { ref: 'MR000124' }], total: 25 } });

beforeAll(async () => {
  // The drawer loads on demand; loading it once here keeps that time out of the tests' own.
  await import('../filters/FilterDrawer.tsx');
  server = await startFixedServer((request) => {
    const path = new URL(request.url, 'http://x').pathname;
    // The order detail the row opens asks for its order: this one does not exist.
    if (path.startsWith('/api/v1/order/')) return { status: 404, body: { message: 'Orden no encontrada' } };
    const fixed = fixedAnswers[path];
    return fixed ? { status: 200, body: fixed } : answerRows(request);
  });
});
afterAll(() => server.close());

beforeEach(() => {
  setConfig({ apiBaseUrl: server.url });
  server.requests.length = 0;
  answerRows = rowsOk;
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function Location() {
  const { search } = useLocation();
  return <output aria-label="url">{decodeURIComponent(search)}</output>;
}

function renderPage(search = '', page = definition) {
  const router = createMemoryRouter(
    [
      {
        path: '/test',
        element: (
          <>
            <ReportPage definition={page} />
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [`/test${search}`] },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), url: () => screen.getByRole('status', { name: 'url' }).textContent ?? '' };
}

const rowRequests = () => server.requests.filter((r) => r.url.startsWith('/api/v1/rows')).map((r) => new URL(r.url, server.url).search);

describe('ReportPage', () => {
  it('fetches each block with the default filters and shows cards, table and the applied filters', async () => {
    renderPage();
    expect(await within(screen.getByRole('group', { name: 'Reservas' })).findByText('42')).toBeTruthy();
    expect(await screen.findByText('MR000123')).toBeTruthy();
    expect(rowRequests()).toEqual(['?isVirtual=false&page=1&itemsPerPage=10']);
    expect(screen.getByRole('list', { name: 'Filtros aplicados' }).textContent).toContain('Tipo de reserva: Reales');
  });

  it('Aplicar puts the filters in the URL and asks again', async () => {
    const { user, url } = renderPage('?t1.page=2');
    await screen.findByText('MR000123');
    expect(rowRequests()).toEqual(['?isVirtual=false&page=2&itemsPerPage=10']);

    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    await user.click(await screen.findByRole('radio', { name: 'Virtuales' }));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));

    await waitFor(() => expect(url()).toBe('?isVirtual=virtual&status='));
    await waitFor(() => expect(rowRequests()).toContain('?isVirtual=true&page=1&itemsPerPage=10'));
    expect(screen.getByRole('list', { name: 'Filtros aplicados' }).textContent).toContain('Tipo de reserva: Virtuales');
  });

  it('reads the filters of a shared link', async () => {
    renderPage('?isVirtual=all&status=confirmed&status=checked_in');
    await screen.findByText('MR000123');
    expect(rowRequests()).toEqual(['?status=confirmed&status=checked_in&page=1&itemsPerPage=10']);
    expect(screen.getByRole('list', { name: 'Filtros aplicados' }).textContent).toContain('Status: Confirmado, Check In');
  });

  it('opens a row in a full-screen widget linked from the URL, and closes it', async () => {
    const { user, url } = renderPage();
    await user.click(await screen.findByText('MR000124'));
    await waitFor(() => expect(url()).toBe('?open=order-detail:MR000124'));
    const panel = await screen.findByRole('dialog', { name: 'Detalle de orden' });
    // Closed once the widget has loaded and answered (the frame shown while loading is replaced by its own).
    await within(panel).findByText('La orden no existe.');
    await user.click(within(panel).getAllByRole('button', { name: 'Cerrar' })[0]!);
    await waitFor(() => expect(url()).toBe(''));
  });

  it('shows a failed block with a retry, after one notice', async () => {
    answerRows = () => ({ status: 400, body: { message: 'Parámetro inválido' } });
    const { user } = renderPage();
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    expect(screen.getByText('No se pudieron cargar los datos.')).toBeTruthy();
    // One notice, worded as the definition says (the default: plain).
    expect(notices.notifyServerErrorWorded).toHaveBeenCalledOnce();
    expect(notices.notifyServerErrorWorded.mock.calls[0]![1]).toBe('plain');
    answerRows = rowsOk;
    await user.click(retry);
    expect(await screen.findByText('MR000123')).toBeTruthy();
  });
});

describe('ReportPage tabs', () => {
  const tabbed = testDefinition({
    sources: { groups: { path: '/api/v1/groups' }, late: { path: '/api/v1/late', lazy: true } },
    blocks: [
      {
        kind: 'tabs',
        fromData: {
          source: 'groups',
          rows: 'data',
          title: 'name',
          blocks: [
            { kind: 'cards', source: 'groups', cards: [{ label: 'Ventas de la tipología', field: 'total', format: 'integer', animate: false }] },
            { kind: 'table', source: 'groups', rows: 'rooms', columns: [{ field: 'ref', header: 'Habitación' }] },
          ],
        },
      },
      {
        kind: 'tabs',
        tabs: [
          { title: 'Resumen', blocks: [{ kind: 'table', source: 'groups', columns: [{ field: 'name', header: 'Tipología' }] }] },
          { title: 'Tardías', blocks: [{ kind: 'table', source: 'late', columns: [{ field: 'ref', header: 'REF' }] }] },
        ],
      },
    ],
  });
  const requested = (path: string) => server.requests.some((r) => r.url.startsWith(path));

  it('shows one tab per element, its blocks reading the element, the tab kept in the URL', async () => {
    const { user, url } = renderPage('', tabbed);
    expect(await screen.findByText('Suite 101')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Ventas de la tipología' })).getByText('7')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Loft' }));
    expect(await screen.findByText('Loft 202')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Ventas de la tipología' })).getByText('3')).toBeTruthy();
    await waitFor(() => expect(url()).toBe('?t0.tab=1'));
  });

  it('fetches a lazy source only when its tab shows', async () => {
    const { user } = renderPage('', tabbed);
    await screen.findByText('Suite 101');
    expect(requested('/api/v1/late')).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Tardías' }));
    expect(await screen.findByText('Tardía 1')).toBeTruthy();
    expect(requested('/api/v1/late')).toBe(true);
  });
});
