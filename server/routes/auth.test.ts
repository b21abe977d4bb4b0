import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testSecret, type TestServer } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { demoEmployee, restrictedEmployee } from '../demo/demoAccounts.ts';
import { signToken } from '../http/auth.ts';
import { messages } from '../messages.ts';
import { decoyPasswordHash } from './auth.ts';

let server: TestServer;
const limits = { perPair: 3, perEmail: 20, perIp: 8, windowSeconds: 600 };
const loginUrl = '/api/v1/auth/login/employee';

beforeAll(async () => {
  // Cache 0: a change to an employee shows on the next request.
  server = await startTestServer({ loginLimits: limits, sessionCacheSeconds: 0 });
});
afterAll(() => server.close());

const login = (body: unknown, ip = '10.0.0.1', app: FastifyInstance = server.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: loginUrl, payload: body as object, remoteAddress: ip, headers });

function expectThrottled(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  expect(res.json()).toEqual({ message: messages.loginThrottled(Number(res.headers['retry-after'])) });
}

/** The parameters and salt of a PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash`. */
function phc(hash: string) {
  const match = hash.match(/^\$(argon2id)\$v=(\d+)\$([a-z]=\d+(?:,[a-z]=\d+)*)\$([^$]+)\$([^$]+)$/);
  if (!match) throw new Error(`not an argon2id PHC string: ${hash}`);
  const [, type, version, list, salt, digest] = match;
  const { m, t, p, ...other } = Object.fromEntries(list!.split(',').map((kv) => kv.split('=')));
  return { params: { type, version, m, t, p, other, saltBytes: Buffer.from(salt!, 'base64').length, hashBytes: Buffer.from(digest!, 'base64').length }, salt: salt! };
}

describe('POST /api/v1/auth/login/employee', () => {
  it('answers a token and the employee for the demo credentials, and the token opens the API', async () => {
    const res = await login(demoEmployee, '10.0.1.1');
    expect(res.statusCode).toBe(200);
    const { token, employee } = res.json();
    expect(Object.keys(employee).sort()).toEqual(['_id', 'avatar', 'canSeeTips', 'email', 'lastName', 'name']);
    expect(employee).toMatchObject({ email: demoEmployee.email, canSeeTips: true });
    expect(employee.name).toEqual(expect.any(String));
    const trm = await server.get('/api/v1/trm', token);
    expect(trm.statusCode).toBe(200);
  });

  it('accepts the e-mail in another case and with spaces', async () => {
    const res = await login({ email: `  ${demoEmployee.email.toUpperCase()} `, password: demoEmployee.password }, '10.0.1.2');
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 with the spec message for a wrong password or an unknown e-mail', async () => {
    for (const body of [
      { email: demoEmployee.email, password: 'wrong' },
      { email: 'nadie@mirador.test', password: 'x' },
    ]) {
      const res = await login(body, '10.0.2.1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.loginFailed });
    }
  });

  it('answers 400 in Spanish for a missing field, an extra field or a body that is not JSON', async () => {
    const missing = await login({ email: demoEmployee.email }, '10.0.3.1');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/password/);
    const extra = await login({ ...demoEmployee, admin: true }, '10.0.3.1');
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toMatch(/no reconocido/);
    const broken = await server.request({
      method: 'POST',
      url: loginUrl,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: messages.invalidJson });
  });

  it('answers 400, not 413 or 500, to a 1 MB body', async () => {
    const res = await login({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) }, '10.0.3.2');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.bodyTooLarge });
  });
});

