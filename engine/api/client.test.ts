import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getSession, storeSession } from '../session/session.ts';
import { texts } from '../texts.ts';
import { ApiError, apiGet, apiPost, imageUrl, retryAfterSeconds } from './client.ts';
import { getConfig, loadConfig, setConfig } from './config.ts';
import { startFixedServer, type FixedAnswer, type FixedServer } from './testing/fixedServer.ts';

const employee = { _id: 7, name: 'Laura', lastName: 'Gómez', email: 'laura@mirador.test', avatar: null };

const answers: Record<string, FixedAnswer> = {
  '/api/v1/ok': { status: 200, body: { data: [1, 2, 3], total: 3 } },
  '/api/v1/unauthorized': { status: 401, body: { message: 'La sesión no es válida o ha expirado. Inicie sesión de nuevo.' } },
  '/api/v1/forbidden': { status: 403, body: { message: 'Forbidden' } },
  '/api/v1/no-permission': { status: 403, body: { message: 'No Permission' } },
  '/api/v1/bad': { status: 400, body: { message: 'Parámetro no válido «year»: se esperaba un número' } },
  '/api/v1/err': { status: 422, body: { err: 'Sin datos' } },
  '/api/v1/plain': { status: 500, body: 'Internal Server Error' },
  '/api/v1/empty': { status: 502 },
  '/api/v1/busy': {
    status: 503,
    body: { message: 'El servidor está atendiendo demasiadas descargas y listados completos a la vez. Intente de nuevo en un momento.' },
    headers: { 'Retry-After': '30' },
  },
  '/config.json': { status: 200, body: { apiBaseUrl: 'https://api.example/', imagesBaseUrl: 'https://img.example', timeZone: 'America/Bogota', mail: true } },
};

let api: FixedServer;
let payments: FixedServer;

beforeAll(async () => {
  api = await startFixedServer((request) => answers[request.url.split('?')[0]!] ?? { status: 404, body: { message: 'No existe' } });
  payments = await startFixedServer(() => ({ status: 200, body: { data: { value_30: 4012.5 } } }));
});

afterAll(async () => {
  await api.close();
  await payments.close();
});

beforeEach(() => {
  setConfig({ apiBaseUrl: api.url, authBaseUrl: api.url, paymentsBaseUrl: payments.url, masterBaseUrl: api.url });
  storeSession('token-123', employee);
  api.requests.length = 0;
});

