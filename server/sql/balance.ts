/**
 * The one definition of a booking's balance, shared by the booking detail and the active-balances report.
 *
 * - totalHospedaje = Σ nightly rates; totalHospedajeClosed = Σ closed rates (invoiced nights);
 *   totalHospedajeOpen = Σ open rates (nights to invoice)
 * - totalOrders = Σ orders.total; subtotalOrders = Σ orders.subtotal; totalExtra = Σ total of orders not for lodging
 * - totalPays = Σ payments.amount
 * - balanceHost = totalHospedaje − Σ payments for lodging; balanceExtra = totalExtra − Σ payments not for lodging
 * - faltante = balanceHost + balanceExtra (positive: the guest owes; negative: credit in the guest's favour)
 *
 * Every figure is COP rounded to 2 decimals; a booking without rows gives zeros.
 */

/** The balance figures, named as the API answers them (and as the columns of `balanceSql`). */
export const balanceFields = [
  'totalOrders',
  'subtotalOrders',
  'totalPays',
  'faltante',
  'totalHospedaje',
  'totalHospedajeClosed',
  'totalHospedajeOpen',
  'totalExtra',
  'balanceHost',
  'balanceExtra',
] as const;

export type BalanceField = (typeof balanceFields)[number];
export type Balance = Record<BalanceField, number>;

/**
 * A subquery giving one row with the balance of the booking aliased `b` (columns named as `balanceFields`):
 * use it as `CROSS JOIN LATERAL (${balanceSql('b')}) bal`. Aliases are code, never input; avoid `bal_*`.
 */
export const balanceSql = (b: string) => `
  SELECT round(bal_o.total_orders, 2)                                                  AS "totalOrders",
         round(bal_o.subtotal_orders, 2)                                               AS "subtotalOrders",
         round(bal_p.total_pays, 2)                                                    AS "totalPays",
         round((bal_r.hospedaje - bal_p.pays_host) + (bal_o.extra - bal_p.pays_extra), 2) AS "faltante",
         round(bal_r.hospedaje, 2)                                                     AS "totalHospedaje",
         round(bal_r.hospedaje_closed, 2)                                              AS "totalHospedajeClosed",
         round(bal_r.hospedaje_open, 2)                                                AS "totalHospedajeOpen",
         round(bal_o.extra, 2)                                                         AS "totalExtra",
         round(bal_r.hospedaje - bal_p.pays_host, 2)                                   AS "balanceHost",
         round(bal_o.extra - bal_p.pays_extra, 2)                                      AS "balanceExtra"
    FROM (SELECT coalesce(sum(bal_rate.total_rate), 0)                                AS hospedaje,
                 coalesce(sum(bal_rate.total_rate) FILTER (WHERE bal_rate.closed), 0)     AS hospedaje_closed,
                 coalesce(sum(bal_rate.total_rate) FILTER (WHERE NOT bal_rate.closed), 0) AS hospedaje_open
            FROM booking_rates bal_rate WHERE bal_rate.booking_id = ${b}.id) bal_r
   CROSS JOIN
         (SELECT coalesce(sum(bal_ord.total), 0)                                          AS total_orders,
                 coalesce(sum(bal_ord.subtotal), 0)                                       AS subtotal_orders,
                 coalesce(sum(bal_ord.total) FILTER (WHERE NOT bal_ord.is_for_lodging), 0) AS extra
            FROM booking_orders bal_ord WHERE bal_ord.booking_id = ${b}.id) bal_o
   CROSS JOIN
         (SELECT coalesce(sum(bal_pay.amount), 0)                                          AS total_pays,
                 coalesce(sum(bal_pay.amount) FILTER (WHERE bal_pay.is_for_lodging), 0)     AS pays_host,
                 coalesce(sum(bal_pay.amount) FILTER (WHERE NOT bal_pay.is_for_lodging), 0) AS pays_extra
            FROM payments bal_pay WHERE bal_pay.booking_id = ${b}.id) bal_p`;

/** The balance columns of the lateral `bal` (from `balanceSql`) as one JSON object. */
export const balanceJson = (bal: string) =>
  `json_build_object(${balanceFields.map((f) => `'${f}', ${bal}."${f}"`).join(', ')})`;
