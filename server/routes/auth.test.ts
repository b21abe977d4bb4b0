import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testSecret, type TestServer } from '../../tests/support/testServer.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { messages } from '../messages.ts';

let server: TestServer;
const limits = { perIp: 6, perEmail: 3, windowSeconds: 600 };

beforeAll(async () => {
  server = await startTestServer({ loginLimits: limits });
});
afterAll(() => server.close());

const login = (body: unknown, ip = '10.0.0.1') =>
  server.request({ method: 'POST', url: '/api/v1/auth/login/employee', payload: body as object, remoteAddress: ip });

describe('POST /api/v1/auth/login/employee', () => {
  it('answers a token and the employee for the demo credentials, and the token opens the API', async () => {
    const res = await login(demoEmployee, '10.0.1.1');
    expect(res.statusCode).toBe(200);
    const { token, employee } = res.json();
    expect(employee).toMatchObject({ email: demoEmployee.email });
    expect(employee.name).toEqual(expect.any(String));
    expect(employee).not.toHaveProperty('password_hash');
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
      url: '/api/v1/auth/login/employee',
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

  it('throttles one e-mail after repeated failures with 429 and Retry-After, even with the right password', async () => {
    const email = demoEmployee.email;
    // A successful sign-in clears the e-mail's count of failures.
    expect((await login(demoEmployee, '10.1.1.1')).statusCode).toBe(200);
    for (let i = 0; i < limits.perEmail; i++) {
      expect((await login({ email, password: `bad-${i}` }, `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(demoEmployee, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect(blocked.json().message).toMatch(/Demasiados intentos/);
  });

  it('throttles one address after repeated failures across e-mails', async () => {
    for (let i = 0; i < limits.perIp; i++) {
      expect((await login({ email: `x${i}@mirador.test`, password: 'x' }, '10.2.0.1')).statusCode).toBe(401);
    }
    const blocked = await login({ email: 'otro@mirador.test', password: 'x' }, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect((await login({ email: 'otro@mirador.test', password: 'x' }, '10.2.0.2')).statusCode).toBe(401);
  });
});

describe('bearer tokens', () => {
  const sign = (secret: Uint8Array, expiresAt: string | number, alg = 'HS256') =>
    new SignJWT({ email: demoEmployee.email, tips: true })
      .setProtectedHeader({ alg })
      .setSubject('1')
      .setIssuer('mirador')
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(secret);

  it('answers 401 to a missing, malformed, forged, expired or wrongly signed token', async () => {
    const forged = await sign(new TextEncoder().encode('another-secret-of-at-least-32-bytes!!'), '1h');
    const expired = await sign(testSecret, Math.floor(Date.now() / 1000) - 60);
    const otherAlg = await sign(testSecret, '1h', 'HS512');
    const [header, payload] = server.token.split('.');
    const unsigned = `${header}.${payload}.`;
    for (const token of [null, 'abc', forged, expired, otherAlg, unsigned]) {
      const res = await server.get('/api/v1/trm', token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().message).toMatch(/sesión/i);
    }
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
