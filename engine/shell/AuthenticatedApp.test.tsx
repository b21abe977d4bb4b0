// @vitest-environment jsdom
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../api/client.ts';
import { setConfig } from '../api/config.ts';
import { queryClient } from '../api/queryClient.ts';
import { startFixedServer, type FixedServer } from '../api/testing/fixedServer.ts';
import { fixtureModules } from '../../core/__fixtures__/menuDefinitions.ts';
import { parseDefinitions, reports } from '../../core/definitions.ts';
import { reportGlossary } from '../report/glossary.ts';
import { storeSession } from '../session/session.ts';
import { texts } from '../texts.ts';
import AuthenticatedApp from './AuthenticatedApp.tsx';
import { LoginPage } from './LoginPage.tsx';
import { loginPath } from './paths.ts';
import { RequireSession } from './RequireSession.tsx';
import '../../tests/support/componentTeardown.ts';

// Screens load their code on demand; on a busy machine that takes a few seconds.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const definitions = parseDefinitions(fixtureModules);
let server: FixedServer;
let trmStatus = 200;

beforeAll(async () => {
  server = await startFixedServer((request) => {
    if (request.url === '/api/v1/trm') {
      return trmStatus === 200 ? { status: 200, body: { data: { date: '2026-11-20', value_30: 4012.5 } } } : { status: trmStatus, body: { message: 'No hay TRM registrada para la fecha.' } };
    }
    if (request.url === '/api/version') return { status: 200, body: { version: '0.1.0', commit: 'fe8f844db74669f607dae5ed3122f959b30a2e56' } };
    if (request.url === '/api/v1/about') return { status: 200, body: { data: { version: '0.1.0', database: { name: 'PGlite (embebida), PostgreSQL', version: '17.4' } } } };
    if (request.url === '/api/v1/expired') return { status: 401, body: { message: 'La sesión no es válida o ha expirado.' } };
    return { status: 404, body: { message: 'Recurso no encontrado.' } };
  });
});
afterAll(() => server.close());

beforeEach(() => {
  trmStatus = 200;
  queryClient.clear();
  localStorage.clear();
  setConfig({ apiBaseUrl: server.url, authBaseUrl: server.url, paymentsBaseUrl: server.url, masterBaseUrl: server.url });
  storeSession('t', { _id: 1, name: 'Ana', lastName: 'Ruiz', email: 'demo@mirador.test', avatar: null });
});

function renderShell(path: string) {
  const router = createMemoryRouter(
    [
      { path: loginPath, element: <LoginPage /> },
      { path: '*', element: <RequireSession><AuthenticatedApp definitions={definitions} /></RequireSession> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the signed-in shell', () => {
  it("shows today's TRM as money in the header", async () => {
    renderShell('/about');
    expect(screen.getByText(texts.shell.trm)).toBeTruthy();
    expect(await screen.findByText('$4,012.50')).toBeTruthy();
  });

  it("shows the TRM's own notice when the payments service fails", async () => {
    trmStatus = 500;
    renderShell('/about');
    expect(await screen.findByText(texts.errors.trmTitle)).toBeTruthy();
  });

  it('loads the about page on demand, its title in the header', async () => {
    renderShell('/about');
    expect(await screen.findByText(texts.about.title)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(texts.app.about));
    expect(document.title).toBe(`${texts.app.about} · ${texts.app.name}`);
  });

  it('shows on About the version and commit the server runs, the database the API names and each report\'s formulas', async () => {
    renderShell('/about');
    expect(await screen.findByText('PGlite (embebida), PostgreSQL 17.4')).toBeTruthy();
    const facts = () => screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    await waitFor(() => expect(facts()).toContainEqual([texts.about.commit, 'fe8f844db746']));
    expect(facts()).toContainEqual([texts.about.version, '0.1.0']);
    const glossary = screen.getByRole('region', { name: texts.about.glossary });
    for (const report of reports) {
      const entries = reportGlossary(report);
      if (entries.length === 0) continue;
      const section = within(glossary).getByRole('region', { name: report.title });
      expect(within(section).getAllByRole('term').map((term) => term.textContent)).toEqual(entries.map((entry) => entry.label));
      expect(within(section).getAllByRole('definition').map((text) => text.textContent)).toEqual(entries.map((entry) => entry.text));
    }
    expect(within(glossary).getByRole('region', { name: 'Dashboard' })).toBeTruthy();
  });

  it('answers an unknown path, or an unlisted review type, with the not-found page', async () => {
    renderShell('/no/such/page');
    expect(await screen.findByText(texts.app.notFound, { selector: '.bp6-non-ideal-state *' })).toBeTruthy();
    cleanup();
    renderShell('/review/rooms');
    expect(await screen.findByText(texts.app.notFound, { selector: '.bp6-non-ideal-state *' })).toBeTruthy();
  });

  it('ends on the sign-in page, session gone, when a call answers 401', async () => {
    const router = renderShell('/about');
    await screen.findByText(texts.about.title);
    await act(async () => {
      await apiGet({ service: 'api', path: '/api/v1/expired' }).catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { name: texts.login.title })).toBeTruthy();
    expect(router.state.location.pathname).toBe(loginPath);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logs out from the sidebar to the sign-in page', async () => {
    renderShell('/about');
    await userEvent.click(await screen.findByRole('button', { name: texts.shell.logout }));
    expect(await screen.findByRole('heading', { name: texts.login.title })).toBeTruthy();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
