import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../http/HttpError.ts';
import { id, orderBy, paging, sorting } from '../http/params.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';
import { appInfoJson } from '../sql/appUsage.ts';
import { bookingFilterQuery, bookingFilterShape, bookingFilterSql } from '../sql/bookingFilters.ts';
import { bookingListJoins, bookingListRow, bookingShapeParam } from '../sql/bookingList.ts';
import { clientFilterShape, clientFilterSql } from '../sql/clientFilters.ts';
import { clientDetailJson, clientJson } from '../sql/json.ts';
import { pagedAnswer } from '../sql/paged.ts';
import { placeNameKey, sortKey } from '../sql/sortKey.ts';

/** The keys of a client's extra data, each answered (null when not filled in). */
export const extraDataKeys = [
  'maritalStatus',
  'spokenLanguages',
  'professionalApproach',
  'professionalTitle',
  'annualIncome',
  'currentCompany',
  'activitiesOfInterest',
  'populationGroupPreference',
  'purposeOfTravel',
  'howDidYouHearAbout',
  'socialMediaProfile',
  'transportationSystem',
  'linkedInProfile',
] as const;

/** Client state shown on screen (`status`; `state` is the region): Retirado when deleted, Activo otherwise. */
export const clientStatusSql = (u: string) => `CASE WHEN ${u}.deleted THEN 'Retirado' ELSE 'Activo' END`;

const extraDataJson = (u: string) =>
  `json_build_object(${extraDataKeys.map((k) => `'${k}', ${u}.extra_data -> '${k}'`).join(', ')})`;

/** Sortable fields of a client's bookings. */
const bookingSortColumns = {
  ref: 'b.ref',
  status: 'b.status',
  dateStart: 'b.date_start',
  dateEnd: 'b.date_end',
  createdAt: 'b.created_at',
  total: 'b.total',
  wayContactName: 'b.way_contact_name',
  'place.name': placeNameKey('p'),
  'typology.name': sortKey('t.name'),
} as const;
const bookingSortFields = Object.keys(bookingSortColumns) as [keyof typeof bookingSortColumns];

// The owner is the path's client: the booking filters apply except `user`.
const { user: _user, ...clientBookingFilters } = bookingFilterShape;
const clientBookingsQuery = bookingFilterQuery({
  ...clientBookingFilters,
  ...paging(50),
  ...sorting(bookingSortFields),
  shape: bookingShapeParam,
});

/** Sortable fields of the client list. */
const clientSortColumns = {
  name: sortKey('u.name'),
  lastName: sortKey('u.last_name'),
  email: 'u.email',
  phone: 'u.phone',
  documentID: 'u.document_id',
  nationality: 'u.nationality',
  category: 'u.category',
  status: 'u.deleted',
  createdAt: 'u.created_at',
} as const;
const clientSortFields = Object.keys(clientSortColumns) as [keyof typeof clientSortColumns];
const clientListQuery = z.strictObject({ ...clientFilterShape, ...paging(50), ...sorting(clientSortFields) });

/** A client list row: the lookup's client with its status and sign-up instant. */
const clientRowJson = (u: string) => clientJson(u, `'status', ${clientStatusSql(u)}, 'createdAt', ${u}.created_at`);

const idParams = z.strictObject({ id });
const masterParams = z.strictObject({
  masterID: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, messages.masterIdFormat),
});
const noQuery = z.strictObject({});

/** The client list, client detail, app info by masterID and a client's bookings (the detail's tabs; lean rows unless shape=full). */
export async function clientRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/v1/client', { schema: { querystring: clientListQuery } }, async (request, reply) => {
    const q = request.query;
    const params: unknown[] = [];
    return pagedAnswer(reply, app.db, {
      from: 'clients u',
      where: clientFilterSql(q, params),
      order: orderBy(clientSortColumns, q, `${sortKey('u.name')}, ${sortKey('u.last_name')}`, 'u.id'),
      key: 'u.id',
      rowJson: clientRowJson('u'),
      params,
      paging: q,
    });
  });

  const detailJson = (u: string) =>
    `(${clientDetailJson(u)})::jsonb || jsonb_build_object(
       'status', ${clientStatusSql(u)}, 'extraData', ${extraDataJson(u)}, 'appInfo', ${appInfoJson(u, '$2')},
       'bookingsCount', (SELECT count(*) FROM bookings cb WHERE cb.user_id = ${u}.id))`;

  routes.get('/api/v1/client/:id', { schema: { params: idParams, querystring: noQuery } }, async (request) => {
    const clientId = request.params.id;
    const [row] = await app.db.query<{ data: unknown }>(
      `SELECT ${detailJson('u')} AS data FROM clients u WHERE u.id = $1`,
      [clientId, app.today()],
    );
    if (!row) throw new HttpError(404, messages.userNotFound(clientId));
    return { data: row.data };
  });

  routes.get(
    '/api/v1/client/app-info/:masterID',
    { schema: { params: masterParams, querystring: noQuery } },
    async (request) => {
      const { masterID } = request.params;
      const [row] = await app.db.query<{ data: unknown }>(
        `SELECT ${appInfoJson('u', '$2')} AS data FROM clients u WHERE u.master_id = $1`,
        [masterID, app.today()],
      );
      if (!row) throw new HttpError(404, messages.masterIdNotFound(masterID));
      return { data: row.data };
    },
  );

  routes.get(
    '/api/v1/client/:id/bookings',
    { schema: { params: idParams, querystring: clientBookingsQuery } },
    async (request, reply) => {
      const clientId = request.params.id;
      const [client] = await app.db.query('SELECT 1 FROM clients WHERE id = $1', [clientId]);
      if (!client) throw new HttpError(404, messages.userNotFound(clientId));
      const params: unknown[] = [];
      const where = bookingFilterSql({ ...request.query, user: [clientId] }, params, app.timeZone);
      return pagedAnswer(reply, app.db, {
        from: `bookings b ${bookingListJoins('b')}`,
        where,
        order: orderBy(bookingSortColumns, request.query, 'b.date_start DESC', 'b.id'),
        key: 'b.id',
        // The detail's Reservas tab reads the list row; shape=full is the whole booking with its nightly rates, as before.
        ...bookingListRow({ shape: request.query.shape, select: request.query.shape === 'full' ? ['rates'] : [] }),
        params,
        paging: request.query,
      });
    },
  );
}
