import { clientSearchText, matchesKeyword, searchText } from './search.ts';
import { instantInDays } from './dayRange.ts';

/**
 * The one selection of tips a tip report reads: tips `tp` of employees `e` created on the days (of the
 * operator's `zone`) from `dateStart` to `dateEnd`, whose employee (name, last name, e-mail) or note holds `search`.
 * A tip's amount is the tip as recorded (POS order tips and direct tips alike).
 */
export function tipTerms(
  q: { dateStart?: string | undefined; dateEnd?: string | undefined; search?: string | undefined },
  params: unknown[],
  zone: string,
): string[] {
  const terms = instantInDays('tp.created_at', { from: q.dateStart, to: q.dateEnd }, params, zone);
  if (q.search) {
    // Employees are few: match them first, then their tips by key.
    terms.push(`(tp.employee_id IN (SELECT se.id FROM employees se WHERE ${matchesKeyword(clientSearchText('se'), q.search, params)})
      OR ${matchesKeyword(searchText('tp.note'), q.search, params)})`);
  }
  return terms;
}

export const tipFrom = 'tips tp JOIN employees e ON e.id = tp.employee_id LEFT JOIN pos_orders po ON po.id = tp.pos_order_id';

/** Whether the reader may see tip figures (employees.can_see_tips, read for each request); no session, no tips. */
export const seesTips = (session: { canSeeTips: boolean } | null | undefined): boolean => session?.canSeeTips === true;

// Every column of pos_orders but the two that hold the tip.
const posOrderColumns = `id, invoice, business_id, user_id, booking_id, employee_id, closed_by_id, created_at, updated_at, status,
  subtotal, tax_amount, discount_amount, discount_perc, coupon, person_order, note, method_pay, method_pay_text, siigo_ref,
  by_client_app, event, room_service, cost_center`;

/**
 * The POS orders as the reader may see them, the one FROM item of every POS route (`${posOrdersFor(session)} o`):
 * without the tips right `tip_amount` is NULL and `total` is net of the tip (subtotal + tax), so no tip is read,
 * summed, sorted on or rebuilt as total − subtotal − tax.
 */
export const posOrdersFor = (session: { canSeeTips: boolean } | null | undefined): string =>
  seesTips(session)
    ? 'pos_orders'
    : `(SELECT ${posOrderColumns}, total - tip_amount AS total, NULL::numeric(14, 2) AS tip_amount FROM pos_orders)`;
