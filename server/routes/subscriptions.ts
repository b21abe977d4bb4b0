import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../db/Db.ts';
import { HttpError } from '../http/HttpError.ts';
import { id } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { findPresets } from '../mail/presets.ts';
import { nextSendAt, type Schedule } from '../mail/schedule.ts';
import { matchScreen, tableAt } from '../mail/screen.ts';
import { messages } from '../messages.ts';
import type { ReportDefinition } from '../../schema/reportDefinition.ts';

const text = messages.subscriptions;
const reportId = z.string().max(100).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, messages.views.reportIdFormat);
const screenPath = z.string().max(200).regex(/^\//, messages.views.pathFormat);
const blockPath = z.string().max(40).regex(/^\d{1,3}(-\d{1,3}){0,9}$/);
const urlPair = z.tuple([z.string().min(1).max(100), z.string().max(1000)]);
const state = z.strictObject({ filters: z.array(urlPair).max(200), params: z.array(urlPair).max(200) });
const employeeId = z.number().int().positive().max(2_147_483_647);
const recipients = z.array(employeeId).max(200);

export const scheduleSchema = z
  .strictObject({
    frequency: z.enum(['daily', 'weekly', 'monthly']),
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).optional(),
    monthDay: z.number().int().min(1).max(31).optional(),
    hour: z.number().int().min(0).max(23),
  })
  .superRefine((schedule, ctx) => {
    if (schedule.frequency === 'weekly' && !schedule.weekdays?.length) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: text.weekdaysRequired });
    if (schedule.frequency === 'monthly' && schedule.monthDay === undefined) ctx.addIssue({ code: 'custom', path: ['monthDay'], message: text.monthDayRequired });
  });

const createBody = z.strictObject({
  reportId,
  path: screenPath,
  blocks: z.array(blockPath).min(1).max(20),
  state,
  viewId: employeeId.nullable().optional(),
  recipients: recipients.optional(),
  schedule: scheduleSchema,
  format: z.enum(['xlsx', 'csv']),
  skipEmpty: z.boolean(),
});
const updateBody = z
  .strictObject({
    paused: z.boolean().optional(),
    schedule: scheduleSchema.optional(),
    format: z.enum(['xlsx', 'csv']).optional(),
    skipEmpty: z.boolean().optional(),
    recipients: recipients.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), text.noChange);
const subscriptionParams = z.strictObject({ id });

export interface SubscriptionRouteOptions {
  reports: () => Promise<readonly ReportDefinition[]>;
}

const isoOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One subscription as the API answers it (`title` added from the definition); `$1` is the caller. */
const subscriptionJson = `json_build_object(
  'id', s.id, 'reportId', s.report_id, 'path', s.path, 'blocks', to_json(s.blocks), 'state', s.state, 'viewId', s.view_id,
  'owner', json_build_object('id', o.id, 'name', o.name, 'lastName', o.last_name),
  'mine', s.employee_id = $1,
  'recipients', coalesce((SELECT json_agg(json_build_object('id', e.id, 'name', e.name, 'lastName', e.last_name) ORDER BY e.id)
                            FROM subscription_recipients r JOIN employees e ON e.id = r.employee_id WHERE r.subscription_id = s.id), '[]'),
  'schedule', json_strip_nulls(json_build_object('frequency', s.frequency,
      'weekdays', CASE WHEN s.frequency = 'weekly' THEN to_json(s.weekdays) END,
      'monthDay', CASE WHEN s.frequency = 'monthly' THEN s.month_day END, 'hour', s.hour)),
  'format', s.format, 'skipEmpty', s.skip_empty, 'paused', s.paused,
  'nextSendAt', ${isoOf('s.next_send_at')}, 'lastSentAt', ${isoOf('s.last_sent_at')}, 'lastError', s.last_error,
  'createdAt', ${isoOf('s.created_at')})`;

/** Every statement on the primary: a subscription is listed right after it is saved. */
const primary = (app: FastifyInstance): Queryable => app.db.primary;

/**
 * E-mail subscriptions: an employee subscribes himself (and, for a shared view, other employees) to a screen's
 * state; only the creator changes or deletes one, a recipient may leave it. Sending: server/mail/mailer.ts.
 */
