import { z } from 'zod';
import { bool, idList, isoDate, list } from '../http/params.ts';
import { messages } from '../messages.ts';
import { hourOfDaySql, instantInDays } from './dayRange.ts';
import { seesTips } from './tips.ts';

/**
 * The point-of-sale figures, each defined once: every POS report reads its filters, its
 * order/line selections and its formulas from here, so the same period gives the same number.
 */

export const posStatuses = ['open', 'inProgress', 'readyToDelivery', 'closed', 'cancelled'] as const;

/** Date range (inclusive days of created_at in the operator's zone) and the id/flag filters the POS screens offer. */
export const posFilterShape = {
  initDate: isoDate.optional(),
  endDate: isoDate.optional(),
  clients: idList,
  business: idList,
  employee: idList,
  event: bool.optional(),
  status: list(z.enum(posStatuses)),
};

/**
 * A payment method's code (`method_pay`), exactly as the payment charts group closed orders: what a method's slice
 * opens (issue 40 §2). Taken by the order lists and sales-general only.
 */
export const posMethodPay = z.string().trim().min(1).max(100).optional();

export interface PosFilter {
  initDate?: string | undefined;
  endDate?: string | undefined;
  clients?: number[] | undefined;
  business?: number[] | undefined;
  employee?: number[] | undefined;
  event?: boolean | undefined;
  status?: Array<(typeof posStatuses)[number]> | undefined;
  methodPay?: string | undefined;
}

/** Rejects a reversed range (initDate after endDate) with the message on endDate. */
export const rangeInOrder = (q: { initDate?: string | undefined; endDate?: string | undefined }) =>
  !q.initDate || !q.endDate || q.initDate <= q.endDate;
export const rangeIssue = { message: messages.periodReversed, path: ['endDate'] };

/**
 * WHERE terms over POS order `o`: created_at on the days of the range in the operator's `zone` (sargable for its
 * index), the lists and flags; `status` defaults to closed orders (the ones every figure counts).
 */
export function posOrderWhere(o: string, f: PosFilter, params: unknown[], zone: string, defaultStatus: 'closed' | 'any' = 'closed'): string[] {
  const terms = instantInDays(`${o}.created_at`, { from: f.initDate, to: f.endDate }, params, zone);
  if (f.clients?.length) terms.push(`${o}.user_id = ANY($${params.push(f.clients)}::int[])`);
  if (f.business?.length) terms.push(`${o}.business_id = ANY($${params.push(f.business)}::int[])`);
  if (f.employee?.length) terms.push(`${o}.employee_id = ANY($${params.push(f.employee)}::int[])`);
  if (f.event !== undefined) terms.push(`${o}.event = $${params.push(f.event)}::boolean`);
  if (f.methodPay !== undefined) terms.push(`${o}.method_pay = $${params.push(f.methodPay)}::text`);
  if (f.status?.length) terms.push(`${o}.status = ANY($${params.push(f.status)}::text[])`);
  else if (defaultStatus === 'closed') terms.push(`${o}.status = 'closed'`);
  return terms;
}

/**
 * A bound on line `l`'s order id implied by the order terms (alias o): order ids grow with creation,
 * so a date range becomes an index range on the lines instead of a scan of all of them.
 */
export const lineOrderBounds = (l: string, orderTerms: string[]) => {
  if (orderTerms.length === 0) return [];
  // OFFSET 0 keeps min/max on the filter's own index rather than walking the primary key.
  const ids = `SELECT o.id FROM pos_orders o WHERE ${orderTerms.join(' AND ')} OFFSET 0`;
  return [`${l}.order_id BETWEEN (SELECT min(x.id) FROM (${ids}) x) AND (SELECT max(x.id) FROM (${ids}) x)`];
};

export const whereClause = (terms: string[]) => (terms.length ? `WHERE ${terms.join(' AND ')}` : '');

/** Line `l` kept by the courtesy filter: gift=true only courtesies, gift=false only paid lines. */
export const giftTerm = (l: string, gift: boolean | undefined, params: unknown[]) =>
  gift === undefined ? [] : [`${l}.gift = $${params.push(gift)}::boolean`];

// Line figures: a courtesy earns nothing but its goods still cost.
/** Income of line `l`: quantity × unit price less its share of the order discount; 0 for a courtesy. */
export const lineIncome = (l: string) => `CASE WHEN ${l}.gift THEN 0 ELSE ${l}.qty * ${l}.unit_price - ${l}.discount END`;
/** Cost of line `l` (CMV): quantity × unit cost, courtesies included. */
export const lineCost = (l: string) => `${l}.qty * ${l}.cost_item`;

