import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/testServer.ts';

// Over a real socket: Node's own limits (header size, body size) must also answer 400 in Spanish.
let server: TestServer;
let base: string;
let auth: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer();
  base = await server.app.listen({ host: '127.0.0.1', port: 0 });
  auth = { authorization: `Bearer ${server.token}` };
});
afterAll(() => server.close());

const tenThousandIds = Array.from({ length: 10_000 }, (_, i) => `user=${i + 1}`).join('&');
const badRequests: Array<[string, string]> = [
  ['a day that does not exist', '/api/v1/report/booking?dateStart=2024-02-30'],
  ['a negative page', '/api/v1/report/booking?page=-1'],
  ['a page size that is not a number', '/api/v1/report/booking?itemsPerPage=abc'],
  ['a year that is not a number', '/api/v1/report/booking/ocupacion?year=abc'],
  ['an id list of 10,000 entries', `/api/v1/report/booking?${tenThousandIds}`],
  ['SQL in an id list', '/api/v1/report/booking?user=1;DROP%20TABLE%20bookings'],
  ['an unknown status', '/api/v1/report/booking?status=bogus'],
  ['an unknown parameter', '/api/v1/report/booking?colour=red'],
  ['a sort field outside the whitelist', '/api/v1/report/booking?sortBy=password_hash'],
];

describe('bad input over HTTP', () => {
  it.each(badRequests)('answers 400 with a Spanish message to %s', async (_label, path) => {
    const res = await fetch(base + path, { headers: auth });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).toMatch(/[a-záéíóúñ]/i);
    expect(body.message).not.toMatch(/select|from |sqlstate|stack|at .*\.ts|error:/i);
  });

  it('answers a quote, a semicolon and wildcards in a search as plain text', async () => {
    const res = await fetch(`${base}/api/v1/report/booking?search=${encodeURIComponent("O'Brien; --%_")}`, { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).total).toBe(0);
  });

  it('answers 400 to a 1 MB body and keeps serving afterwards', async () => {
    const res = await fetch(`${base}/api/v1/auth/login/employee`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/demasiado grande/);
    const after = await fetch(`${base}/api/v1/report/booking?itemsPerPage=1`, { headers: auth });
    expect(after.status).toBe(200);
  });
});

/** Words of the English texts Node, fastify and zod answer with when left to themselves. */
const english = /\b(error|invalid|expected|received|unexpected|undefined|bad request|client|exceeded|too large|int|string|number)\b/i;

function spanishMessage(body: unknown): string {
  expect(body).toEqual({ message: expect.any(String) });
  const { message } = body as { message: string };
  expect(message).not.toMatch(english);
  return message;
}

describe('control characters in a text parameter', () => {
  const controls: Array<[string, string, RequestInit?]> = [
    ['a NUL in search', '/api/v1/employee?search=%00'],
    ['a NUL in a client search', '/api/v1/client?search=ana%00'],
    ['a NUL in a report search', '/api/v1/report/booking?search=%00'],
    ['an escape character in search', '/api/v1/report/closed-order?search=%1B%5B31m'],
    ['a DEL in search', '/api/v1/lead/table?search=a%7F'],
    ['a line break in a date', '/api/v1/report/booking?dateStart=2024-01-01%0A'],
    ['a NUL in a parameter name', '/api/v1/report/booking?sea%00rch=x'],
    ['a NUL in a path parameter', '/api/v1/booking/ref/AB%00C'],
    ['a NUL in a user id', '/api/v1/user/1%00'],
    [
      'a NUL in the login e-mail',
      '/api/v1/auth/login/employee',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a\u0000@b.co', password: 'x' }) },
    ],
    [
      'a NUL in the login password',
      '/api/v1/auth/login/employee',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.co', password: '\u0000' }) },
    ],
  ];
  it.each(controls)('answers 400 in Spanish to %s', async (_label, path, init) => {
    const res = await fetch(base + path, { headers: auth, ...init });
    expect(res.status).toBe(400);
    expect(spanishMessage(await res.json())).toMatch(/caracteres de control/);
  });

  it('names the parameter that holds the control character', async () => {
    const res = await fetch(`${base}/api/v1/employee?page=1&search=ana%00`, { headers: auth });
    expect(await res.json()).toEqual({ message: 'Parámetro no válido «search»: no puede contener caracteres de control' });
  });

  it('still finds a search with accents and spaces', async () => {
    const res = await fetch(`${base}/api/v1/employee?search=${encodeURIComponent(' José María ')}`, { headers: auth });
    expect(res.status).toBe(200);
  });
});