describe('sign-in throttling', () => {
  it('throttles concurrent wrong passwords for one e-mail from one address exactly like sequential ones', async () => {
    const tries = 40;
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, i) => login({ email: restrictedEmployee.email, password: `bad-${i}` }, '10.1.0.1')),
    );
    const failed = answers.filter((r) => r.statusCode === 401);
    const throttled = answers.filter((r) => r.statusCode === 429);
    expect(failed).toHaveLength(limits.perPair);
    expect(throttled).toHaveLength(tries - limits.perPair);
    for (const res of failed) expect(res.json()).toEqual({ message: messages.loginFailed });
    for (const res of throttled) expectThrottled(res);
    // The right password from that address is throttled too; from another address it signs in.
    expectThrottled(await login(restrictedEmployee, '10.1.0.1'));
    expect((await login(restrictedEmployee, '10.1.0.2')).statusCode).toBe(200);
  });

  it('lets the right password in from an address that has not failed after another burned its tries for the e-mail', async () => {
    for (let i = 0; i < limits.perPair; i++) {
      expect((await login({ email: demoEmployee.email, password: `bad-${i}` }, '10.1.1.1')).statusCode).toBe(401);
    }
    expectThrottled(await login(demoEmployee, '10.1.1.1'));
    // Refused tries do not spend the e-mail's loose allowance either.
    for (let i = 0; i < 2 * limits.perEmail; i++) expectThrottled(await login({ email: demoEmployee.email, password: 'x' }, '10.1.1.1'));
    expect((await login(demoEmployee, '10.1.1.2')).statusCode).toBe(200);
  });

  it('throttles an e-mail loosely when its failures come from many addresses', async () => {
    const email = 'muchas-direcciones@mirador.test';
    for (let i = 0; i < limits.perEmail; i++) expect((await login({ email, password: 'x' }, `10.1.2.${i}`)).statusCode).toBe(401);
    expectThrottled(await login({ email, password: 'x' }, '10.1.2.99'));
  });

  it('throttles an address loosely across e-mails, and no other address', async () => {
    for (let i = 0; i < limits.perIp; i++) {
      expect((await login({ email: `x${i}@mirador.test`, password: 'x' }, '10.1.3.1')).statusCode).toBe(401);
    }
    expectThrottled(await login({ email: 'otro@mirador.test', password: 'x' }, '10.1.3.1'));
    expect((await login({ email: 'otro@mirador.test', password: 'x' }, '10.1.3.2')).statusCode).toBe(401);
  });

  it('does not count successful sign-ins against an address or an e-mail', async () => {
    for (let i = 0; i <= limits.perIp; i++) expect((await login(demoEmployee, '10.1.4.1')).statusCode).toBe(200);
  });

  it('counts the client named in X-Forwarded-For only behind a trusted proxy', async () => {
    const trusting = await buildApp({ db: server.db, jwtSecret: testSecret, loginLimits: limits, trustProxy: ['10.2.0.1'] });
    try {
      const via = (client: string) => ({ 'x-forwarded-for': client });
      for (let i = 0; i < limits.perPair; i++) {
        expect((await login({ email: demoEmployee.email, password: 'x' }, '10.2.0.1', trusting, via('203.0.113.1'))).statusCode).toBe(401);
      }
      expectThrottled(await login(demoEmployee, '10.2.0.1', trusting, via('203.0.113.1')));
      // Another client behind the same trusted proxy is another address.
      expect((await login(demoEmployee, '10.2.0.1', trusting, via('203.0.113.2'))).statusCode).toBe(200);
      // From an address that is not a trusted proxy the header is ignored: the sender itself is counted.
      for (let i = 0; i < limits.perPair; i++) {
        expect((await login({ email: demoEmployee.email, password: 'x' }, '10.2.0.9', trusting, via(`203.0.113.${10 + i}`))).statusCode).toBe(401);
      }
      expectThrottled(await login(demoEmployee, '10.2.0.9', trusting, via('203.0.113.50')));
    } finally {
      await trusting.close();
    }
    // Without TRUST_PROXY (the default) the header never names the client.
    for (let i = 0; i < limits.perPair; i++) {
      expect((await login({ email: demoEmployee.email, password: 'x' }, '10.2.1.1', server.app, { 'x-forwarded-for': `203.0.113.${100 + i}` })).statusCode).toBe(401);
    }
    expectThrottled(await login(demoEmployee, '10.2.1.1', server.app, { 'x-forwarded-for': '203.0.113.200' }));
  });
});

describe('password hashes', () => {
  it('gives every employee a salt of its own', async () => {
    const rows = await server.db.query<{ password_hash: string }>('SELECT password_hash FROM employees');
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => phc(r.password_hash).salt)).size).toBe(rows.length);
  });

  it('verifies unknown e-mails against a decoy of exactly the stored hashes\' parameters', async () => {
    const rows = await server.db.query<{ password_hash: string }>('SELECT password_hash FROM employees');
    const decoy = phc(await decoyPasswordHash()).params;
    for (const row of rows) expect(phc(row.password_hash).params).toEqual(decoy);
  });
});

