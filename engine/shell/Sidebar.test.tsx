// @vitest-environment jsdom
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureModules } from '../core/__fixtures__/menuDefinitions.ts';
import { menuSections, parseDefinitions } from '../core/definitions.ts';
import { storeSession } from '../session/session.ts';
import { texts } from '../texts.ts';
import { loginPath } from './paths.ts';
import { Sidebar } from './Sidebar.tsx';

// Screens load their code on demand; on a busy machine that takes a few seconds.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const sections = menuSections(parseDefinitions(fixtureModules));

function renderSidebar(path: string) {
  const router = createMemoryRouter(
    [
      { path: loginPath, element: <p>Página de ingreso</p> },
      { path: '*', element: <Sidebar sections={sections} /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  storeSession('t', { _id: 1, name: 'María José', lastName: 'de la Torre', email: 'mj@mirador.test', avatar: null });
});
afterEach(cleanup);

describe('sidebar', () => {
  it('shows the signed-in employee with initials when there is no photo', () => {
    renderSidebar('/');
    expect(screen.getByText('María José de la Torre')).toBeTruthy();
    expect(screen.getByText('mj@mirador.test')).toBeTruthy();
    expect(screen.getByText('MD')).toBeTruthy();
  });

  it('lists the groups in route-map order, with one entry per review type', () => {
    renderSidebar('/');
    const nav = screen.getByRole('navigation', { name: texts.shell.navigation });
    expect(within(nav).getAllByRole('region').map((region) => region.getAttribute('aria-label'))).toEqual([
      'Dashboard',
      'General',
      'POS',
      'Review',
    ]);
    const general = within(nav).getByRole('region', { name: 'General' });
    expect(within(general).getAllByRole('link').map((link) => link.textContent)).toEqual(['Leads', 'Reservas']);
    const review = within(nav).getByRole('region', { name: 'Review' });
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
