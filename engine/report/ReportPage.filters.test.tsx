// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../api/config.ts';
import { startFixedServer, type FixedServer } from '../api/testing/fixedServer.ts';
import { testQueryClient } from '../api/testing/testQueryClient.ts';
import { testDefinition } from '../../core/filters/testDefinition.ts';
import ReportPage from './ReportPage.tsx';
import '../../tests/support/componentTeardown.ts';

vi.mock('../notify.ts', () => ({ notifyError: vi.fn(), notifyServerError: vi.fn(), notifyWarning: vi.fn() }));
// The inline pickers load lazily: on a loaded 2-core machine the first one takes 10–15 s to appear.
configure({ asyncUtilTimeout: 30_000 });
vi.setConfig({ testTimeout: 30_000 });

const note = 'Suma las noches de todas las reservas filtradas.';
const definition = testDefinition({
  sources: { months: { path: '/api/v1/months', rows: 'data' } },
  filters: [{ id: 'year', kind: 'year', label: 'Año', default: 2024, inline: true }],
  blocks: [{ kind: 'table', source: 'months', columns: [{ field: 'month', header: 'Mes' }], note }],
});

let server: FixedServer;
beforeAll(async () => {
  server = await startFixedServer(() => ({ status: 200, body: { data: [{ month: 1 }] } }));
  setConfig({ apiBaseUrl: server.url });
});
afterAll(() => server.close());
afterEach(cleanup);

function renderPage() {
  const router = createMemoryRouter([{ path: '/test', element: <ReportPage definition={definition} /> }], { initialEntries: ['/test'] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

// The table's requests (the page also asks for its saved views).
const yearsAsked = () =>
  server.requests.map((r) => new URL(r.url, server.url)).filter((url) => url.pathname === '/api/v1/months').map((url) => url.searchParams.get('year'));

describe('ReportPage filters on the page', () => {
  it('an inline filter sits on the page, not in a drawer, and one change asks again', async () => {
    const user = renderPage();
    // The pickers are a lazy chunk: its first load in a test file takes long on a loaded machine.
    const year = await screen.findByRole('combobox', { name: 'Año' }, { timeout: 30_000 });
    expect(screen.queryByRole('button', { name: 'Filtros' })).toBeNull();
    await waitFor(() => expect(yearsAsked()).toEqual(['2024']));
    await user.selectOptions(year, '2023');
    await waitFor(() => expect(yearsAsked()).toEqual(['2024', '2023']));
    expect(year).toHaveProperty('value', '2023');
  });

  it("shows a table's note under it", async () => {
    renderPage();
    const shown = await screen.findByText(note);
    const table = await screen.findByRole('table');
    expect(table.compareDocumentPosition(shown) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
