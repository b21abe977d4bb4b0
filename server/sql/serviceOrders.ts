/**
 * The one definition of a service order's figures (the stored total already nets credit and discount):
 * - total = subtotal + taxAmount + extra − credit − discount (as stored)
 * - netPayment = the money the order brings in: its total when paid (status 'pagado'), else 0
 */
export const serviceNetPaymentSql = (s: string) => `CASE WHEN ${s}.status = 'pagado' THEN ${s}.total ELSE 0 END`;
