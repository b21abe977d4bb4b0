// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { setConfig } from '../api/config.ts';
import { startFixedServer, type FixedServer } from '../api/testing/fixedServer.ts';
import { testQueryClient } from '../api/testing/testQueryClient.ts';
import { getSession, storeSession } from '../session/session.ts';
import { texts } from '../texts.ts';
import SubscriptionsPage from './SubscriptionsPage.tsx';
import type { Subscription } from './useSubscriptions.ts';
import '../../tests/support/componentTeardown.ts';

const notices = vi.hoisted(() => ({ notifyServerError: vi.fn(), notifySuccess: vi.fn(), notifyError: vi.fn(), notifyWarning: vi.fn() }));
vi.mock('../notify.ts', () => notices);

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const t = texts.subscriptions;
const demo = { id: 1, name: 'Demo', lastName: 'Gerente' };
const ana = { id: 7, name: 'Ana', lastName: 'Ruiz' };
const base: Pick<Subscription, 'blocks' | 'viewId' | 'format' | 'skipEmpty' | 'paused' | 'lastSentAt' | 'lastError' | 'createdAt'> = {
  blocks: ['0'],
  viewId: null,
  format: 'xlsx',
  skipEmpty: false,
  paused: false,
  lastSentAt: null,
  lastError: null,
  createdAt: '2026-11-20T10:00:00Z',
};
const subscriptions: Subscription[] = [
  {
    ...base,
    id: 3,
    reportId: 'general-booking',
    path: '/general/booking',
    title: 'Reservas',
    state: { filters: [['status', 'confirmed']], params: [['t0.sort', '-total']] },
    owner: demo,
    mine: true,
    // The others named only: the creator always receives it.
    recipients: [],
    schedule: { frequency: 'weekly', weekdays: [1, 4], hour: 8 },
    nextSendAt: '2026-11-30T13:00:00Z',
    lastError: 'El servidor de correo no respondió.',
  },
  {
    ...base,
    id: 4,
    reportId: 'pos-sales',
    path: '/pos/sales',
    title: 'Ventas POS general',
    state: { filters: [], params: [] },
    owner: demo,
    mine: true,
    recipients: [demo],
    schedule: { frequency: 'monthly', monthDay: 1, hour: 9 },
    format: 'csv',
    skipEmpty: true,
    paused: true,
    nextSendAt: '2026-12-01T14:00:00Z',
  },
  {
    ...base,
    id: 5,
    reportId: 'general-ocupacion',
    path: '/general/ocupacion',
    title: 'Ocupación',
    state: { filters: [], params: [] },
    owner: ana,
    mine: false,
    recipients: [demo],
    schedule: { frequency: 'daily', hour: 7 },
    nextSendAt: '2026-11-28T12:00:00Z',
  },
];

