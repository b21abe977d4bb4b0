import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestKey } from '../http/answerCache.ts';
import { HttpError } from '../http/HttpError.ts';
import { bool, id } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';

/** The calls the spec places on the payments service: today's TRM and a payment's status. */
export async function paymentsServiceRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Every screen with money asks for it: reused for LOOKUP_CACHE_SECONDS (app.answerCache; a 404 is not kept).
  routes.get('/api/v1/trm', { schema: { querystring: z.strictObject({}) } }, async () =>
    app.answerCache.get(requestKey(app, '/api/v1/trm'), async () => {
      const [row] = await app.db.query<{ date: string; value_30: number }>(
        'SELECT date, value_30 FROM trm WHERE date <= $1 ORDER BY date DESC LIMIT 1',
        [app.today()],
      );
      if (!row) throw new HttpError(404, messages.trmMissing);
      return { data: { date: row.date, value_30: row.value_30 } };
    }),
  );

  routes.post(
    '/api/v1/pay_status',
    { schema: { querystring: z.strictObject({ id, test: bool.optional() }) } },
    async (request) => {
      const { id: paymentId, test } = request.query;
      const [row] = await app.db.query<{ data: unknown }>(
        `SELECT json_build_object(
                  '_id', p.id, 'status', 'approved', 'amount', p.amount, 'authorization', p.authorization,
                  'paymentMethod', p.payment_method, 'createdAt', p.created_at, 'booking', b.ref) AS data
           FROM payments p JOIN bookings b ON b.id = p.booking_id
          WHERE p.id = $1`,
        [paymentId],
      );
      if (!row) throw new HttpError(404, messages.paymentNotFound(paymentId));
      return { data: row.data, test: test ?? false };
    },
  );
}
