// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatValue } from '../../core/format.ts';
import { texts } from '../../engine/texts.ts';
import bookingDetail from './index.ts';
import type { Balance } from './bookingApi.ts';
import { pointAppAt, renderWidget, startWidgetTestServer, type WidgetTestServer } from '../shared/widgetTestServer.tsx';
import { bookingTexts } from './texts.ts';
import { widgetTexts } from '../shared/texts.ts';

const t = bookingTexts;
let server: WidgetTestServer;

interface BookingRow {
  id: number;
  ref: string;
  status: string;
  date_start: string;
  date_end: string;
  created_at: Date;
  updated_at: Date;
  way_contact_name: string | null;
  with_pet: boolean;
  is_national: boolean;
  with_warranty: boolean;
  channel_provided_credit_card: boolean;
  is_short_stay: boolean;
  adults: number;
  children: number;
  cloud_id: string | null;
  sub_cloud_id: string | null;
  price_by_month: number | null;
  total: number;
  place_name: string;
  typology_name: string;
  name: string;
  last_name: string;
  document_type: string | null;
  document_id: string | null;
  email: string | null;
  nationality: string | null;
  gender: string | null;
  category: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  zipcode: string | null;
  phone: string | null;
  master_id: string | null;
  photo: string | null;
  nights: number;
}

let booking: BookingRow;

beforeAll(async () => {
  server = await startWidgetTestServer();
  // The first transform of the panel's modules is slow; the lazy component then resolves at once.
  await import('./BookingDetail.tsx');
  // A booking with guests, visitors, payments and orders of two businesses; OTA ids and a monthly price when there is one.
  [booking] = (await server.db.query<BookingRow>(
    `SELECT b.*, p.name AS place_name, t.name AS typology_name, u.name, u.last_name, u.document_type, u.document_id,
            u.email, u.nationality, u.gender, u.category, u.country, u.state, u.city, u.zipcode, u.phone, u.master_id, u.photo,
            (SELECT count(*)::int FROM booking_rates r WHERE r.booking_id = b.id) AS nights
       FROM bookings b JOIN places p ON p.id = b.place_id JOIN typologies t ON t.id = p.typology_id JOIN clients u ON u.id = b.user_id
      WHERE u.photo IS NOT NULL
        AND EXISTS (SELECT 1 FROM booking_guests g WHERE g.booking_id = b.id AND g.is_visitor)
        AND EXISTS (SELECT 1 FROM booking_guests g WHERE g.booking_id = b.id AND NOT g.is_visitor)
        AND (SELECT count(DISTINCT o.business_id) FROM booking_orders o WHERE o.booking_id = b.id) >= 2
        AND EXISTS (SELECT 1 FROM booking_orders o JOIN businesses bu ON bu.id = o.business_id
                     WHERE o.booking_id = b.id AND NOT bu.is_service AND bu.is_business)
        AND EXISTS (SELECT 1 FROM payments pa WHERE pa.booking_id = b.id)
      ORDER BY b.cloud_id IS NULL, b.price_by_month IS NULL, b.id LIMIT 1`,
  )) as [BookingRow];
  expect(booking).toBeDefined();
});
afterEach(() => pointAppAt(server.baseUrl));
afterAll(() => server.close());

