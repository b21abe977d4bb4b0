// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatValue } from '../../core/format.ts';
import { texts } from '../../engine/texts.ts';
import type { OrderDetail, PaymentStatus } from '../booking-detail/bookingApi.ts';
import { renderWidget, startWidgetTestServer, type WidgetTestServer } from '../shared/widgetTestServer.tsx';
import bookingDetail from '../booking-detail/index.ts';
import orderDetail from './index.ts';
import { bookingTexts } from '../booking-detail/texts.ts';
import { orderTexts } from './texts.ts';

const t = orderTexts;
let server: WidgetTestServer;
/** One order of each payment status, as the API answers them. */
const byStatus = new Map<PaymentStatus, OrderDetail>();

interface OrderRow {
  id: number;
  invoice: string;
  total: number;
  subtotal: number;
  discount: number;
  currency: string;
  is_secondary: boolean;
  is_for_lodging: boolean;
  is_virtual: boolean;
  tip_include: boolean;
  employee_name: string | null;
  employee_last_name: string | null;
  business_name: string | null;
  ref: string;
  status: string;
  date_start: string;
  date_end: string;
  place_name: string;
  typology_name: string;
  user_name: string;
  user_last_name: string;
}

const orderSql = `
  SELECT o.*, e.name AS employee_name, e.last_name AS employee_last_name, bu.name AS business_name,
         b.ref, b.status, b.date_start, b.date_end, p.name AS place_name, ty.name AS typology_name,
         u.name AS user_name, u.last_name AS user_last_name
    FROM booking_orders o JOIN bookings b ON b.id = o.booking_id JOIN places p ON p.id = b.place_id
    JOIN typologies ty ON ty.id = p.typology_id JOIN clients u ON u.id = b.user_id
    LEFT JOIN employees e ON e.id = o.employee_id LEFT JOIN businesses bu ON bu.id = o.business_id
   WHERE o.id = $1`;

beforeAll(async () => {
  server = await startWidgetTestServer();
  // The first transform of the panel's modules is slow; the lazy component then resolves at once.
  await Promise.all([import('./OrderDetail.tsx'), import('../booking-detail/BookingDetail.tsx')]);
  const ids = await server.db.query<{ id: number }>(
    `SELECT o.id FROM booking_orders o
      WHERE EXISTS (SELECT 1 FROM booking_order_items i WHERE i.order_id = o.id) ORDER BY o.booking_id, o.id LIMIT 400`,
  );
  for (const { id } of ids) {
    const order = (await server.get(`/api/v1/order/${id}`)).json().data as OrderDetail;
    if (!byStatus.has(order.paymentStatus)) byStatus.set(order.paymentStatus, order);
    if (byStatus.size === 3) break;
  }
  expect([...byStatus.keys()].sort()).toEqual(['paid', 'partial', 'unpaid']);
});
afterAll(() => server.close());

function fieldValue(list: HTMLElement, label: string): string {
  return within(list).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

async function openOrder(id: number | string) {
  const view = renderWidget(orderDetail, String(id));
  await within(view.container).findByRole('article', {}, { timeout: 15_000 });
  return view;
}

describe('order detail', () => {
  it('registers as the order-detail widget', () => {
    expect(orderDetail.id).toBe('order-detail');
    expect(orderDetail.title).toBe(t.title);
  });

  it.each(['paid', 'partial', 'unpaid'] as const)('labels a %s order from its payments, with the amounts paid and due', async (status) => {
    const order = byStatus.get(status)!;
    await openOrder(order._id);
    expect(screen.getByText(t.paymentStatus[status])).toBeTruthy();
    for (const other of (['paid', 'partial', 'unpaid'] as const).filter((s) => s !== status)) {
      expect(screen.queryByText(t.paymentStatus[other])).toBeNull();
    }
    expect(screen.getByText(`${t.amountPaid}: ${formatValue('money', order.amountPaid)}`)).toBeTruthy();
    expect(screen.getByText(`${t.amountDue}: ${formatValue('money', order.amountDue)}`)).toBeTruthy();
  });

  it('shows the billing data, the items and the booking summary of the order', async () => {
    const order = byStatus.get('partial')!;
    const [row] = (await server.db.query<OrderRow>(orderSql, [order._id])) as [OrderRow];
    const items = await server.db.query<{ name: string; type_code: string; price_total: number }>(
      'SELECT name, type_code, price_total FROM booking_order_items WHERE order_id = $1 ORDER BY id',
      [order._id],
    );
    await openOrder(order._id);
    expect(screen.getByRole('heading', { name: t.heading(row.invoice) })).toBeTruthy();

    const billing = screen.getByLabelText(t.billing, { selector: 'dl' });
    const expected: Array<[string, string]> = [
      [t.total, formatValue('money', row.total)],
      [t.subtotal, formatValue('money', row.subtotal)],
      [t.discount, formatValue('money', row.discount)],
      [t.currency, row.currency],
      [t.split, formatValue('yesNo', row.is_secondary)],
      [t.forLodging, formatValue('yesNo', row.is_for_lodging)],
      [t.virtual, formatValue('yesNo', row.is_virtual)],
      [t.tipInclude, formatValue('yesNo', row.tip_include)],
      [t.employee, formatValue('fullName', row.employee_name ? { name: row.employee_name, lastName: row.employee_last_name } : null)],
      [t.business, formatValue('text', row.business_name)],
    ];
    for (const [label, value] of expected) expect(fieldValue(billing, label), label).toBe(value);

    for (const item of items) expect(screen.getAllByText(item.name).length).toBeGreaterThan(0);
    expect(screen.getAllByText(formatValue('money', items[0]!.price_total)).length).toBeGreaterThan(0);

    const booking = screen.getByLabelText(t.booking, { selector: 'dl' });
    expect(fieldValue(booking, t.ref)).toBe(row.ref);
    expect(fieldValue(booking, t.status)).toBe(texts.bookingStatus[row.status as keyof typeof texts.bookingStatus]);
    expect(fieldValue(booking, t.checkIn)).toBe(formatValue('date', row.date_start));
    expect(fieldValue(booking, t.checkOut)).toBe(formatValue('date', row.date_end));
    expect(fieldValue(booking, t.room)).toBe(`${row.typology_name} - ${row.place_name}`);
    expect(fieldValue(booking, t.owner)).toBe(formatValue('fullName', { name: row.user_name, lastName: row.user_last_name }));
  });

  it('opens the booking detail of its booking on top', async () => {
    const order = byStatus.get('paid')!;
    const { openWidget } = await openOrder(order._id);
    await userEvent.click(screen.getByRole('button', { name: t.openBooking }));
    expect(openWidget).toHaveBeenCalledWith('booking-detail', order.booking.ref);
  });

  it('closes on Escape, only itself when opened on top of the booking detail', async () => {
    const order = byStatus.get('unpaid')!;
    const below = renderWidget(bookingDetail, order.booking.ref);
    await screen.findByRole('article', { name: bookingTexts.heading(order.booking.ref) });
    const { onClose } = await openOrder(order._id);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(below.onClose).not.toHaveBeenCalled();
  });

  it('says that an unknown order does not exist, with the server\'s message', async () => {
    renderWidget(orderDetail, '999999');
    expect(await screen.findByRole('heading', { name: orderTexts.notFound }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByText('No existe la orden 999999.').length).toBeGreaterThan(0);
    expect(screen.queryByText(texts.errors.serverTitle)).toBeNull();
  });
});
