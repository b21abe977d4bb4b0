import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestKey } from '../http/answerCache.ts';
import { HttpError } from '../http/HttpError.ts';
import { dateOrRange, isoDate, list, orderBy, paging, search, sorting } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';
import { dayGroupSql, userDayTimeSql } from '../sql/appUsage.ts';
import { pagedAnswer } from '../sql/paged.ts';
import { instantInDays } from '../sql/dayRange.ts';
import { matchesKeyword, searchText } from '../sql/search.ts';
import { sortKey } from '../sql/sortKey.ts';

dayjs.extend(utc);

/** The longest day range the usage-by-day call answers (two years, a chart's worth). */
export const maxUsageRangeDays = 731;

const leadStatuses = ['nuevo', 'contactado', 'convertido', 'descartado'] as const;

/** Sortable lead fields and their columns. */
const leadSortColumns = {
  name: sortKey('l.name'),
  lastName: sortKey('l.last_name'),
  email: 'l.email',
  phone: 'l.phone',
  source: 'l.source',
  interest: 'l.interest',
  status: 'l.status',
  createdAt: 'l.created_at',
} as const;
const leadSortFields = Object.keys(leadSortColumns) as [keyof typeof leadSortColumns];

const dayQuery = z.strictObject({ date: isoDate.optional() });
const rangeQuery = z.strictObject({ dateStart: isoDate.optional(), dateEnd: isoDate.optional() });
const leadQuery = z.strictObject({
  ...paging(50),
  ...sorting(leadSortFields),
  search,
  status: list(z.enum(leadStatuses)),
  source: list(z.string().trim().min(1).max(100)),
  createdAt: dateOrRange,
});

const leadJson = (l: string) =>
  `json_build_object('_id', ${l}.id, 'name', ${l}.name, 'lastName', ${l}.last_name, 'email', ${l}.email,
     'phone', ${l}.phone, 'source', ${l}.source, 'interest', ${l}.interest, 'message', ${l}.message,
     'status', ${l}.status, 'createdAt', ${l}.created_at)`;

const shiftDay = (day: string, days: number) => dayjs.utc(day).add(days, 'day').format('YYYY-MM-DD');

/** The master service's calls: app use time per user and per day, and the leads table. */
export async function masterRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/use/time/resume/fetch', { schema: { querystring: dayQuery } }, async (request) => {
    const today = app.today();
    // The screen's default is yesterday, the last whole day.
    const date = request.query.date ?? shiftDay(today, -1);
    if (date > today) throw new HttpError(400, messages.invalidParameter('date', messages.dateAfterToday));
    // Reused for LOOKUP_CACHE_SECONDS (app.answerCache).
    return app.answerCache.get(requestKey(app, request.url), async () => {
      const [row] = await app.db.query<{ data: unknown[] }>(userDayTimeSql('$1'), [date]);
      return { data: row?.data ?? [] };
    });
  });

  routes.get('/api/v1/use/time/resume/group/fetch', { schema: { querystring: rangeQuery } }, async (request) => {
    const today = app.today();
    // Default: the current ISO week, Monday to Sunday.
    const monday = shiftDay(today, -((dayjs.utc(today).day() + 6) % 7));
    let from = request.query.dateStart ?? request.query.dateEnd ?? monday;
    let to = request.query.dateEnd ?? request.query.dateStart ?? shiftDay(monday, 6);
    // A reversed range is swapped, as the screen's picker does.
    if (from > to) [from, to] = [to, from];
    if (dayjs.utc(to).diff(dayjs.utc(from), 'day') + 1 > maxUsageRangeDays) {
      throw new HttpError(400, messages.invalidParameter('dateEnd', messages.rangeTooLong(maxUsageRangeDays)));
    }
    return app.answerCache.get(requestKey(app, request.url), async () => {
      const [row] = await app.db.query<{ data: unknown[] }>(dayGroupSql('$1', '$2'), [from, to]);
      return { data: row?.data ?? [] };
    });
  });

  routes.get('/api/v1/lead/table', { schema: { querystring: leadQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const terms: string[] = [];
    if (q.search) {
      const text = searchText(`l.name || ' ' || l.last_name`, 'l.email', 'l.phone', 'l.source', 'l.interest', 'l.status');
      terms.push(matchesKeyword(text, q.search, params));
    }
    if (q.status?.length) terms.push(`l.status = ANY(${param(q.status)}::text[])`);
    if (q.source?.length) terms.push(`l.source = ANY(${param(q.source)}::text[])`);
    // Day bounds (of the operator's zone) as instants so that the created_at index serves the range.
    if (q.createdAt) terms.push(...instantInDays('l.created_at', q.createdAt, params, app.timeZone));
    return pagedAnswer(reply, app.db, {
      from: 'leads l',
      where: terms.length ? `WHERE ${terms.join(' AND ')}` : '',
      order: orderBy(leadSortColumns, q, 'l.created_at DESC', 'l.id'),
      key: 'l.id',
      rowJson: leadJson('l'),
      params,
      paging: q,
    });
  });
}