describe('apiGet', () => {
  it('sends the bearer token, the JSON content type and every query pair, repeated keys kept', async () => {
    const answer = await apiGet({ service: 'api', path: '/api/v1/ok', query: [['status', 'confirmed'], ['status', 'checked_in'], ['q', 'a b&c']] });
    expect(answer).toEqual({ data: [1, 2, 3], total: 3 });
    const [request] = api.requests;
    expect(request?.url).toBe('/api/v1/ok?status=confirmed&status=checked_in&q=a+b%26c');
    expect(request?.headers.authorization).toBe('Bearer token-123');
    expect(request?.headers['content-type']).toBe('application/json');
  });

  it('calls the base URL of the service the request names', async () => {
    const answer = await apiGet<{ data: { value_30: number } }>({ service: 'payments', path: '/api/v1/trm' });
    expect(answer.data.value_30).toBe(4012.5);
    expect(api.requests).toHaveLength(0);
  });

  it('on 401 clears the stored session and throws', async () => {
    const error = await apiGet({ service: 'api', path: '/api/v1/unauthorized' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, noPermission: false, signedOut: true });
    expect(getSession()).toBeNull();
  });

  it('on 403 clears the stored session and throws', async () => {
    const error = await apiGet({ service: 'api', path: '/api/v1/forbidden' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, noPermission: false, signedOut: true });
    expect(getSession()).toBeNull();
  });

  it('on a 403 "No Permission" keeps the session and throws "Acceso no autorizado"', async () => {
    const error = await apiGet({ service: 'api', path: '/api/v1/no-permission' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, noPermission: true, signedOut: false, message: texts.errors.noPermission });
    expect(getSession()?.token).toBe('token-123');
  });

  it("throws the server's message, or its err field, and keeps the session", async () => {
    await expect(apiGet({ service: 'api', path: '/api/v1/bad' })).rejects.toMatchObject({
      status: 400,
      message: 'Parámetro no válido «year»: se esperaba un número',
    });
    await expect(apiGet({ service: 'api', path: '/api/v1/err' })).rejects.toMatchObject({ status: 422, message: 'Sin datos' });
    expect(getSession()?.token).toBe('token-123');
  });

  it('throws the generic text when the answer has no message', async () => {
    await expect(apiGet({ service: 'api', path: '/api/v1/plain' })).rejects.toMatchObject({ status: 500, message: texts.errors.serverText });
    await expect(apiGet({ service: 'api', path: '/api/v1/empty' })).rejects.toMatchObject({ status: 502, message: texts.errors.serverText });
  });

  it("keeps the server's Retry-After with its message, and says nothing of a wait it did not ask", async () => {
    await expect(apiGet({ service: 'api', path: '/api/v1/busy' })).rejects.toMatchObject({
      status: 503,
      message: 'El servidor está atendiendo demasiadas descargas y listados completos a la vez. Intente de nuevo en un momento.',
      retryAfterSeconds: 30,
    });
    const error = await apiGet({ service: 'api', path: '/api/v1/plain' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, retryAfterSeconds: undefined });
  });

  it('reads Retry-After as seconds or as an HTTP date from now', () => {
    const now = Date.parse('2026-11-26T10:00:00Z');
    expect(retryAfterSeconds('5', now)).toBe(5);
    expect(retryAfterSeconds(' 0 ', now)).toBe(0);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Thu, 26 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds('', now)).toBeUndefined();
    expect(retryAfterSeconds('pronto', now)).toBeUndefined();
    expect(retryAfterSeconds('-3', now)).toBeUndefined();
  });

  it('turns a network failure into ApiError 0 with the generic text', async () => {
    const gone = await startFixedServer(() => ({ status: 200 }));
    await gone.close();
    setConfig({ apiBaseUrl: gone.url });
    const error = await apiGet({ service: 'api', path: '/api/v1/ok' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: texts.errors.serverText });
  });

  it('lets a cancellation pass through as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await apiGet({ service: 'api', path: '/api/v1/ok' }, controller.signal).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('apiPost', () => {
  it('posts the body as JSON', async () => {
    await apiPost({ service: 'auth', path: '/api/v1/ok' }, { email: 'a@b.c', password: 'x' });
    const [request] = api.requests;
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request!.body)).toEqual({ email: 'a@b.c', password: 'x' });
  });
});

describe('runtime configuration', () => {
  it('reads /config.json and falls back to this origin when it cannot', async () => {
    const config = await loadConfig(`${api.url}/config.json`);
    expect(config).toEqual({
      apiBaseUrl: 'https://api.example',
      authBaseUrl: '',
      paymentsBaseUrl: '',
      masterBaseUrl: '',
      imagesBaseUrl: 'https://img.example',
      exportServerRows: 10_000,
      timeZone: 'America/Bogota',
      mail: true,
    });
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect((await loadConfig(`${api.url}/missing.json`)).apiBaseUrl).toBe('');
    } finally {
      console.warn = warn;
    }
    expect(getConfig().imagesBaseUrl).toBe('/images');
    expect(getConfig().timeZone).toBe('UTC');
    expect(getConfig().mail).toBe(false);
  });

  it('builds image URLs on the images base, leaving absolute URLs alone', () => {
    setConfig({ imagesBaseUrl: 'https://img.example/' });
    expect(imageUrl('rooms/a.jpg', 'md')).toBe('https://img.example/md/rooms/a.jpg');
    expect(imageUrl('/a.jpg', 'lg')).toBe('https://img.example/lg/a.jpg');
    expect(imageUrl('https://cdn.example/x.png', 'md')).toBe('https://cdn.example/x.png');
    expect(imageUrl('//cdn.example/x.png', 'md')).toBe('//cdn.example/x.png');
  });
});