// Order figures over closed orders `o` (posOrdersFor); sums are of numeric columns, so exact. The tip sum is NULL for a reader without the tips right.
export const posSums = (o: string, session: { canSeeTips: boolean } | null) => `
  count(*)::int AS count_orders,
  count(*) FILTER (WHERE ${o}.by_client_app)::int AS count_app,
  count(*) FILTER (WHERE NOT ${o}.by_client_app)::int AS count_desktop,
  coalesce(sum(${o}.total) FILTER (WHERE ${o}.by_client_app), 0) AS acum_app,
  coalesce(sum(${o}.total) FILTER (WHERE NOT ${o}.by_client_app), 0) AS acum_desktop,
  coalesce(sum(${o}.discount_amount), 0) AS acum_discount,
  ${seesTips(session) ? `coalesce(sum(${o}.tip_amount), 0)` : 'NULL::numeric'} AS acum_tip,
  coalesce(sum(${o}.tax_amount), 0) AS tax_acum`;

/** Total sales = app + desktop + discount (gross of the discount), from the columns of posSums. */
export const totalSalesOf = (s: string) => `(${s}.acum_app + ${s}.acum_desktop + ${s}.acum_discount)`;
/** Real income = total sales − discount − tip − tax; without the tips right the totals are already net of tips (posOrdersFor). */
export const realIncomeOf = (s: string) =>
  `(${totalSalesOf(s)} - ${s}.acum_discount - coalesce(${s}.acum_tip, 0) - ${s}.tax_acum)`;
/** Average per order = total sales / order count (0 without orders), two decimals. */
export const averagePerOrderOf = (s: string) =>
  `CASE WHEN ${s}.count_orders = 0 THEN 0 ELSE round(${totalSalesOf(s)} / ${s}.count_orders, 2) END`;
/** Share a part is of a whole, × 100, two decimals; 0 when the whole is 0. */
export const percentOf = (part: string, whole: string) =>
  `CASE WHEN (${whole}) = 0 THEN 0 ELSE round((${part}) * 100.0 / (${whole}), 2) END`;
/** CMV % = cost / real income × 100. */
export const cmvPercOf = (cost: string, realIncome: string) => percentOf(cost, realIncome);
/** Real margin % = gross margin / real income × 100 (the gross-margin report's margin per business). */
export const marginPercOf = (grossMargin: string, realIncome: string) => percentOf(grossMargin, realIncome);

/** The name of order `o`'s payment method as the screens show it; orders without one are named by the catalogue. */
export const payMethodName = (o: string, params: unknown[]) =>
  `coalesce(max(${o}.method_pay_text), $${params.push(messages.posNoPayMethod)}::text)`;

/** Internal clients: the operator's own people (category empleado or socio). */
export const internalClient = (u: string) => `${u}.category IN ('empleado', 'socio')`;

/** Moment of the day from created_at's hour in the zone `zoneRef` names: Mañana [06,12), Tarde [12,18), Noche [18,06). */
export const dayMoment = (o: string, zoneRef: string) =>
  `CASE ${hourOfDaySql(`${o}.created_at`, zoneRef)} / 6 WHEN 1 THEN 'morning' WHEN 2 THEN 'afternoon' ELSE 'evening' END`;

/** When order `o` entered `status`: its first history entry with it (the close time for 'closed'). */
export const statusAt = (o: string, status: (typeof posStatuses)[number]) =>
  `(SELECT min(h.updated_at) FROM pos_order_history h WHERE h.order_id = ${o}.id AND h.status = '${status}')`;

/**
 * First time each order of CTE `sel` (with an id column) entered each status, in one pass over the
 * history; the id bounds keep that pass on the history's index (ids grow with creation).
 */
export const statusTimes = (sel: string) =>
  `SELECT h.order_id,
          min(h.updated_at) FILTER (WHERE h.status = 'open') AS t_open,
          min(h.updated_at) FILTER (WHERE h.status = 'inProgress') AS t_progress,
          min(h.updated_at) FILTER (WHERE h.status = 'readyToDelivery') AS t_ready,
          min(h.updated_at) FILTER (WHERE h.status = 'closed') AS t_closed
     FROM pos_order_history h
    WHERE h.order_id IN (SELECT id FROM ${sel})
      AND h.order_id BETWEEN (SELECT min(id) FROM ${sel}) AND (SELECT max(id) FROM ${sel})
    GROUP BY h.order_id`;

/** Minutes between two instants, two decimals; null when either is missing. */
export const minutesBetween = (from: string, to: string) =>
  `round((extract(epoch FROM (${to}) - (${from})) / 60)::numeric, 2)`;

/** The KPI bucket of an order's total minutes: 1 (≤ 10), 2 (≤ 30), 3 (≤ 40), 4 (> 40). */
export const timeRange = (minutes: string) =>
  `CASE WHEN ${minutes} <= 10 THEN 1 WHEN ${minutes} <= 30 THEN 2 WHEN ${minutes} <= 40 THEN 3 ELSE 4 END`;
