import { clientSearchText, matchesKeyword, searchText } from './search.ts';
import { instantInDays } from './dayRange.ts';

/**
 * The one selection of tips a tip report reads: tips `tp` of employees `e` created on the UTC days
 * from `dateStart` to `dateEnd`, whose employee (name, last name, e-mail) or note holds `search`.
 * A tip's amount is the tip as recorded (POS order tips and direct tips alike).
 */
export function tipTerms(
  q: { dateStart?: string | undefined; dateEnd?: string | undefined; search?: string | undefined },
  params: unknown[],
): string[] {
  const terms = instantInDays('tp.created_at', { from: q.dateStart, to: q.dateEnd }, params);
  if (q.search) {
    // Employees are few: match them first, then their tips by key.
    terms.push(`(tp.employee_id IN (SELECT se.id FROM employees se WHERE ${matchesKeyword(clientSearchText('se'), q.search, params)})
      OR ${matchesKeyword(searchText('tp.note'), q.search, params)})`);
  }
  return terms;
}

export const tipFrom = 'tips tp JOIN employees e ON e.id = tp.employee_id LEFT JOIN pos_orders po ON po.id = tp.pos_order_id';