describe('zod reasons in Spanish', () => {
  const reasons: Array<[string, string, RegExp]> = [
    ['a decimal page', '/api/v1/report/booking?page=1.5', /«page»: se esperaba un número entero$/],
    ['a word for a page', '/api/v1/report/booking?page=abc', /«page»: se esperaba un número$/],
    ['a negative page', '/api/v1/report/booking?page=-3', /«page»: debe ser mayor o igual que 1$/],
    ['a 101-character search', `/api/v1/report/booking?search=${'x'.repeat(101)}`, /«search»: no puede tener más de 100 caracteres$/],
    ['a day that does not exist', '/api/v1/report/booking?dateStart=2023-02-30', /la fecha no existe$/],
    ['a date in another format', '/api/v1/report/booking?dateStart=30/01/2024', /se esperaba una fecha AAAA-MM-DD$/],
    ['a status outside the list', '/api/v1/report/booking?status=bogus', /se esperaba uno de estos valores: /],
    ['an unknown parameter', '/api/v1/report/booking?colour=red', /^Parámetro no reconocido «colour»\.$/],
  ];
  it.each(reasons)('words %s in Spanish', async (_label, path, expected) => {
    const res = await fetch(base + path, { headers: auth });
    expect(res.status).toBe(400);
    expect(spanishMessage(await res.json())).toMatch(expected);
  });

  it('words a missing and a mistyped login field in Spanish', async () => {
    const post = (body: unknown) =>
      fetch(`${base}/api/v1/auth/login/employee`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(spanishMessage(await (await post({ password: 'x' })).json())).toBe('Parámetro no válido «email»: es obligatorio');
    expect(spanishMessage(await (await post({ email: 5, password: 'x' })).json())).toBe(
      'Parámetro no válido «email»: se esperaba un texto; se recibió un número',
    );
  });
});

/** Sends raw bytes and reads the answer until the server closes: fetch would refuse to send these requests. */
function rawExchange(request: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('requests Node refuses before any route', () => {
  it('answers 431 in Spanish to headers over the size limit', async () => {
    const res = await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(300 * 1024)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(spanishMessage(JSON.parse(res.body))).toBe('Las cabeceras de la solicitud son demasiado grandes.');
  });

  it('answers 431 in Spanish to more headers than the server keeps', async () => {
    const headers = Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join('\r\n');
    const res = await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${headers}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(spanishMessage(JSON.parse(res.body))).toMatch(/^La solicitud tiene demasiadas cabeceras/);
  });

  it('answers 400 in Spanish to a malformed header line', async () => {
    const res = await rawExchange('GET /api/health HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n');
    expect(res.status).toBe(400);
    expect(spanishMessage(JSON.parse(res.body))).toBe('La solicitud HTTP está mal formada.');
  });

  it('answers 400 in Spanish to a path that is not valid UTF-8', async () => {
    const res = await rawExchange('GET /api/v1/booking/ref/%FF HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(spanishMessage(JSON.parse(res.body))).toBe('La dirección contiene una codificación no válida.');
  });

  it('answers 414 in Spanish to an overlong path part', async () => {
    const res = await rawExchange(`GET /api/v1/booking/ref/${'a'.repeat(300)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(414);
    expect(spanishMessage(JSON.parse(res.body))).toBe('Una parte de la dirección es demasiado larga.');
  });

  it('answers 404 in Spanish to a path that climbs out of the API, unresolved', async () => {
    const res = await rawExchange(
      `GET /api/v1/booking/ref/../../../../etc/passwd HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${server.token}\r\nConnection: close\r\n\r\n`,
    );
    expect(res.status).toBe(404);
    expect(spanishMessage(JSON.parse(res.body))).toMatch(/^No existe la ruta GET /);
  });

  it('keeps serving after all of them', async () => {
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });
});

describe('control characters deep in a JSON body', () => {
  it('answers 400 to a NUL under a thousand levels of nesting', async () => {
    const body = `{"email":"a@b.co","password":"x","deep":${'['.repeat(1000)}"\\u0000"${']'.repeat(1000)}}`;
    const res = await fetch(`${base}/api/v1/auth/login/employee`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(400);
    expect(spanishMessage(await res.json())).toBe('Parámetro no válido «deep»: no puede contener caracteres de control');
  });
});
