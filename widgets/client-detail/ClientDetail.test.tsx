// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatValue } from '../../core/format.ts';
import { texts } from '../../engine/texts.ts';
import { messages } from '../../server/messages.ts';
import bookingDetail from '../booking-detail/index.ts';
import { tearDownComponents } from '../../tests/support/componentTeardown.ts';
import { pointAppAt, renderWidget, startWidgetTestServer, type WidgetTestServer } from '../shared/widgetTestServer.tsx';
import type { AppInfo, ClientDetail, ExtraDataKey } from './clientApi.ts';
import clientDetail from './index.ts';
import { bookingTexts } from '../booking-detail/texts.ts';
import { clientTexts } from './texts.ts';
import { clientFields, widgetTexts } from '../shared/texts.ts';

const t = clientTexts;
let server: WidgetTestServer;

interface ClientRow {
  id: number;
  name: string;
  last_name: string;
  document_type: string | null;
  document_id: string | null;
  email: string | null;
  phone: string | null;
  nationality: string | null;
  gender: string | null;
  category: string;
  country: string | null;
  state: string | null;
  city: string | null;
  zipcode: string | null;
  master_id: string | null;
  address: string | null;
  birthday: string | null;
  deleted: boolean;
  signature: string | null;
}

/** A client with bookings, a signature and days of app use; one with no app id; one with an app id and no use. */
let full: ClientRow;
let withoutAppId: ClientRow;
let withoutUse: ClientRow;

const pick = async (where: string) => {
  const [row] = await server.db.query<ClientRow>(`SELECT * FROM clients u WHERE ${where} ORDER BY u.id LIMIT 1`);
  expect(row, where).toBeDefined();
  return row!;
};

beforeAll(async () => {
  server = await startWidgetTestServer();
  // The first transform of the panel's modules is slow; the lazy component then resolves at once.
  await Promise.all([import('./ClientDetail.tsx'), import('../booking-detail/BookingDetail.tsx')]);
  full = await pick(`u.signature IS NOT NULL AND u.master_id IS NOT NULL
    AND (SELECT count(*) FROM bookings b WHERE b.user_id = u.id) > 1
    AND EXISTS (SELECT 1 FROM app_usage a WHERE a.client_id = u.id)`);
  withoutAppId = await pick('u.master_id IS NULL AND u.signature IS NULL');
  withoutUse = await pick('u.master_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM app_usage a WHERE a.client_id = u.id)');
});
afterEach(() => pointAppAt(server.baseUrl));
afterAll(() => server.close());

const nameOf = (c: ClientRow) => `${c.name} ${c.last_name}`;

