import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/HttpError.ts';
import { lodgingTables } from '../http/versionedCache.ts';
import { isoDate } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';
import { maxPaceMonths, namedPeriod, paceSql, periodKpisSql } from '../sql/hotelKpis.ts';
import { resolvePeriod, type Period } from '../sql/period.ts';

/** The period of the KPIs: a named one relative to today, a year, or first and last nights. */
const kpisQuery = z.strictObject({
  period: z.enum(['today', 'monthToDate', 'yearToDate']).optional(),
  year: z
    .string()
    .regex(/^\d{4}$/, messages.kpis.yearFormat)
    .transform(Number)
    .pipe(z.number().int().min(2000).max(2100))
    .optional(),
  dateStart: isoDate.optional(),
  dateEnd: isoDate.optional(),
});

const paceQuery = z.strictObject({
  months: z.coerce.number().int().min(1).max(maxPaceMonths).default(6),
});

function kpiPeriod(query: z.output<typeof kpisQuery>, today: string): Period {
  const dated = query.dateStart !== undefined || query.dateEnd !== undefined;
  if ([query.period !== undefined, query.year !== undefined, dated].filter(Boolean).length > 1) {
    throw new HttpError(400, messages.kpis.onePeriod);
  }
  if (query.year !== undefined) return { from: `${query.year}-01-01`, to: `${query.year}-12-31` };
  if (dated) return resolvePeriod(query.dateStart, query.dateEnd, today);
  return namedPeriod(query.period ?? 'monthToDate', today);
}

/** /api/v1/report/kpis (occupancy, ADR, RevPAR against last year) and /api/v1/report/kpis/pace. */
export async function kpiRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Both answers are kept until a place, booking or rate changes (versionedCache.ts; today and the zone are in its key).
  routes.get('/api/v1/report/kpis', { schema: { querystring: kpisQuery } }, async (request, reply) => {
    const { from, to } = kpiPeriod(request.query, app.today());
    return app.versionedCache.answer(request, reply, lodgingTables, async () => {
      const [row] = await app.db.query<{ data: unknown }>(periodKpisSql, [from, to]);
      return { data: row?.data };
    });
  });

  routes.get('/api/v1/report/kpis/pace', { schema: { querystring: paceQuery } }, async (request, reply) => {
    const today = app.today();
    return app.versionedCache.answer(request, reply, lodgingTables, async () => {
      const [row] = await app.db.query<{ answer: unknown }>(paceSql, [today, request.query.months, app.timeZone]);
      return row?.answer;
    });
  });
}
