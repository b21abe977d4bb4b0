import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { JsonText, jsonAnswer } from '../http/jsonText.ts';
import { idList, isoDate, paging, search } from '../http/params.ts';
import { taskTables } from '../http/versionedCache.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { instantInDays, startAfterEndIssue, startNotAfterEnd, whereSql } from '../sql/dayRange.ts';
import { employeeJson } from '../sql/json.ts';
import { pagedAnswer } from '../sql/paged.ts';
import { matchesKeyword, searchText } from '../sql/search.ts';
import { taskTimesSql } from '../sql/taskTimes.ts';
import { sortKey } from '../sql/sortKey.ts';

// The lookup asks page, itemsPerPage and search; without them every area is listed.
const areaQuery = z.strictObject({ ...paging(-1), search });

const taskQuery = z
  .strictObject({ dateStart: isoDate.optional(), dateEnd: isoDate.optional(), area: idList })
  .refine(startNotAfterEnd, startAfterEndIssue);
type TaskQuery = z.output<typeof taskQuery>;

/** Tasks planned (date_start) on the days asked (of the operator's zone), in the areas asked; `k` is the tasks alias. */
function taskWhere(q: TaskQuery, params: unknown[], zone: string, k = 'k') {
  const terms = instantInDays(`${k}.date_start`, { from: q.dateStart, to: q.dateEnd }, params, zone);
  if (q.area?.length) terms.push(`${k}.area_id = ANY($${params.push(q.area)}::int[])`);
  return whereSql(terms);
}

const optionJson = (o: string) => `json_build_object('_id', ${o}.id, 'name', ${o}.name, 'color', ${o}.color)`;

/** /api/v1/area, /api/v1/report/task (calendar) and /api/v1/report/task/duration (task KPI). */
export async function taskRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/area', { schema: { querystring: areaQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    return pagedAnswer(reply, app.db, {
      from: 'areas a',
      where: q.search ? `WHERE ${matchesKeyword(searchText('a.name'), q.search, params)}` : '',
      order: `ORDER BY ${sortKey('a.name')}, a.id`,
      key: 'a.id',
      rowJson: `json_build_object('_id', a.id, 'name', a.name)`,
      params,
      paging: q,
    });
  });

  // Kept until a task, its transactions or what it names changes (versionedCache.ts).
  routes.get('/api/v1/report/task', { schema: { querystring: taskQuery } }, async (request, reply) =>
    app.versionedCache.answer(request, reply, taskTables, async () => {
      const params: unknown[] = [];
      const where = taskWhere(request.query, params, app.timeZone);
      const [row] = await app.db.query<{ data: string }>(
        `SELECT coalesce(json_agg(json_build_object(
             '_id', k.id, 'name', k.name,
             'place', CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object('_id', p.id, 'name', p.name) END,
             'area', json_build_object('_id', a.id, 'name', a.name),
             'dateStart', k.date_start, 'dateEnd', k.date_end, 'employee', ${employeeJson('e')},
             'taskOption', ${optionJson('o')}, 'status', k.status,
             'transactions', (SELECT coalesce(json_agg(json_build_object(
                                  '_id', tx.id, 'status', tx.status, 'employee', ${employeeJson('te')},
                                  'createdAt', tx.created_at) ORDER BY tx.created_at, tx.id), '[]'::json)
                                FROM task_transactions tx LEFT JOIN employees te ON te.id = tx.employee_id
                               WHERE tx.task_id = k.id))
             ORDER BY k.date_start, k.id), '[]'::json)::text AS data
           FROM tasks k
           JOIN areas a ON a.id = k.area_id
           JOIN task_options o ON o.id = k.task_option_id
           LEFT JOIN places p ON p.id = k.place_id
           LEFT JOIN employees e ON e.id = k.employee_id
         ${where}`,
        params,
      );
      // A month's calendar of a large operation is megabytes: sent as the database wrote it (jsonText.ts).
      return jsonAnswer(reply, { data: new JsonText(row?.data ?? '[]') });
    }),
  );

  routes.get('/api/v1/report/task/duration', { schema: { querystring: taskQuery } }, async (request, reply) => {
    const params: unknown[] = [];
    const where = taskWhere(request.query, params, app.timeZone);
    const [row] = await app.db.query<{ canceled: number; total: number; data: string }>(
      `WITH timed AS (
         SELECT k.id, k.status, k.task_option_id, k.employee_id, tm."minutesToStart" AS to_start,
                tm."minutesToFinish" AS to_finish
           FROM tasks k CROSS JOIN LATERAL (${taskTimesSql('k')}) tm
         ${where}),
       kept AS (SELECT * FROM timed WHERE status <> 'cancel'),
       by_employee AS (
         SELECT task_option_id, employee_id, count(*) AS tasks,
                count(to_start) AS started, count(to_finish) AS finished,
                round(avg(to_start)::numeric, 2) AS avg_start, round(avg(to_finish)::numeric, 2) AS avg_finish
           FROM kept GROUP BY task_option_id, employee_id),
       by_option AS (
         SELECT task_option_id, count(*) AS tasks, count(to_start) AS started, count(to_finish) AS finished,
                round(avg(to_start)::numeric, 2) AS avg_start, round(avg(to_finish)::numeric, 2) AS avg_finish
           FROM kept GROUP BY task_option_id)
       SELECT (SELECT count(*) FROM timed WHERE status = 'cancel') AS canceled,
              (SELECT count(*) FROM timed) AS total,
              (SELECT coalesce(json_agg(json_build_object(
                   'taskOption', ${optionJson('o')}, 'tasks', bo.tasks, 'started', bo.started, 'finished', bo.finished,
                   'averageMinutesToStart', bo.avg_start, 'averageMinutesToFinish', bo.avg_finish,
                   'employees', (SELECT json_agg(json_build_object(
                                     'employee', ${employeeJson('e')}, 'tasks', be.tasks, 'started', be.started,
                                     'finished', be.finished, 'averageMinutesToStart', be.avg_start,
                                     'averageMinutesToFinish', be.avg_finish) ORDER BY ${sortKey('e.name')}, ${sortKey('e.last_name')}, e.id)
                                   FROM by_employee be LEFT JOIN employees e ON e.id = be.employee_id
                                  WHERE be.task_option_id = bo.task_option_id))
                   ORDER BY ${sortKey('o.name')}, o.id), '[]'::json)
                 FROM by_option bo JOIN task_options o ON o.id = bo.task_option_id)::text AS data`,
      params,
    );
    return jsonAnswer(reply, { canceled: Number(row?.canceled ?? 0), total: Number(row?.total ?? 0), data: new JsonText(row?.data ?? '[]') });
  });
}
