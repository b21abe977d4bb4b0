import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storeSession } from '../session/session.ts';
import { texts } from '../texts.ts';
import { apiGet } from './client.ts';
import { setConfig } from './config.ts';
import { retryAfterMaxSeconds } from './queryClient.ts';
import { startFixedServer, type FixedAnswer, type FixedServer } from './testing/fixedServer.ts';
import { clearTestQueryClients, testQueryClient } from './testing/testQueryClient.ts';

const busyMessage = 'El servidor está atendiendo demasiadas descargas y listados completos a la vez. Intente de nuevo en un momento.';
const downMessage = 'La base de datos no responde.';

/** Each path's answers in turn (the last one repeated), and when each request came (performance.now()). */
const scripts: Record<string, FixedAnswer[]> = {
  '/busy': [{ status: 503, body: { message: busyMessage }, headers: { 'Retry-After': '30' } }],
  '/down-then-up': [
    { status: 503, body: { message: downMessage }, headers: { 'Retry-After': '2' } },
    { status: 200, body: { data: [1], total: 1 } },
  ],
  '/fails': [{ status: 500, body: 'Internal Server Error' }],
  '/bad': [{ status: 400, body: { message: 'Parámetro no válido «year»: se esperaba un número' } }],
};
const arrivals: Record<string, number[]> = {};

let api: FixedServer;
beforeAll(async () => {
  api = await startFixedServer((request) => {
    const path = request.url.split('?')[0]!;
    const seen = (arrivals[path] ??= []);
    seen.push(performance.now());
    const script = scripts[path] ?? [{ status: 404 }];
    return script[Math.min(seen.length, script.length) - 1]!;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  setConfig({ apiBaseUrl: api.url });
  storeSession('token-123', { _id: 7, name: 'Laura', lastName: 'Gómez', email: 'laura@mirador.test', avatar: null });
  for (const path of Object.keys(arrivals)) delete arrivals[path];
});
afterEach(() => clearTestQueryClients());

/** A query of `path` through the app's query client, as a report block asks its source. */
const load = (path: string) =>
  testQueryClient().fetchQuery({ queryKey: ['test', path], queryFn: ({ signal }) => apiGet({ service: 'api', path }, signal) });

describe("the app's queries when a call fails", () => {
  it(`shows a 503 that asks to wait longer than ${retryAfterMaxSeconds} s at once, without asking again`, async () => {
    await expect(load('/busy')).rejects.toMatchObject({ status: 503, message: busyMessage, retryAfterSeconds: 30 });
    expect(arrivals['/busy']).toHaveLength(1);
  });

  it('asks once more after the Retry-After the server gave, when it is short', async () => {
    await expect(load('/down-then-up')).resolves.toEqual({ data: [1], total: 1 });
    const [first, second] = arrivals['/down-then-up']!;
    expect(arrivals['/down-then-up']).toHaveLength(2);
    // Waited the 2 s asked, not TanStack Query's 1 s (timers may fire a little early, never much).
    expect(second! - first!).toBeGreaterThanOrEqual(1_950);
  });

  it('asks a failed call once more when the server gave no Retry-After, then shows its error', async () => {
    await expect(load('/fails')).rejects.toMatchObject({ status: 500, message: texts.errors.serverText, retryAfterSeconds: undefined });
    expect(arrivals['/fails']).toHaveLength(2);
  });

  it('never asks again after a 4xx', async () => {
    await expect(load('/bad')).rejects.toMatchObject({ status: 400 });
    expect(arrivals['/bad']).toHaveLength(1);
  });
});
