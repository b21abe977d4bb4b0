import { z } from 'zod';
import { HttpError } from '../http/HttpError.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestKey } from '../http/answerCache.ts';
import { bool, id, idList, itemsPerPage, page, pageWindow, paging, search } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';
import { clientFilterShape, clientFilterSql } from '../sql/clientFilters.ts';
import { matchesKeyword } from '../sql/search.ts';
import { businessJson, clientDetailJson, clientJson, typologyJson } from '../sql/json.ts';
import { pagedAnswer, pagedQuery, type PagedQuery } from '../sql/paged.ts';
import { placeNameKey, sortKey } from '../sql/sortKey.ts';

const userQuery = z.strictObject({ ...paging(10), ...clientFilterShape });

const placeQuery = z.strictObject({
  ...paging(10),
  search,
  typology: idList,
  isSpace: bool.optional(),
});

const spacesQuery = z.strictObject({
  page,
  per_page: itemsPerPage.default(15),
  itemsPerPage: itemsPerPage.optional(),
  search,
  withOutRooms: bool.optional(),
  status: bool.optional(),
  withReservation: bool.optional(),
  deleted: bool.optional(),
});

const namedQuery = (defaultPerPage: number) => z.strictObject({ ...paging(defaultPerPage), search });

/** Collects WHERE terms whose values go to `params` as $n. */
function whereBuilder(params: unknown[]) {
  const terms: string[] = [];
  return {
    param: (value: unknown) => `$${params.push(value)}`,
    add: (term: string) => void terms.push(term),
    sql: () => (terms.length ? `WHERE ${terms.join(' AND ')}` : ''),
  };
}

/** A place as the lookups answer it: its typology without photos (null for a space). */
const placeLookupJson = (p: string, t: string, more = '') =>
  `json_build_object('_id', ${p}.id, 'name', ${p}.name,
     'typology', CASE WHEN ${t}.id IS NULL THEN NULL ELSE json_build_object('_id', ${t}.id, 'name', ${t}.name) END${more})`;

/** Lookups: /api/v1/user, /api/v1/user/{id}, /api/v1/place, /place/spaces, /place/typology, /place/business. */
export async function lookupRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** A page is reused from app.answerCache (the same URL, for LOOKUP_CACHE_SECONDS); every row streams uncached. */
  const cachedPage = (request: FastifyRequest, reply: FastifyReply, q: PagedQuery) =>
    pageWindow(q.paging).limit === null
      ? pagedAnswer(reply, app.db, q)
      : app.answerCache.get(requestKey(app, request.url), () => pagedQuery(app.db, q));

  routes.get('/api/v1/user', { schema: { querystring: userQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    return cachedPage(request, reply, {
      from: 'clients u',
      where: clientFilterSql(q, params),
      order: `ORDER BY ${sortKey('u.name')}, ${sortKey('u.last_name')}, u.id`,
      key: 'u.id',
      rowJson: clientJson('u'),
      params,
      paging: q,
    });
  });

  const userByIdSchema = { params: z.strictObject({ id }), querystring: z.strictObject({}) };
  routes.get('/api/v1/user/:id', { schema: userByIdSchema }, async (request) => {
    const userId = request.params.id;
    const [row] = await app.db.query<{ data: unknown }>(
      `SELECT ${clientDetailJson('u')} AS data FROM clients u WHERE u.id = $1`,
      [userId],
    );
    if (!row) throw new HttpError(404, messages.userNotFound(userId));
    return { data: row.data };
  });

  routes.get('/api/v1/place', { schema: { querystring: placeQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const where = whereBuilder(params);
    if (q.search) where.add(matchesKeyword('p.name', q.search, params));
    if (q.typology?.length) where.add(`p.typology_id = ANY(${where.param(q.typology)}::int[])`);
    if (q.isSpace !== undefined) where.add(`p.is_space = ${where.param(q.isSpace)}`);
    return cachedPage(request, reply, {
      from: 'places p LEFT JOIN typologies t ON t.id = p.typology_id',
      where: where.sql(),
      order: `ORDER BY ${placeNameKey('p')}, p.id`,
      key: 'p.id',
      rowJson: placeLookupJson('p', 't'),
      params,
      paging: q,
    });
  });

  routes.get('/api/v1/place/spaces', { schema: { querystring: spacesQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const where = whereBuilder(params);
    // Spaces only, unless the caller asks not to leave rooms out.
    if (q.withOutRooms !== false) where.add('p.is_space');
    if (q.search) where.add(matchesKeyword('p.name', q.search, params));
    if (q.status !== undefined) where.add(`p.status = ${where.param(q.status)}`);
    if (q.withReservation !== undefined) where.add(`p.with_reservation = ${where.param(q.withReservation)}`);
    if (q.deleted !== undefined) where.add(`p.deleted = ${where.param(q.deleted)}`);
    return cachedPage(request, reply, {
      from: 'places p LEFT JOIN typologies t ON t.id = p.typology_id',
      where: where.sql(),
      order: `ORDER BY ${placeNameKey('p')}, p.id`,
      key: 'p.id',
      rowJson: placeLookupJson(
        'p',
        't',
        `, 'isSpace', p.is_space, 'status', p.status, 'withReservation', p.with_reservation, 'deleted', p.deleted`,
      ),
      params,
      paging: { page: q.page, itemsPerPage: q.itemsPerPage ?? q.per_page },
    });
  });

  routes.get('/api/v1/place/typology', { schema: { querystring: namedQuery(10) } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const where = whereBuilder(params);
    if (q.search) where.add(matchesKeyword('t.name', q.search, params));
    return cachedPage(request, reply, {
      from: 'typologies t',
      where: where.sql(),
      order: `ORDER BY ${sortKey('t.name')}, t.id`,
      key: 't.id',
      rowJson: typologyJson('t'),
      params,
      paging: q,
    });
  });

  routes.get('/api/v1/place/business', { schema: { querystring: namedQuery(500) } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    const where = whereBuilder(params);
    // Service businesses and entries that are no business are not offered (other-reports §3).
    where.add('NOT bu.is_service AND bu.is_business');
    if (q.search) where.add(matchesKeyword('bu.name', q.search, params));
    return cachedPage(request, reply, {
      from: 'businesses bu',
      where: where.sql(),
      order: `ORDER BY ${sortKey('bu.name')}, bu.id`,
      key: 'bu.id',
      rowJson: businessJson('bu'),
      params,
      paging: q,
    });
  });
}
