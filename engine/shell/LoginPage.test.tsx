// @vitest-environment jsdom
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../api/config.ts';
import { startFixedServer, type FixedServer } from '../api/testing/fixedServer.ts';
import { texts } from '../texts.ts';
import { LoginPage } from './LoginPage.tsx';
import { loginPath } from './paths.ts';
import { RequireSession } from './RequireSession.tsx';
import '../../tests/support/componentTeardown.ts';

// Screens load their code on demand; on a busy machine that takes a few seconds.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const employee = { _id: 3, name: 'Ana', lastName: 'Ruiz', email: 'demo@mirador.test', avatar: null };
let auth: FixedServer;

beforeAll(async () => {
  auth = await startFixedServer((request) => {
    const { email, password } = JSON.parse(request.body || '{}') as { email?: string; password?: string };
    if (email === 'lento@mirador.test') return { status: 429, body: { message: 'Demasiados intentos de inicio de sesión. Intente de nuevo en 15 minuto(s).' } };
    if (email === 'demo@mirador.test' && password === 'mirador-demo') return { status: 200, body: { token: 'signed-token', employee } };
    return { status: 401, body: { message: 'Los datos no coinciden. Por favor intente de nuevo.' } };
  });
});
afterAll(() => auth.close());

beforeEach(() => {
  localStorage.clear();
  setConfig({ authBaseUrl: auth.url, apiBaseUrl: auth.url });
  auth.requests.length = 0;
});

function renderApp(initialEntries: InitialEntry[]) {
  const router = createMemoryRouter(
    [
      { path: loginPath, element: <LoginPage /> },
      { path: '/', element: <RequireSession><p>Inicio</p></RequireSession> },
      { path: '/general/booking', element: <RequireSession><p>Pantalla de reservas</p></RequireSession> },
    ],
    { initialEntries },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const emailField = () => screen.getByLabelText(texts.login.email);
const passwordField = () => screen.getByLabelText(texts.login.password);

describe('sign-in page', () => {
  it('requires both fields and sends nothing without them', async () => {
    renderApp([loginPath]);
    await userEvent.click(screen.getByRole('button', { name: texts.login.submit }));
    expect(await screen.findAllByText(texts.login.required)).toHaveLength(2);
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    expect(auth.requests).toHaveLength(0);
  });

  it('submits on Enter, stores token, user and employee and goes to the page first asked for', async () => {
    renderApp(['/general/booking']);
    expect(await screen.findByRole('heading', { name: texts.login.title })).toBeTruthy();
    await userEvent.type(emailField(), 'demo@mirador.test');
    await userEvent.type(passwordField(), 'mirador-demo{Enter}');
    expect(await screen.findByText('Pantalla de reservas')).toBeTruthy();
    expect(JSON.parse(auth.requests[0]!.body)).toEqual({ email: 'demo@mirador.test', password: 'mirador-demo' });
    expect(localStorage.getItem('token')).toBe('signed-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'demo@mirador.test' });
    expect(JSON.parse(localStorage.getItem('employee')!)).toMatchObject({ name: 'Ana', lastName: 'Ruiz' });
  });

  it('goes to / when no page was asked for', async () => {
    renderApp([loginPath]);
    await userEvent.type(emailField(), 'demo@mirador.test');
    await userEvent.type(passwordField(), 'mirador-demo{Enter}');
    expect(await screen.findByText('Inicio')).toBeTruthy();
  });

  it('on failure marks both fields and shows the warning', async () => {
    renderApp([loginPath]);
    await userEvent.type(emailField(), 'demo@mirador.test');
    await userEvent.type(passwordField(), 'wrong{Enter}');
    expect(await screen.findByText(texts.login.failedTitle)).toBeTruthy();
    expect(await screen.findByText(texts.login.failedText)).toBeTruthy();
    await waitFor(() => expect(emailField().getAttribute('aria-invalid')).toBe('true'));
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('heading', { name: texts.login.title })).toBeTruthy();
  });

  it("on too many attempts shows the server's message", async () => {
    renderApp([loginPath]);
    await userEvent.type(emailField(), 'lento@mirador.test');
    await userEvent.type(passwordField(), 'x{Enter}');
    expect(await screen.findByText(/Demasiados intentos/)).toBeTruthy();
  });
});

describe('session guard', () => {
  it('sends a visitor without a stored session to sign-in', async () => {
    const router = renderApp(['/general/booking']);
    expect(await screen.findByRole('heading', { name: texts.login.title })).toBeTruthy();
    expect(router.state.location.pathname).toBe(loginPath);
  });

  it('needs both the token and the user', async () => {
    localStorage.setItem('token', 'only-a-token');
    renderApp(['/general/booking']);
    expect(await screen.findByRole('heading', { name: texts.login.title })).toBeTruthy();
  });

  it('shows the page with a stored session, and leaves sign-in for it', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify(employee));
    renderApp([loginPath]);
    expect(await screen.findByText('Inicio')).toBeTruthy();
  });
});