function fieldValue(list: HTMLElement, label: string): string {
  return within(list).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

async function openClient(c: ClientRow) {
  const view = renderWidget(clientDetail, String(c.id));
  await screen.findByRole('article', { name: t.heading(nameOf(c)) }, { timeout: 15_000 });
  return view;
}

async function openTab(name: string) {
  await userEvent.click(screen.getByRole('tab', { name }));
  return screen.findByRole('tabpanel', { name });
}

describe('client detail', () => {
  it('registers as the client-detail widget', () => {
    expect(clientDetail.id).toBe('client-detail');
    expect(clientDetail.title).toBe(t.title);
  });

  it('shows the client\'s own data and state as the database holds them', async () => {
    await openClient(full);
    const list = screen.getByLabelText(t.client, { selector: 'dl' });
    const c = clientFields;
    const expected: Array<[string, string]> = [
      [c.name, formatValue('text', full.name)],
      [c.lastName, formatValue('text', full.last_name)],
      [c.documentType, formatValue('text', full.document_type)],
      [c.documentId, formatValue('text', full.document_id)],
      [c.email, formatValue('text', full.email)],
      [c.phone, formatValue('text', full.phone)],
      [c.nationality, formatValue('text', full.nationality)],
      [c.category, full.category.toUpperCase()],
      [c.city, formatValue('text', full.city)],
      [c.appId, formatValue('text', full.master_id)],
      [t.status, full.deleted ? texts.values.retired : texts.values.active],
      [t.birthday, formatValue('date', full.birthday)],
      [t.address, formatValue('text', full.address)],
    ];
    for (const [label, value] of expected) expect(fieldValue(list, label), label).toBe(value);
    expect(screen.getByRole('img', { name: t.photo })).toBeTruthy();
  });

  it('lists every extra-data answer under its Spanish label (Extra info)', async () => {
    const api = (await server.get(`/api/v1/client/${full.id}`)).json().data as ClientDetail;
    await openClient(full);
    const list = screen.getByLabelText(t.tabs.extra, { selector: 'dl' });
    const keys = Object.keys(t.extraData) as ExtraDataKey[];
    expect(keys.sort()).toEqual(Object.keys(api.extraData!).sort());
    for (const key of keys) {
      const value = api.extraData![key];
      expect(fieldValue(list, t.extraData[key]), key).toBe(formatValue('text', Array.isArray(value) ? value.join(', ') : value));
    }
  });

  it('shows the signature from the images service, or "Sin firma"', async () => {
    await openClient(full);
    await openTab(t.tabs.signature);
    const picture = screen.getByRole('img', { name: t.signature }) as HTMLImageElement;
    expect(picture.src).toBe(`${server.baseUrl}/images/lg/${full.signature}`);
    await tearDownComponents();

    await openClient(withoutAppId);
    await openTab(t.tabs.signature);
    expect(screen.getByText(t.noSignature)).toBeTruthy();
    expect(screen.queryByRole('img', { name: t.signature })).toBeNull();
  });

  it('shows the app-use figures the master service answers for the client\'s app id (App info)', async () => {
    const info = (await server.get(`/api/v1/client/app-info/${full.master_id}`)).json().data as AppInfo;
    expect(info.daysUsed).toBeGreaterThan(0);
    await openClient(full);
    const panel = await openTab(t.tabs.appInfo);
    const list = await within(panel).findByLabelText(t.tabs.appInfo, { selector: 'dl' });
    const a = t.appInfo;
    const expected: Array<[string, string]> = [
      [a.totalHours, formatValue('hours', info.totalTime)],
      [a.daysUsed, formatValue('integer', info.daysUsed)],
      [a.averageHours, formatValue('number', info.averageHours)],
      [a.firstUse, formatValue('date', info.firstUse)],
      [a.lastUse, formatValue('date', info.lastUse)],
      [a.last30DaysHours, formatValue('hours', info.last30DaysTime)],
      [a.last30DaysUsed, formatValue('integer', info.last30DaysUsed)],
    ];
    for (const [label, value] of expected) expect(fieldValue(list, label), label).toBe(value);
  });

  it.each([
    ['without an app id', () => withoutAppId],
    ['whose app id has no day of use', () => withoutUse],
  ])('says "Sin uso de la app" for a client %s', async (_case, client) => {
    await openClient(client());
    const panel = await openTab(t.tabs.appInfo);
    expect(await within(panel).findByText(t.noAppUse)).toBeTruthy();
  });

  it('lists the client\'s bookings as the master service pages them and opens one on top (Reservas)', async () => {
    const page = (await server.get(`/api/v1/client/${full.id}/bookings?page=1&itemsPerPage=20&sortBy=dateStart&sortDesc=true`)).json();
    const [{ n }] = (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE user_id = $1', [full.id])) as [{ n: number }];
    expect(page.total).toBe(n);
    const { openWidget } = await openClient(full);
    const panel = await openTab(t.tabs.bookings);
    await within(panel).findByText(texts.table.rowsCount(n), {}, { timeout: 15_000 });
    for (const booking of page.data) expect(within(panel).getByText(booking.ref)).toBeTruthy();
    await userEvent.click(within(panel).getByText(page.data[0].ref));
    expect(openWidget).toHaveBeenCalledWith('booking-detail', page.data[0].ref);
  });

  it('closes on Escape, and only the booking detail opened on top of it', async () => {
    const { onClose } = await openClient(full);
    const [booking] = (await server.db.query<{ ref: string }>('SELECT ref FROM bookings WHERE user_id = $1 LIMIT 1', [full.id])) as [{ ref: string }];
    const top = renderWidget(bookingDetail, booking.ref);
    await screen.findByRole('article', { name: bookingTexts.heading(booking.ref) }, { timeout: 15_000 });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(top.onClose).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    top.unmount();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says that an unknown client does not exist, with the server\'s message', async () => {
    renderWidget(clientDetail, '999999');
    expect(await screen.findByRole('heading', { name: clientTexts.notFound }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByText(messages.userNotFound(999999)).length).toBeGreaterThan(0);
    expect(screen.queryByText(texts.errors.serverTitle)).toBeNull();
  });

  it('shows a retry where a tab cannot load, and the figures once the service answers again', async () => {
    await openClient(full);
    pointAppAt(server.baseUrl, { masterBaseUrl: 'http://127.0.0.1:9' });
    const panel = await openTab(t.tabs.appInfo);
    const retry = await within(panel).findByRole('button', { name: texts.app.retry }, { timeout: 15_000 });
    expect(within(panel).getByText(widgetTexts.loadError)).toBeTruthy();
    pointAppAt(server.baseUrl);
    await userEvent.click(retry);
    expect(await within(panel).findByLabelText(t.tabs.appInfo, { selector: 'dl' })).toBeTruthy();

    pointAppAt(server.baseUrl, { masterBaseUrl: 'http://127.0.0.1:9' });
    const bookings = await openTab(t.tabs.bookings);
    expect(await within(bookings).findByRole('button', { name: texts.app.retry }, { timeout: 15_000 })).toBeTruthy();
  });
});
