// @vitest-environment jsdom
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../api/config.ts';
import { queryClient } from '../api/queryClient.ts';
import { startFixedServer, type FixedServer } from '../api/testing/fixedServer.ts';
import { fixtureModules } from '../../core/__fixtures__/menuDefinitions.ts';
import { readDefinitions } from '../../core/definitions.ts';
import { storeSession } from '../session/session.ts';
import { texts } from '../texts.ts';
import AuthenticatedApp from './AuthenticatedApp.tsx';
import { InvalidDefinitionPage } from './InvalidDefinitionPage.tsx';
import { RequireSession } from './RequireSession.tsx';
import '../../tests/support/componentTeardown.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// Two wrong definition files beside the fixtures: an unknown key in a column, and a broken expression in a card.
const wrongModules = {
  ...fixtureModules,
  './general/income.ts': {
    id: 'general-income',
    route: '/general/income',
    title: 'Ingresos por canal',
    menu: { group: 'General', order: 3 },
    sources: { rows: { path: '/api/v1/report/booking' } },
    blocks: [{ kind: 'table', source: 'rows', columns: [{ field: 'channel', hedaer: 'Canal' }] }],
  },
  './general/cards.ts': {
    id: 'general-cards',
    route: '/general/cards',
    title: 'Cifras',
    sources: { stats: { path: '/api/v1/report/booking/recaudoStatistics' } },
    blocks: [{ kind: 'cards', source: 'stats', cards: [{ label: 'Total', value: 'datum.data.total +' }] }],
  },
};
const { valid, invalid } = readDefinitions(wrongModules);

let server: FixedServer;
beforeAll(async () => {
  server = await startFixedServer(() => ({ status: 404, body: { message: 'Recurso no encontrado.' } }));
});
afterAll(() => server.close());
beforeEach(() => {
  queryClient.clear();
  localStorage.clear();
  setConfig({ apiBaseUrl: server.url, authBaseUrl: server.url, paymentsBaseUrl: server.url, masterBaseUrl: server.url });
  storeSession('t', { _id: 1, name: 'Ana', lastName: 'Ruiz', email: 'demo@mirador.test', avatar: null });
});

function renderShell(path: string) {
  const router = createMemoryRouter(
    [{ path: '*', element: <RequireSession><AuthenticatedApp definitions={valid} invalid={invalid} /></RequireSession> }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('a wrong definition', () => {
  it('is set apart, named by its file with why, and the others load', () => {
    // The broken expression is found where it is used, when its screen opens (below).
    expect(valid.map((d) => d.id).sort()).toEqual([...readDefinitions(fixtureModules).valid.map((d) => d.id), 'general-cards'].sort());
    expect(invalid).toEqual([
      expect.objectContaining({ file: './general/income.ts', route: '/general/income', problems: expect.arrayContaining(['/blocks/0/columns/0: Unrecognized key: "hedaer"']) }),
    ]);
  });

  it('with a broken expression says so at its route, not "Revise su conexión"', async () => {
    renderShell('/general/cards');
    const alert = (await screen.findByText(texts.app.invalidDefinition)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(texts.app.invalidDefinitionFile('./general/cards.ts'))).toBeTruthy();
    expect(within(alert).getByText('/blocks/0/cards/0/value: expression "datum.data.total +": does not parse: Unexpected end of input')).toBeTruthy();
    expect(screen.queryByText(texts.app.loadError)).toBeNull();
  });

  it('shows at its route which file is wrong and why; the menu and the other screens keep working', async () => {
    const router = renderShell('/general/income');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(texts.app.invalidDefinition)).toBeTruthy();
    expect(within(alert).getByText(texts.app.invalidDefinitionFile('./general/income.ts'))).toBeTruthy();
    expect(within(alert).getByText(/hedaer/)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ingresos por canal'));
    // Its menu entry is there (it leads here); another entry opens its screen.
    expect(screen.getByRole('link', { name: 'Ingresos por canal' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Leads' }));
    expect(router.state.location.pathname).toBe('/general/leads');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Leads'));
    expect(screen.queryByText(texts.app.invalidDefinition)).toBeNull();
  });

  it('in production says only that the screen cannot be shown, without the technical detail', () => {
    const { container } = render(<InvalidDefinitionPage definition={invalid[0]!} detail={false} />);
    expect(screen.getByText(texts.app.invalidDefinition)).toBeTruthy();
    expect(screen.getByText(texts.app.invalidDefinitionSupport)).toBeTruthy();
    expect(container.textContent).not.toMatch(/hedaer|income\.ts/);
  });
});