describe('bearer tokens', () => {
  const sign = (secret: Uint8Array, expiresAt: string | number | null, alg = 'HS256', subject = '1', claims: object = {}) => {
    const jwt = new SignJWT({ email: demoEmployee.email, ...claims }).setProtectedHeader({ alg }).setSubject(subject).setIssuer('mirador').setIssuedAt();
    return (expiresAt === null ? jwt : jwt.setExpirationTime(expiresAt)).sign(secret);
  };
  const idOf = async (email: string) => (await server.db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [email]))[0]!.id;

  it('answers 401 to a missing, malformed, forged, expired, wrongly signed or never-expiring token', async () => {
    const id = String(await idOf(demoEmployee.email));
    const forged = await sign(new TextEncoder().encode('another-secret-of-at-least-32-bytes!!'), '1h', 'HS256', id);
    const expired = await sign(testSecret, Math.floor(Date.now() / 1000) - 60, 'HS256', id);
    const otherAlg = await sign(testSecret, '1h', 'HS512', id);
    const noExpiry = await sign(testSecret, null, 'HS256', id);
    const [header, payload] = server.token.split('.');
    const unsigned = `${header}.${payload}.`;
    expect((await server.get('/api/v1/trm', await sign(testSecret, '1h', 'HS256', id))).statusCode).toBe(200);
    for (const token of [null, 'abc', forged, expired, otherAlg, unsigned, noExpiry]) {
      const res = await server.get('/api/v1/trm', token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().message).toMatch(/sesión/i);
    }
  });

  it('refuses a token it accepted once as soon as the token expires (a verified token is remembered only until then)', async () => {
    const id = String(await idOf(demoEmployee.email));
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const token = await sign(testSecret, expiresAt, 'HS256', id);
    expect((await server.get('/api/v1/trm', token)).statusCode).toBe(200);
    expect((await server.get('/api/v1/trm', token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt * 1000 - Date.now()) + 50));
    const res = await server.get('/api/v1/trm', token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.authInvalid });
  });

  it('answers 401 to a token of an employee that does not exist', async () => {
    for (const subject of ['987654', '0', 'abc']) {
      const res = await server.get('/api/v1/trm', await sign(testSecret, '1h', 'HS256', subject));
      expect(res.statusCode, subject).toBe(401);
      expect(res.json()).toEqual({ message: messages.authInvalid });
    }
  });

  it('answers 401 to the token of an employee once deactivated, and serves it again once reactivated', async () => {
    const [staff] = await server.db.query<{ id: number; email: string }>(
      `SELECT id, email FROM employees WHERE active AND email NOT IN ($1, $2) ORDER BY id DESC LIMIT 1`,
      [demoEmployee.email, restrictedEmployee.email],
    );
    const token = await signToken({ secret: testSecret, ttlSeconds: 3600 }, { employeeId: staff!.id, email: staff!.email });
    expect((await server.get('/api/v1/trm', token)).statusCode).toBe(200);
    try {
      await server.db.query('UPDATE employees SET active = false WHERE id = $1', [staff!.id]);
      const res = await server.get('/api/v1/trm', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: messages.authInvalid });
    } finally {
      await server.db.query('UPDATE employees SET active = true WHERE id = $1', [staff!.id]);
    }
    expect((await server.get('/api/v1/trm', token)).statusCode).toBe(200);
  });

  it('reads the tips right from the database, not from the token', async () => {
    const id = String(await idOf(restrictedEmployee.email));
    const claimsTips = await sign(testSecret, '1h', 'HS256', id, { email: restrictedEmployee.email, tips: true });
    const res = await server.get('/api/v1/employee/tip', claimsTips);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: messages.noPermission });
  });

  it('lets sign-in and health through without a token', async () => {
    expect((await server.get('/api/health', null)).statusCode).toBe(200);
    expect((await server.get('/api/ready', null)).statusCode).toBe(200);
  });

  it('answers 401 before 404 for an unknown API route without a token, 404 with one', async () => {
    expect((await server.get('/api/v1/nothing', null)).statusCode).toBe(401);
    const res = await server.get('/api/v1/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No existe la ruta/);
  });
});
