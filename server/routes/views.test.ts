import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';
import { messages } from '../messages.ts';

let server: TestServer;
let demoId: number;
let restrictedId: number;
beforeAll(async () => {
  server = await startTestServer();
  const ids = await server.db.query<{ id: number; email: string }>(
    "SELECT id, email FROM employees WHERE email IN ('demo@mirador.test', 'recepcion@mirador.test')",
  );
  demoId = ids.find((r) => r.email === 'demo@mirador.test')!.id;
  restrictedId = ids.find((r) => r.email === 'recepcion@mirador.test')!.id;
  await server.db.query('DELETE FROM saved_views');
});
afterAll(async () => {
  await server.db.query('DELETE FROM saved_views');
  await server.close();
});

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, body: unknown, token: string | null = server.token): Promise<LightMyRequestResponse> =>
  server.request({
    method,
    url,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const state = { filters: [['status', 'confirmed']], params: [['t0.sort', '-total'], ['t0.size', '100']] };
const bookingView = (name: string, shared = false) => ({ reportId: 'general-booking', path: '/general/booking', name, shared, state });

interface View {
  id: number;
  name: string;
  shared: boolean;
  mine: boolean;
  path: string;
  reportId: string;
  state: unknown;
  owner: { id: number; name: string; lastName: string };
  createdAt: string;
  updatedAt: string;
}
const names = (res: LightMyRequestResponse) => (res.json() as { data: View[] }).data.map((v) => v.name);

describe('saved views', () => {
  it('creates a view and answers it with its owner; the table and its constraints are there', async () => {
    const res = await send('POST', '/api/v1/views', { ...bookingView('  Confirmadas  ') });
    expect(res.statusCode).toBe(201);
    const view = (res.json() as { data: View }).data;
    const [row] = await server.db.query<{ employee_id: number; name: string; state: unknown; shared: boolean }>(
      'SELECT employee_id, name, state, shared FROM saved_views WHERE id = $1',
      [view.id],
    );
    expect(row).toEqual({ employee_id: demoId, name: 'Confirmadas', state, shared: false });
    expect(view).toMatchObject({ name: 'Confirmadas', path: '/general/booking', reportId: 'general-booking', shared: false, mine: true, state });
    expect(view.owner.id).toBe(demoId);
    expect(Date.parse(view.createdAt)).not.toBeNaN();
    // The database itself refuses what the API would: an untrimmed or empty name.
    await expect(
      server.db.query("INSERT INTO saved_views (employee_id, report_id, path, name, state) VALUES ($1, 'general-booking', '/x', ' x', '{}')", [demoId]),
    ).rejects.toThrow();
    const [migration] = await server.db.query<{ version: string }>("SELECT version FROM schema_migrations WHERE version = '007_saved_views.sql'");
    expect(migration?.version).toBe('007_saved_views.sql');
  });

  it('refuses a second view of the same name (any case) on the same screen for the same employee, not for another one', async () => {
    const again = await send('POST', '/api/v1/views', bookingView('CONFIRMADAS'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.views.nameTaken('CONFIRMADAS') });
    const otherScreen = await send('POST', '/api/v1/views', { ...bookingView('Confirmadas'), path: '/general/sales', reportId: 'general-sales' });
    expect(otherScreen.statusCode).toBe(201);
    const otherEmployee = await send('POST', '/api/v1/views', bookingView('Confirmadas'), server.restrictedToken);
    expect(otherEmployee.statusCode).toBe(201);
  });

  it("lists one's own views and the shared ones of a screen, never another's private view", async () => {
    await send('POST', '/api/v1/views', bookingView('Compartida por demo', true));
    await send('POST', '/api/v1/views', bookingView('Compartida por recepción', true), server.restrictedToken);
    const demo = await server.get('/api/v1/views?path=%2Fgeneral%2Fbooking');
    expect(demo.statusCode).toBe(200);
    // Own first (by name), then the others' shared ones.
    expect(names(demo)).toEqual(['Compartida por demo', 'Confirmadas', 'Compartida por recepción']);
    const mine = (demo.json() as { data: View[] }).data.map((v) => [v.name, v.mine, v.owner.id]);
    expect(mine).toEqual([
      ['Compartida por demo', true, demoId],
      ['Confirmadas', true, demoId],
      ['Compartida por recepción', false, restrictedId],
    ]);
    const restricted = await server.get('/api/v1/views?path=%2Fgeneral%2Fbooking', server.restrictedToken);
    expect(names(restricted)).toEqual(['Compartida por recepción', 'Confirmadas', 'Compartida por demo']);
    expect((restricted.json() as { data: View[] }).data.find((v) => v.name === 'Confirmadas')!.owner.id).toBe(restrictedId);
    // Without a path: every screen's.
    expect(names(await server.get('/api/v1/views'))).toEqual(['Compartida por demo', 'Confirmadas', 'Confirmadas', 'Compartida por recepción']);
  });

  it('lets only the owner rename, share, change or delete a view: 403 on a shared one, 404 on a private one', async () => {
    const list = (await server.get('/api/v1/views?path=%2Fgeneral%2Fbooking')).json() as { data: View[] };
    const shared = list.data.find((v) => v.name === 'Compartida por demo')!;
    const privateOne = list.data.find((v) => v.name === 'Confirmadas')!;

    const forbidden = await send('PATCH', `/api/v1/views/${shared.id}`, { name: 'Mía' }, server.restrictedToken);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: messages.noPermission });
    expect((await send('DELETE', `/api/v1/views/${shared.id}`, undefined, server.restrictedToken)).statusCode).toBe(403);
    const hidden = await send('PATCH', `/api/v1/views/${privateOne.id}`, { name: 'Mía' }, server.restrictedToken);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: messages.views.notFound(privateOne.id) });
    expect((await send('DELETE', `/api/v1/views/${privateOne.id}`, undefined, server.restrictedToken)).statusCode).toBe(404);
    const [still] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_views WHERE id IN ($1, $2)', [shared.id, privateOne.id]);
    expect(still!.n).toBe(2);

    const renamed = await send('PATCH', `/api/v1/views/${privateOne.id}`, { name: 'Solo confirmadas', shared: true });
    expect(renamed.statusCode).toBe(200);
    const after = (renamed.json() as { data: View }).data;
    expect(after).toMatchObject({ id: privateOne.id, name: 'Solo confirmadas', shared: true, state });
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(privateOne.updatedAt));
    expect(names(await server.get('/api/v1/views?path=%2Fgeneral%2Fbooking', server.restrictedToken))).toContain('Solo confirmadas');

    const taken = await send('PATCH', `/api/v1/views/${privateOne.id}`, { name: 'compartida por DEMO' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: messages.views.nameTaken('compartida por DEMO') });

    const newState = { filters: [], params: [['t0.q', 'ana']] };
    const changed = await send('PATCH', `/api/v1/views/${privateOne.id}`, { state: newState });
    expect((changed.json() as { data: View }).data.state).toEqual(newState);

    const deleted = await send('DELETE', `/api/v1/views/${privateOne.id}`, undefined);
    expect(deleted.statusCode).toBe(204);
    expect(names(await server.get('/api/v1/views?path=%2Fgeneral%2Fbooking'))).not.toContain('Solo confirmadas');
    expect((await send('DELETE', `/api/v1/views/${privateOne.id}`, undefined)).statusCode).toBe(404);
  });

  it('answers bad input 400 with a Spanish message, and every call needs a session', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ ...bookingView('   ') }, /«name»: no puede estar vacío/],
      [{ ...bookingView('x'.repeat(81)) }, /«name»: no puede tener más de 80/],
      [{ ...bookingView('a'), path: 'general/booking' }, new RegExp(`«path»: ${messages.views.pathFormat.replace(/[()«»/]/g, '.')}`)],
      [{ ...bookingView('a'), reportId: 'General Booking' }, /«reportId»: se esperaba el id de un reporte/],
      [{ ...bookingView('a'), state: { filters: 'status=confirmed', params: [] } }, /«state\.filters»: se esperaba una lista/],
      [{ ...bookingView('a'), state: { filters: [['status']], params: [] } }, /«state\.filters\.0»/],
      [{ ...bookingView('a'), shared: 'yes' }, /«shared»: se esperaba verdadero o falso/],
      [{ ...bookingView('a'), owner: 1 }, /Parámetro no reconocido «owner»/],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', '/api/v1/views', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    const empty = await send('PATCH', '/api/v1/views/1', {});
    expect(empty.statusCode).toBe(400);
    expect((empty.json() as { message: string }).message).toContain(messages.views.noChange);
    expect((await send('PATCH', '/api/v1/views/abc', { name: 'x' })).statusCode).toBe(400);
    expect((await send('DELETE', '/api/v1/views/0', undefined)).statusCode).toBe(400);
    expect((await server.get('/api/v1/views?path=sin-barra')).statusCode).toBe(400);
    expect((await server.get('/api/v1/views?x=1')).statusCode).toBe(400);

    expect((await server.get('/api/v1/views', null)).statusCode).toBe(401);
    expect((await send('POST', '/api/v1/views', bookingView('a'), null)).statusCode).toBe(401);
    expect((await send('PATCH', '/api/v1/views/1', { name: 'a' }, null)).statusCode).toBe(401);
    expect((await send('DELETE', '/api/v1/views/1', undefined, null)).statusCode).toBe(401);
  });
});
