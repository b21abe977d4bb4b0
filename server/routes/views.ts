import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../db/Db.ts';
import { HttpError } from '../http/HttpError.ts';
import { id } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';

const viewName = z.string().trim().min(1).max(80);
const viewPath = z.string().max(200).regex(/^\//, messages.views.pathFormat);
const reportId = z.string().max(100).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, messages.views.reportIdFormat);
const urlPair = z.tuple([z.string().min(1).max(100), z.string().max(1000)]);
/** A view is URL state: the filters' search params apart (they are checked against the definition when opened), then the rest. */
const viewState = z.strictObject({ filters: z.array(urlPair).max(200), params: z.array(urlPair).max(200) });

const listQuery = z.strictObject({ path: viewPath.optional() });
const viewParams = z.strictObject({ id });
const createBody = z.strictObject({ reportId, path: viewPath, name: viewName, shared: z.boolean().default(false), state: viewState });
const updateBody = z
  .strictObject({ name: viewName.optional(), shared: z.boolean().optional(), state: viewState.optional() })
  .refine((body) => body.name !== undefined || body.shared !== undefined || body.state !== undefined, messages.views.noChange);

export type ViewState = z.infer<typeof viewState>;

/**
 * Views are written and, right after, listed again by the screen that saved them: every statement of these routes
 * runs on the primary (a lagging replica would hide a view just saved or show one just deleted).
 */
const primary = (app: FastifyInstance): Queryable => app.db.primary;

/** One view as the API answers it; `mine` says whether the caller owns it. `$1` is the caller. */
const viewJson = (v: string, e: string) => `json_build_object(
  'id', ${v}.id, 'reportId', ${v}.report_id, 'path', ${v}.path, 'name', ${v}.name, 'shared', ${v}.shared, 'state', ${v}.state,
  'owner', json_build_object('id', ${e}.id, 'name', ${e}.name, 'lastName', ${e}.last_name),
  'mine', ${v}.employee_id = $1, 'createdAt', ${v}.created_at, 'updatedAt', ${v}.updated_at)`;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** A change that touched nothing: the view is someone else's shared one (403 `No Permission`, which the web app shows without signing out) or not one the caller sees (404). */
async function refuse(app: FastifyInstance, employeeId: number, viewId: number): Promise<never> {
  const [row] = await primary(app).query<{ shared: boolean }>('SELECT shared FROM saved_views WHERE id = $1 AND employee_id <> $2', [viewId, employeeId]);
  if (row?.shared) throw new HttpError(403, messages.noPermission);
  throw new HttpError(404, messages.views.notFound(viewId));
}

/** Saved views: an employee lists their own and the shared ones; only the owner changes or deletes one. */
export async function viewRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const caller = (session: { employeeId: number } | null) => session!.employeeId;

  routes.get('/api/v1/views', { schema: { querystring: listQuery } }, async (request) => {
    const [row] = await primary(app).query<{ data: unknown[] }>(
      `SELECT coalesce(json_agg(${viewJson('v', 'e')} ORDER BY v.employee_id <> $1, lower(v.name), v.id), '[]') AS data
         FROM saved_views v JOIN employees e ON e.id = v.employee_id
        WHERE (v.employee_id = $1 OR v.shared) AND ($2::text IS NULL OR v.path = $2)`,
      [caller(request.session), request.query.path ?? null],
    );
    return { data: row!.data };
  });

  routes.post('/api/v1/views', { schema: { body: createBody } }, async (request, reply) => {
    const b = request.body;
    const rows = await primary(app).query<{ view: unknown }>(
      `WITH added AS (
         INSERT INTO saved_views (employee_id, report_id, path, name, shared, state)
         VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT DO NOTHING RETURNING *)
       SELECT ${viewJson('v', 'e')} AS view FROM added v JOIN employees e ON e.id = v.employee_id`,
      [caller(request.session), b.reportId, b.path, b.name, b.shared, JSON.stringify(b.state)],
    );
    if (!rows[0]) throw new HttpError(409, messages.views.nameTaken(b.name));
    return reply.status(201).send({ data: rows[0].view });
  });

  routes.patch('/api/v1/views/:id', { schema: { params: viewParams, body: updateBody } }, async (request) => {
    const employeeId = caller(request.session);
    const b = request.body;
    let rows: Array<{ view: unknown }>;
    try {
      rows = await primary(app).query<{ view: unknown }>(
        `WITH changed AS (
           UPDATE saved_views SET name = coalesce($3, name), shared = coalesce($4, shared),
                  state = coalesce($5::jsonb, state), updated_at = now()
            WHERE id = $2 AND employee_id = $1 RETURNING *)
         SELECT ${viewJson('v', 'e')} AS view FROM changed v JOIN employees e ON e.id = v.employee_id`,
        [employeeId, request.params.id, b.name ?? null, b.shared ?? null, b.state === undefined ? null : JSON.stringify(b.state)],
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, messages.views.nameTaken(b.name ?? ''));
      throw error;
    }
    if (!rows[0]) return refuse(app, employeeId, request.params.id);
    return { data: rows[0].view };
  });

  routes.delete('/api/v1/views/:id', { schema: { params: viewParams } }, async (request, reply) => {
    const employeeId = caller(request.session);
    const rows = await primary(app).query('DELETE FROM saved_views WHERE id = $2 AND employee_id = $1 RETURNING id', [employeeId, request.params.id]);
    if (!rows[0]) return refuse(app, employeeId, request.params.id);
    return reply.status(204).send();
  });
}