export async function subscriptionRoutes(app: FastifyInstance, options: SubscriptionRouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const caller = (session: { employeeId: number } | null) => session!.employeeId;

  const titled = async (rows: Array<{ subscription: Record<string, unknown> }>) => {
    const reports = await options.reports();
    return rows.map(({ subscription }) => ({
      ...subscription,
      title: reports.find((report) => report.id === subscription.reportId)?.title ?? String(subscription.reportId),
    }));
  };

  const one = async (employee: number, subscriptionId: number) => {
    const rows = await primary(app).query<{ subscription: Record<string, unknown> }>(
      `SELECT ${subscriptionJson} AS subscription FROM subscriptions s JOIN employees o ON o.id = s.employee_id WHERE s.id = $2`,
      [employee, subscriptionId],
    );
    return (await titled(rows))[0]!;
  };

  /** The others named must be active employees (the creator is always a recipient, never listed twice). */
  const checkRecipients = async (creator: number, ids: readonly number[]): Promise<number[]> => {
    const wanted = [...new Set(ids)].filter((other) => other !== creator);
    if (wanted.length === 0) return [];
    const found = await primary(app).query<{ id: number }>('SELECT id FROM employees WHERE active AND id = ANY($1::int[])', [wanted]);
    const known = new Set(found.map((row) => row.id));
    const unknown = wanted.filter((other) => !known.has(other));
    if (unknown.length > 0) throw new HttpError(400, text.unknownRecipients(unknown.join(', ')));
    return wanted;
  };

  /**
   * Who the subscription is to the caller: 404 when he neither made it nor receives it, 403 `No Permission` when he only
   * receives it (the API's forbidden that does not end a session: the web client signs out on any other 403).
   */
  const ownerOnly = async (employee: number, subscriptionId: number) => {
    const [row] = await primary(app).query<{ owner: number; recipient: boolean }>(
      `SELECT employee_id AS owner, EXISTS (SELECT 1 FROM subscription_recipients r WHERE r.subscription_id = s.id AND r.employee_id = $2) AS recipient
         FROM subscriptions s WHERE id = $1`,
      [subscriptionId, employee],
    );
    if (!row || (row.owner !== employee && !row.recipient)) throw new HttpError(404, text.notFound(subscriptionId));
    if (row.owner !== employee) throw new HttpError(403, messages.noPermission);
  };

  routes.get('/api/v1/subscriptions', async (request) => {
    const rows = await primary(app).query<{ subscription: Record<string, unknown> }>(
      `SELECT ${subscriptionJson} AS subscription FROM subscriptions s JOIN employees o ON o.id = s.employee_id
        WHERE s.employee_id = $1 OR EXISTS (SELECT 1 FROM subscription_recipients r WHERE r.subscription_id = s.id AND r.employee_id = $1)
        ORDER BY s.employee_id <> $1, s.id`,
      [caller(request.session)],
    );
    return { data: await titled(rows) };
  });

  routes.get('/api/v1/subscriptions/recipients', async () => {
    const rows = await primary(app).query<{ id: number; name: string; lastName: string }>(
      'SELECT id, name, last_name AS "lastName" FROM employees WHERE active ORDER BY lower(name), lower(last_name), id',
    );
    return { data: rows };
  });

  routes.post('/api/v1/subscriptions', { schema: { body: createBody } }, async (request, reply) => {
    const employee = caller(request.session);
    const b = request.body;
    const definition = (await options.reports()).find((report) => report.id === b.reportId);
    if (!definition) throw new HttpError(400, text.unknownReport(b.reportId));
    if (!matchScreen(definition, b.path)) throw new HttpError(400, text.unknownPath(b.path));
    const blocks = [...new Set(b.blocks)];
    const bad = blocks.find((block) => {
      const table = tableAt(definition, block);
      return !table || table.monthTotals;
    });
    if (bad !== undefined) throw new HttpError(400, text.unknownBlock(bad));
    const viewId = b.viewId ?? null;
    let shared = false;
    if (viewId !== null) {
      const [view] = await primary(app).query<{ shared: boolean }>(
        'SELECT shared FROM saved_views WHERE id = $1 AND path = $2 AND (employee_id = $3 OR shared)',
        [viewId, b.path, employee],
      );
      if (!view) throw new HttpError(400, text.viewNotFound(viewId));
      shared = view.shared;
    }
    const others = await checkRecipients(employee, b.recipients ?? []);
    if (others.length > 0 && !shared) throw new HttpError(400, text.recipientsNeedSharedView);
    const schedule: Schedule = b.schedule;
    const next = nextSendAt(schedule, app.now(), app.timeZone);
    const presets = findPresets(definition, b.state.filters, app.today());
    const created = await app.db.primary.transaction(async (tx) => {
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO subscriptions (employee_id, report_id, path, blocks, state, presets, view_id, frequency, weekdays, month_day, hour, format, skip_empty, next_send_at)
         VALUES ($1, $2, $3, $4::text[], $5::jsonb, $6::jsonb, $7, $8, $9::smallint[], $10, $11, $12, $13, $14::timestamptz) RETURNING id`,
        [
          employee, b.reportId, b.path, blocks, JSON.stringify(b.state), JSON.stringify(presets), viewId, schedule.frequency,
          schedule.frequency === 'weekly' ? [...new Set(schedule.weekdays)].sort() : [],
          schedule.frequency === 'monthly' ? schedule.monthDay : null, schedule.hour, b.format, b.skipEmpty, next.toISOString(),
        ],
      );
      if (others.length > 0) {
        await tx.query('INSERT INTO subscription_recipients (subscription_id, employee_id) SELECT $1, unnest($2::int[])', [row!.id, others]);
      }
      return row!.id;
    });
    return reply.status(201).send({ data: await one(employee, created) });
  });

  routes.patch('/api/v1/subscriptions/:id', { schema: { params: subscriptionParams, body: updateBody } }, async (request) => {
    const employee = caller(request.session);
    const subscriptionId = request.params.id;
    await ownerOnly(employee, subscriptionId);
    const b = request.body;
    const [current] = await primary(app).query<{ paused: boolean; shared: boolean | null }>(
      'SELECT s.paused, v.shared FROM subscriptions s LEFT JOIN saved_views v ON v.id = s.view_id WHERE s.id = $1',
      [subscriptionId],
    );
    if (!current) throw new HttpError(404, text.notFound(subscriptionId));
    const others = b.recipients === undefined ? undefined : await checkRecipients(employee, b.recipients);
    if (others && others.length > 0 && !current.shared) throw new HttpError(400, text.recipientsNeedSharedView);
    const s = b.schedule;
    // A new schedule, or one taken up again after a pause, counts from now: what fell due while paused is not sent.
    const next = s !== undefined || (b.paused === false && current.paused);
    await app.db.primary.transaction(async (tx) => {
      if (s !== undefined) {
        await tx.query(
          'UPDATE subscriptions SET frequency = $2, weekdays = $3::smallint[], month_day = $4, hour = $5 WHERE id = $1',
          [subscriptionId, s.frequency, s.frequency === 'weekly' ? [...new Set(s.weekdays)].sort() : [], s.frequency === 'monthly' ? s.monthDay : null, s.hour],
        );
      }
      await tx.query(
        `UPDATE subscriptions SET paused = coalesce($2, paused), format = coalesce($3, format), skip_empty = coalesce($4, skip_empty) WHERE id = $1`,
        [subscriptionId, b.paused ?? null, b.format ?? null, b.skipEmpty ?? null],
      );
      if (next) {
        const [row] = await tx.query<{ frequency: Schedule['frequency']; weekdays: number[]; month_day: number | null; hour: number }>(
          'SELECT frequency, weekdays, month_day, hour FROM subscriptions WHERE id = $1',
          [subscriptionId],
        );
        const at = nextSendAt({ frequency: row!.frequency, weekdays: row!.weekdays, monthDay: row!.month_day, hour: row!.hour }, app.now(), app.timeZone);
        await tx.query('UPDATE subscriptions SET next_send_at = $2::timestamptz WHERE id = $1', [subscriptionId, at.toISOString()]);
      }
      if (others !== undefined) {
        await tx.query('DELETE FROM subscription_recipients WHERE subscription_id = $1 AND NOT (employee_id = ANY($2::int[]))', [subscriptionId, others]);
        await tx.query(
          'INSERT INTO subscription_recipients (subscription_id, employee_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
          [subscriptionId, others],
        );
      }
    });
    return { data: await one(employee, subscriptionId) };
  });

  // "Enviar ahora": a job due now in the same table the poller reads (one pending job at most: a second click adds none).
  routes.post('/api/v1/subscriptions/:id/send', { schema: { params: subscriptionParams } }, async (request, reply) => {
    const employee = caller(request.session);
    const subscriptionId = request.params.id;
    await ownerOnly(employee, subscriptionId);
    if (!app.subscriptions.configured) throw new HttpError(400, text.notConfigured);
    const [row] = await primary(app).query<{ paused: boolean }>('SELECT paused FROM subscriptions WHERE id = $1', [subscriptionId]);
    if (!row) throw new HttpError(404, text.notFound(subscriptionId));
    if (row.paused) throw new HttpError(400, text.pausedSend);
    await primary(app).query(
      `INSERT INTO subscription_jobs (subscription_id, due_at)
       SELECT $1, $2::timestamptz WHERE NOT EXISTS (SELECT 1 FROM subscription_jobs WHERE subscription_id = $1 AND status = 'pending')
       ON CONFLICT (subscription_id, due_at) DO NOTHING`,
      [subscriptionId, app.now().toISOString()],
    );
    return reply.status(202).send({ data: await one(employee, subscriptionId) });
  });

  routes.delete('/api/v1/subscriptions/:id', { schema: { params: subscriptionParams } }, async (request, reply) => {
    const employee = caller(request.session);
    await ownerOnly(employee, request.params.id);
    await primary(app).query('DELETE FROM subscriptions WHERE id = $1 AND employee_id = $2', [request.params.id, employee]);
    return reply.status(204).send();
  });

  routes.delete('/api/v1/subscriptions/:id/me', { schema: { params: subscriptionParams } }, async (request, reply) => {
    const employee = caller(request.session);
    const rows = await primary(app).query('DELETE FROM subscription_recipients WHERE subscription_id = $1 AND employee_id = $2 RETURNING 1', [
      request.params.id,
      employee,
    ]);
    if (rows.length === 0) {
      const [own] = await primary(app).query('SELECT 1 FROM subscriptions WHERE id = $1 AND employee_id = $2', [request.params.id, employee]);
      if (own) throw new HttpError(400, text.creatorLeaves);
      throw new HttpError(404, text.notRecipient(request.params.id));
    }
    return reply.status(204).send();
  });
}
