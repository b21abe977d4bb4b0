// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../tests/support/componentTeardown.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { testQueryClient } from '../api/testing/testQueryClient.ts';
import { fixtureModules } from '../../core/__fixtures__/menuDefinitions.ts';
import { menuSections, parseDefinitions } from '../../core/definitions.ts';
import { storeSession } from '../session/session.ts';
import { texts } from '../texts.ts';
import { loginPath } from './paths.ts';
import type { SavedView } from '../views/useViews.ts';
import { Sidebar } from './Sidebar.tsx';

// Screens load their code on demand; on a busy machine that takes a few seconds.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const sections = menuSections(parseDefinitions(fixtureModules));

const owner = { id: 2, name: 'Ana', lastName: 'Ruiz' };
const view = (id: number, name: string, path: string, shared: boolean): SavedView => ({
  id, reportId: 'x', path, name, shared, state: { filters: [], params: [] }, owner, mine: false, createdAt: '', updatedAt: '',
});

/** The sidebar with the saved views the API would answer (fresh in the cache: no request is made). */
function renderSidebar(path: string, views: SavedView[] = []) {
  const client = testQueryClient();
  client.setQueryData(queryKeys.views(), views);
  const router = createMemoryRouter(
    [
      { path: loginPath, element: <p>Página de ingreso</p> },
      { path: '*', element: <Sidebar sections={sections} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  storeSession('t', { _id: 1, name: 'María José', lastName: 'de la Torre', email: 'mj@mirador.test', avatar: null });
});

describe('sidebar', () => {
  it('shows the signed-in employee with initials when there is no photo', () => {
    renderSidebar('/');
    expect(screen.getByText('María José de la Torre')).toBeTruthy();
    expect(screen.getByText('mj@mirador.test')).toBeTruthy();
    expect(screen.getByText('MD')).toBeTruthy();
  });

  it("lists a screen's shared views under its entry, each opening the view, and not the private ones", () => {
    renderSidebar('/', [view(7, 'Llegadas de hoy', '/general/booking', true), view(8, 'Mía', '/general/booking', false), view(9, 'Otra', '/general/leads', true)]);
    const bookingViews = screen.getByRole('list', { name: 'Vistas compartidas de Reservas' });
    expect(within(bookingViews).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Llegadas de hoy', '/general/booking?savedView=7'],
    ]);
    const leadViews = screen.getByRole('list', { name: 'Vistas compartidas de Leads' });
    expect(within(leadViews).getAllByRole('link').map((link) => link.textContent)).toEqual(['Otra']);
  });

  it('lists the groups in route-map order, with one entry per review type', () => {
    renderSidebar('/');
    const nav = screen.getByRole('navigation', { name: texts.shell.navigation });
    expect(within(nav).getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      'Dashboard',
      'General',
      'POS',
      'Reseñas',
    ]);
    const general = within(nav).getByRole('region', { name: 'General' });
    expect(within(general).getAllByRole('link').map((link) => link.textContent)).toEqual(['Leads', 'Reservas']);
    const review = within(nav).getByRole('region', { name: 'Reseñas' });
    expect(within(review).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Comunidad', '/review/community'],
      ['Empleados', '/review/employee'],
      ['Productos', '/review/product'],
      ['Servicios', '/review/service'],
      ['Tareas', '/review/task'],
    ]);
  });

  it('highlights the current entry only', () => {
    renderSidebar('/review/product');
    const current = screen.getAllByRole('link').filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Productos']);
  });

  it('logs out: the stored session is gone and the sign-in page shows', async () => {
    const router = renderSidebar('/general/booking');
    await userEvent.click(screen.getByRole('button', { name: texts.shell.logout }));
    expect(await screen.findByText('Página de ingreso')).toBeTruthy();
    expect(router.state.location.pathname).toBe(loginPath);
    expect(['token', 'user', 'employee'].map((key) => localStorage.getItem(key))).toEqual([null, null, null]);
  });
});