/** The value shown under a label of a labelled field list. */
function fieldValue(list: HTMLElement, label: string): string {
  const term = within(list).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

async function openBooking(ref = booking.ref) {
  const view = renderWidget(bookingDetail, ref);
  await screen.findByRole('article', { name: t.heading(ref) }, { timeout: 15_000 });
  return view;
}

describe('booking detail', () => {
  it('registers as the booking-detail widget', () => {
    expect(bookingDetail.id).toBe('booking-detail');
    expect(bookingDetail.title).toBe(t.title);
  });

  it('shows the status, dates and every summary field of the booking; nights = number of rates', async () => {
    await openBooking();
    expect(screen.getByText(texts.bookingStatus[booking.status as keyof typeof texts.bookingStatus])).toBeTruthy();
    expect(screen.getByText(`${t.createdAt}: ${formatValue('date', booking.created_at)}`)).toBeTruthy();
    expect(screen.getByText(`${t.updatedAt}: ${formatValue('date', booking.updated_at)}`)).toBeTruthy();
    const list = screen.getByLabelText(t.summary, { selector: 'dl' });
    const expected: Array<[string, string]> = [
      [t.checkIn, formatValue('date', booking.date_start)],
      [t.checkOut, formatValue('date', booking.date_end)],
      [t.contact, formatValue('text', booking.way_contact_name)],
      [t.room, `${booking.typology_name} - ${booking.place_name}`],
      [t.withPet, formatValue('yesNo', booking.with_pet)],
      [t.withIva, formatValue('yesNo', booking.is_national)],
      [t.withGuarantee, formatValue('yesNo', booking.with_warranty)],
      [t.channelPaid, formatValue('yesNo', booking.channel_provided_credit_card)],
      [t.stay, booking.is_short_stay ? 'Corta' : 'Larga'],
      [t.nights, String(booking.nights)],
      [t.adults, String(booking.adults)],
      [t.children, String(booking.children)],
      [t.otaId, formatValue('text', booking.cloud_id)],
      [t.subOtaId, formatValue('text', booking.sub_cloud_id)],
      [t.priceByMonth, formatValue('money', booking.price_by_month)],
      [t.total, formatValue('money', booking.total)],
    ];
    for (const [label, value] of expected) expect(fieldValue(list, label), label).toBe(value);
  });

  it('shows the booking owner with the photo from the configured images service', async () => {
    await openBooking();
    const list = screen.getByLabelText(t.owner, { selector: 'dl' });
    const expected: Array<[string, unknown]> = [
      [t.name, booking.name],
      [t.lastName, booking.last_name],
      [t.documentType, booking.document_type],
      [t.documentId, booking.document_id],
      [t.email, booking.email],
      [t.nationality, booking.nationality],
      [t.gender, booking.gender],
      [t.country, booking.country],
      [t.state, booking.state],
      [t.city, booking.city],
      [t.zipcode, booking.zipcode],
      [t.phone, booking.phone],
      [t.appId, booking.master_id],
    ];
    for (const [label, value] of expected) expect(fieldValue(list, label), label).toBe(formatValue('text', value));
    expect(fieldValue(list, t.category)).toBe(formatValue('upper', booking.category));
    const photo = screen.getByRole('img', { name: t.photo }) as HTMLImageElement;
    expect(photo.src).toBe(`${server.baseUrl}/images/md/${booking.photo}`);
  });

  it('shows each balance card in COP as the API answers it, with its USD equivalent at today\'s TRM', async () => {
    const balance = (await server.get(`/api/v1/booking/balance/${booking.ref}`)).json().data as Balance;
    const trm = Number((await server.get('/api/v1/trm')).json().data.value_30);
    await openBooking();
    const cards: Array<[string, number]> = [
      [t.cards.balanceHost, balance.balanceHost],
      [t.cards.total, balance.totalHospedaje + balance.totalExtra],
      [t.cards.totalOrders, balance.totalOrders],
      [t.cards.subtotal, balance.subtotalOrders],
      [t.cards.paid, balance.totalPays],
      [t.cards.missing, balance.faltante],
      [t.cards.totalLodging, balance.totalHospedaje],
      [t.cards.nightsInvoiced, balance.totalHospedajeClosed],
      [t.cards.nightsToInvoice, balance.totalHospedajeOpen],
      [t.cards.totalExtra, balance.totalExtra],
    ];
    // The two balances show their absolute value (the active-balances rule).
    const balances = new Set<string>([t.cards.balanceHost, t.cards.missing]);
    for (const [label, cop] of cards) {
      const card = await screen.findByRole('group', { name: label });
      const format = balances.has(label) ? 'balance' : 'money';
      await waitFor(() => expect(card.textContent).toContain(`${formatValue(format, cop / trm)} ${t.usd}`));
      expect(card.textContent, label).toContain(`${formatValue(format, cop)} ${t.cop}`);
    }
  });

  it('shows "—" for the USD equivalents and says why when the TRM cannot be read', async () => {
    pointAppAt(server.baseUrl, { paymentsBaseUrl: 'http://127.0.0.1:9' });
    await openBooking();
    await screen.findByText(t.trmUnavailable, {}, { timeout: 15_000 });
    const card = await screen.findByRole('group', { name: t.cards.totalLodging });
    expect(card.textContent).toContain(`${texts.values.empty} ${t.usd}`);
  });

  it('lists the orders (Cobros) as the API pages them, filters them, and opens an order on top', async () => {
    const orders = (path: string) => server.get(`/api/v1/booking/order/${booking.ref}?page=1&itemsPerPage=20${path}`).then((r) => r.json());
    const page = await orders('');
    const { openWidget } = await openBooking();
    await screen.findByText(page.data[0].invoice, {}, { timeout: 15_000 });
    for (const order of page.data) expect(screen.getByText(order.invoice)).toBeTruthy();

    // The filter offers the businesses of the lookup (no service businesses).
    const listed = new Set(((await server.get('/api/v1/place/business?itemsPerPage=500')).json().data as Array<{ _id: number }>).map((b) => b._id));
    const business = page.data.find((o: { business: { _id: number } }) => listed.has(o.business._id)).business as { _id: number; name: string };
    const ofBusiness = await orders(`&business=${business._id}`);
    const others = page.data.filter((o: { business: { _id: number } }) => o.business._id !== business._id);
    expect(others.length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('textbox', { name: t.business }));
    await userEvent.click(within(await screen.findByRole('option', { name: business.name })).getByText(business.name));
    await waitFor(() => expect(screen.queryByText(others[0].invoice)).toBeNull());
    for (const order of ofBusiness.data) expect(screen.getByText(order.invoice)).toBeTruthy();

    // A lodging booking's orders are all real ones: Virtuales leaves none.
    await userEvent.click(screen.getByRole('radio', { name: texts.filters.virtual }));
    expect(await screen.findByText(texts.table.empty)).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: texts.filters.real }));
    await userEvent.click(await screen.findByText(ofBusiness.data[0].invoice));
    expect(openWidget).toHaveBeenCalledWith('order-detail', String(ofBusiness.data[0]._id));
  });

  it('refuses a reversed creation range in Cobros beside the field and keeps the orders listed, as the report filters do', async () => {
    const page = (await server.get(`/api/v1/booking/order/${booking.ref}?page=1&itemsPerPage=20`)).json();
    await openBooking();
    await screen.findByText(page.data[0].invoice, {}, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('switch', { name: texts.filters.range }));
    const from = screen.getByRole('textbox', { name: `${t.createdDate} ${texts.filters.from}` });
    const to = screen.getByRole('textbox', { name: `${t.createdDate} ${texts.filters.to}` });
    await userEvent.type(from, '20/11/2026{Enter}');
    await userEvent.type(to, '10/11/2026{Enter}');
    expect(await screen.findByText(texts.filters.startAfterEnd)).toBeTruthy();
    // Nothing went to the server: no load error blaming the connection, the table still there.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.queryByText(widgetTexts.loadError)).toBeNull();
    expect(screen.getAllByRole('table').length).toBeGreaterThan(0);
  });

  it('lists the payments (Pagos) with their type from isForLodging', async () => {
    const page = (await server.get(`/api/v1/booking/pay/${booking.ref}?page=1&itemsPerPage=20`)).json();
    await openBooking();
    await userEvent.click(screen.getByRole('tab', { name: t.payments }));
    const payment = page.data[0];
    const row = (await screen.findAllByText(formatValue('money', payment.amount), {}, { timeout: 15_000 }))[0]!.closest('tr')!;
    expect(within(row).getByText(booking.ref)).toBeTruthy();
    expect(within(row).getByText(payment.isForLodging ? 'HOSPEDAJE' : 'EXTRA')).toBeTruthy();
    expect(within(row).getByText(payment.paymentMethod)).toBeTruthy();
  });

  it('lists the nightly rates in Noches as Cerrado or Abierto', async () => {
    const rates = (await server.db.query<{ date: string; total_rate: number; closed: boolean }>(
      'SELECT date, total_rate, closed FROM booking_rates WHERE booking_id = $1 ORDER BY date LIMIT 1',
      [booking.id],
    ))[0]!;
    await openBooking();
    await userEvent.click(screen.getByRole('tab', { name: t.tabs.nights }));
    const panel = await screen.findByRole('tabpanel', { name: t.tabs.nights });
    const row = (await within(panel).findByText(formatValue('date', rates.date))).closest('tr')!;
    expect(within(row).getByText(formatValue('money', rates.total_rate))).toBeTruthy();
    expect(within(row).getByText(rates.closed ? 'Cerrado' : 'Abierto')).toBeTruthy();
  });

  it('lists guests and visitors apart, categories upper-cased', async () => {
    const people = await server.db.query<{ name: string; last_name: string; category: string; is_visitor: boolean }>(
      'SELECT name, last_name, category, is_visitor FROM booking_guests WHERE booking_id = $1 ORDER BY id',
      [booking.id],
    );
    const guests = people.filter((p) => !p.is_visitor);
    const visitors = people.filter((p) => p.is_visitor);
    await openBooking();
    await userEvent.click(screen.getByRole('tab', { name: t.tabs.guests }));
    const guestsPanel = await screen.findByRole('tabpanel', { name: t.guests });
    for (const g of guests) await within(guestsPanel).findByText(g.last_name);
    for (const v of visitors.filter((v) => !guests.some((g) => g.last_name === v.last_name))) {
      expect(within(guestsPanel).queryByText(v.last_name)).toBeNull();
    }
    expect(within(guestsPanel).getAllByText(guests[0]!.category.toUpperCase()).length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('tab', { name: t.visitors }));
    const visitorsPanel = await screen.findByRole('tabpanel', { name: t.visitors });
    for (const v of visitors) await within(visitorsPanel).findByText(v.last_name);
  });

  it('shows "Sin contenido" in Adjuntos and Notas', async () => {
    await openBooking();
    await userEvent.click(screen.getByRole('tab', { name: t.tabs.attachments }));
    expect(await screen.findByText(t.noContent)).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: t.tabs.notes }));
    expect(await screen.findByText(t.noContent)).toBeTruthy();
  });

  it('closes on Escape', async () => {
    const { onClose } = await openBooking();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says that an unknown ref does not exist, not that the server failed', async () => {
    renderWidget(bookingDetail, 'NO-EXISTE-1');
    expect(await screen.findByRole('heading', { name: bookingTexts.notFound }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByText('No existe la reserva «NO-EXISTE-1».').length).toBeGreaterThan(0);
    expect(await screen.findByText(texts.errors.notFoundTitle)).toBeTruthy();
    expect(screen.queryByText(texts.errors.serverTitle)).toBeNull();
    expect(screen.queryByRole('button', { name: texts.app.retry })).toBeNull();
  });
});