let server: FixedServer;
/** While set, "Enviar ahora" is refused as the API refuses one who may not (403 `No Permission`). */
let refuseSend = false;
beforeAll(async () => {
  server = await startFixedServer((request) => {
    if (request.method === 'DELETE') return { status: 204 };
    if (request.method === 'POST' && request.url.endsWith('/send')) {
      return refuseSend ? { status: 403, body: { message: 'No Permission' } } : { status: 202, body: { data: subscriptions[0] } };
    }
    if (request.method === 'PATCH') return { status: 200, body: { data: { ...subscriptions[0], ...JSON.parse(request.body) } } };
    if (request.url.startsWith('/api/v1/views')) return { status: 200, body: { data: [] } };
    return { status: 200, body: { data: subscriptions } };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  setConfig({ apiBaseUrl: server.url, timeZone: 'America/Bogota', mail: true });
  server.requests.length = 0;
  refuseSend = false;
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/subscriptions', element: <SubscriptionsPage /> }], { initialEntries: ['/subscriptions'] });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const rowOf = (title: string) => screen.getByRole('link', { name: title }).closest('tr')!;
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('Mis suscripciones', () => {
  it('lists one’s own and the received ones: link to the screen as subscribed, schedule, format, recipients, next send, last error', async () => {
    renderPage();
    const own = await screen.findByRole('region', { name: t.mine });
    expect(within(own).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Reservas' }).getAttribute('href')).toBe('/general/booking?status=confirmed&t0.sort=-total');
    expect(cells(rowOf('Reservas')).slice(0, 6)).toEqual([
      'Reservas',
      'Cada lunes y jueves a las 08:00',
      'Excel',
      'Demo Gerente',
      '30/11/2026 08:00',
      'El servidor de correo no respondió.',
    ]);
    expect(cells(rowOf('Ventas POS general')).slice(0, 6)).toEqual([
      'Ventas POS general',
      'El día 1 de cada mes a las 09:00 Pausada',
      `CSV${t.skipEmptyTag}`,
      'Demo Gerente',
      '—',
      t.noError,
    ]);
    const received = screen.getByRole('region', { name: t.received });
    expect(cells(within(received).getByRole('link', { name: 'Ocupación' }).closest('tr')!).slice(0, 5)).toEqual([
      'OcupaciónCreada por: Ana Ruiz',
      'Diaria a las 07:00',
      'Excel',
      'Ana Ruiz, Demo Gerente',
      '28/11/2026 07:00',
    ]);
    // One who only receives it may only leave it.
    expect(within(received).queryByRole('button', { name: 'Eliminar Ocupación' })).toBeNull();
    expect(within(received).getByRole('button', { name: 'Dejar de recibir Ocupación' })).toBeTruthy();
    expect(screen.getByText(t.pageIntro('America/Bogota'))).toBeTruthy();
  });

  it('pauses, resumes, deletes after a confirmation and leaves, each call as the API takes it, then reads the list again', async () => {
    const user = renderPage();
    await screen.findByRole('region', { name: t.mine });
    const sent = () => server.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url} ${r.body}`);
    const listReads = () => server.requests.filter((r) => r.method === 'GET' && r.url === '/api/v1/subscriptions').length;

    await user.click(screen.getByRole('button', { name: 'Pausar Reservas' }));
    await waitFor(() => expect(notices.notifySuccess).toHaveBeenCalledWith(t.paused, 'Reservas'));
    await user.click(screen.getByRole('button', { name: 'Reanudar Ventas POS general' }));
    await waitFor(() => expect(notices.notifySuccess).toHaveBeenCalledWith(t.resumed, 'Ventas POS general'));
    await waitFor(() => expect(listReads()).toBeGreaterThanOrEqual(3));

    await user.click(screen.getByRole('button', { name: 'Eliminar Reservas' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('¿Eliminar la suscripción a «Reservas»?');
    await user.click(within(confirm).getByRole('button', { name: t.delete }));
    await waitFor(() => expect(notices.notifySuccess).toHaveBeenCalledWith(t.deleted, 'Reservas'));

    await user.click(screen.getByRole('button', { name: 'Dejar de recibir Ocupación' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: t.leave }));
    await waitFor(() => expect(notices.notifySuccess).toHaveBeenCalledWith(t.left, 'Ocupación'));

    expect(sent()).toEqual([
      'PATCH /api/v1/subscriptions/3 {"paused":true}',
      'PATCH /api/v1/subscriptions/4 {"paused":false}',
      'DELETE /api/v1/subscriptions/3 ',
      'DELETE /api/v1/subscriptions/5/me ',
    ]);
  });

  it('sends now on "Enviar ahora" (own, not paused, mail configured) and says it goes in a few seconds', async () => {
    const user = renderPage();
    await screen.findByRole('region', { name: t.mine });
    expect(screen.queryByRole('button', { name: 'Enviar ahora Ventas POS general' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enviar ahora Ocupación' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enviar ahora Reservas' }));
    await waitFor(() => expect(notices.notifySuccess).toHaveBeenCalledWith('Se enviará en unos segundos', 'Reservas'));
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/v1/subscriptions/3/send']);
  });

  it('keeps the session when the API refuses a change (403 No Permission): the notice says so, nobody is signed out', async () => {
    storeSession('token-123', { _id: 1, name: 'Demo', lastName: 'Gerente', email: 'demo@mirador.test', avatar: null });
    refuseSend = true;
    const user = renderPage();
    await screen.findByRole('region', { name: t.mine });
    await user.click(screen.getByRole('button', { name: 'Enviar ahora Reservas' }));
    await waitFor(() => expect(notices.notifyServerError).toHaveBeenCalled());
    const error = notices.notifyServerError.mock.calls[0]![0] as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.signedOut).toBe(false);
    expect(error.message).toBe(texts.errors.noPermission);
    expect(getSession()?.token).toBe('token-123');
  });

  it('offers no "Enviar ahora" when sending is not configured', async () => {
    setConfig({ apiBaseUrl: server.url, timeZone: 'America/Bogota', mail: false });
    renderPage();
    await screen.findByRole('region', { name: t.mine });
    expect(screen.queryByRole('button', { name: 'Enviar ahora Reservas' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cambiar Reservas' })).toBeTruthy();
  });

  it('changes the schedule in the same dialog, its tables left as they are', async () => {
    const user = renderPage();
    await screen.findByRole('region', { name: t.mine });
    await user.click(screen.getByRole('button', { name: 'Cambiar Reservas' }));
    const dialog = await screen.findByRole('dialog', { name: `${t.changeTitle}: Reservas` });
    const days = within(dialog).getByRole('group', { name: t.weekdaysLabel });
    expect(within(days).getByRole('checkbox', { name: 'Lunes' })).toHaveProperty('checked', true);
    expect(within(days).getByRole('checkbox', { name: 'Jueves' })).toHaveProperty('checked', true);
    expect(within(dialog).queryByRole('group', { name: t.tables })).toBeNull();
    await user.click(within(days).getByRole('checkbox', { name: 'Jueves' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Viernes' }));
    await user.click(within(dialog).getByRole('button', { name: t.save }));
    await waitFor(() => expect(notices.notifySuccess).toHaveBeenCalledWith(t.changed, 'Reservas'));
    const patch = server.requests.find((r) => r.method === 'PATCH')!;
    expect(JSON.parse(patch.body)).toEqual({ schedule: { frequency: 'weekly', weekdays: [1, 5], hour: 8 }, format: 'xlsx', skipEmpty: false });
  });
});
