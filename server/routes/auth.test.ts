import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, testSecret, type TestServer } from '../../tests/support/testServer.ts';
import { buildApp } from '../app.ts';
import { demoEmployee, restrictedEmployee, staffPassword } from '../demo/demoAccounts.ts';
import { signToken } from '../http/auth.ts';
import { messages } from '../messages.ts';
import { decoyPasswordHash } from './auth.ts';

let server: TestServer;
const limits = { perPair: 3, perEmail: 20, perIp: 8, attackPerIp: 16, maxDelaySeconds: 60, windowSeconds: 600 };
const loginUrl = '/api/v1/auth/login/employee';
// The throttle's clock: tests move it instead of sleeping.
let clock = Date.now();
const loginClock = () => clock;
const wait = (seconds: number) => void (clock += seconds * 1000);

// Active employees other than the demo ones, each test its own, so that one test's failures never weigh on another's e-mail.
let staff: string[] = [];
const staffLogin = (i: number) => ({ email: staff[i]!, password: staffPassword });

beforeAll(async () => {
  // Cache 0: a change to an employee shows on the next request.
  server = await startTestServer({ loginLimits: limits, loginClock, sessionCacheSeconds: 0 });
  staff = await staffEmails(10);
});
afterAll(() => server.close());

const login = (body: unknown, ip = '10.0.0.1', app: FastifyInstance = server.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: loginUrl, payload: body as object, remoteAddress: ip, headers });
const wrong = (email: string, ip: string, app?: FastifyInstance) => login({ email, password: 'not-the-password' }, ip, app);

/** Asserts a 429 with Retry-After and the Spanish message, and answers Retry-After in seconds. */
function expectThrottled(res: Awaited<ReturnType<typeof login>>): number {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  const seconds = Number(res.headers['retry-after']);
  expect(res.json()).toEqual({ message: messages.loginThrottled(seconds) });
  expect(res.json().message).toMatch(/^Demasiados intentos de inicio de sesión\. Intente de nuevo en \d+ (segundo|minuto)\(s\)\.$/);
  return seconds;
}

function expectFailed(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: messages.loginFailed });
}

/** Active employees' e-mails other than the demo ones (they all sign in with the staff password). */
async function staffEmails(count: number): Promise<string[]> {
  const rows = await server.db.query<{ email: string }>(
    `SELECT email FROM employees WHERE active AND email NOT IN ($1, $2) ORDER BY id LIMIT $3`,
    [demoEmployee.email, restrictedEmployee.email, count],
  );
  expect(rows).toHaveLength(count);
  return rows.map((r) => r.email);
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
    for (const res of failed) expectFailed(res);
    for (const res of throttled) expectThrottled(res);
    // The right password from that address waits too; from another address it signs in.
    expectThrottled(await login(restrictedEmployee, '10.1.0.1'));
    expect((await login(restrictedEmployee, '10.1.0.2')).statusCode).toBe(200);
  });

  it('delays an attacking pair 1 s, 2 s, 4 s … up to the cap, in Spanish, and checks no password while it waits', async () => {
    const ip = '10.1.1.1';
    for (let i = 0; i < limits.perPair; i++) expectFailed(await wrong(staff[5]!, ip));
    const delays: number[] = [];
    for (let round = 0; round < 9; round++) {
      const seconds = expectThrottled(await wrong(staff[5]!, ip));
      delays.push(seconds);
      // Tries while waiting are refused, the right password too, and do not lengthen the wait.
      wait(seconds / 2);
      expect(expectThrottled(await login(staffLogin(5), ip))).toBe(Math.ceil(seconds / 2));
      wait(seconds / 2);
      expectFailed(await wrong(staff[5]!, ip));
    }
    expect(delays).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    // While it waits, no try costs a password check, however many arrive at once.
    const verify = vi.spyOn(argon2, 'verify');
    try {
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => login({ email: staff[5], password: `bad-${i}` }, ip)));
      for (const res of answers) expect(expectThrottled(res)).toBe(60);
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
    // Another address is another pair: nothing to wait for there.
    expect((await login(staffLogin(5), '10.1.1.2')).statusCode).toBe(200);
  });

  it('starts a pair afresh when it signs in', async () => {
    const ip = '10.1.2.1';
    for (let i = 0; i < limits.perPair; i++) expectFailed(await wrong(staff[9]!, ip));
    const seconds = expectThrottled(await login(staffLogin(9), ip));
    wait(seconds);
    expect((await login(staffLogin(9), ip)).statusCode).toBe(200);
    // Its free tries are back: a typo after signing in is a 401, not a wait.
    for (let i = 0; i < limits.perPair; i++) expectFailed(await wrong(staff[9]!, ip));
    expectThrottled(await wrong(staff[9]!, ip));
  });

  it('lets the right password in from an address that has not failed after another burned its tries for the e-mail', async () => {
    for (let i = 0; i < limits.perPair; i++) expectFailed(await wrong(staff[6]!, '10.1.3.1'));
    expectThrottled(await login(staffLogin(6), '10.1.3.1'));
    // Refused tries count for nothing, on the e-mail either.
    for (let i = 0; i < 2 * limits.perEmail; i++) expectThrottled(await wrong(staff[6]!, '10.1.3.1'));
    expect((await login(staffLogin(6), '10.1.3.2')).statusCode).toBe(200);
  });

  it('never refuses a right password from a clean address for an e-mail attacked from many, and delays the attackers from their first failure', async () => {
    const email = staff[0]!;
    const attackers = Array.from({ length: 2 * limits.perEmail }, (_, i) => `10.1.4.${i % 250}`);
    let failures = 0;
    for (const ip of attackers) if ((await wrong(email, ip)).statusCode === 401) failures++;
    expect(failures).toBeGreaterThan(limits.perEmail);
    // The e-mail is under attack: each of its failing pairs waits from its first failure.
    expectFailed(await wrong(email, '10.1.5.1'));
    expect(expectThrottled(await wrong(email, '10.1.5.1'))).toBe(1);
    // A clean address (the employee's own) signs in at once.
    expect((await login({ email, password: staffPassword }, '10.1.5.2')).statusCode).toBe(200);
  });

  it('lets an employee behind an address with many failures across e-mails sign in, and delays that address\'s failing pairs from their first failure', async () => {
    const ip = '10.1.6.1';
    const [colleague, sprayed] = [staff[1]!, staff[2]!];
    expectFailed(await wrong(sprayed, ip));
    for (let i = 1; i < limits.perIp; i++) expectFailed(await wrong(`nadie-${i}@mirador.test`, ip));
    // Below the attack level every clean pair is still checked: the colleague signs in at once.
    expect((await login({ email: colleague, password: staffPassword }, ip)).statusCode).toBe(200);
    // The e-mail the address already failed for waits its first delay, 1 s, then signs in.
    expect(expectThrottled(await login({ email: sprayed, password: staffPassword }, ip))).toBe(1);
    wait(1);
    expect((await login({ email: sprayed, password: staffPassword }, ip)).statusCode).toBe(200);
    // Other addresses are untouched.
    expectFailed(await wrong('nadie-1@mirador.test', '10.1.6.2'));
  });

  it('makes an attacking address wait, except for pairs that signed in from it before; the wait is bounded by the cap', async () => {
    const ip = '10.1.7.1';
    const [regular, newcomer] = [staff[3]!, staff[4]!];
    // Signed in from the office before the attack.
    expect((await login({ email: regular, password: staffPassword }, ip)).statusCode).toBe(200);
    for (let i = 0; i < limits.attackPerIp; i++) expectFailed(await wrong(`rociado-${i}@mirador.test`, ip));
    // The address is attacking: a pair that never signed in from it waits (bounded by the cap), unchecked.
    const first = expectThrottled(await login({ email: newcomer, password: staffPassword }, ip));
    expect(first).toBe(1);
    expectThrottled(await wrong('rociado-nuevo@mirador.test', ip));
    // The regular signs in at once, however many failures the address has.
    expect((await login({ email: regular, password: staffPassword }, ip)).statusCode).toBe(200);
    // Each failure the attacker gets through doubles the address's wait, up to the cap.
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      const seconds = expectThrottled(await wrong(`rociado-${i}@mirador.test`, ip));
      seen.push(seconds);
      wait(seconds);
      expectFailed(await wrong(`rociado-bis-${i}@mirador.test`, ip));
    }
    expect(seen).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    expect(expectThrottled(await login({ email: newcomer, password: staffPassword }, ip))).toBe(limits.maxDelaySeconds);
    expect((await login({ email: regular, password: staffPassword }, ip)).statusCode).toBe(200);
    // Once the attacker pauses for that wait, the newcomer signs in.
    wait(limits.maxDelaySeconds);
    expect((await login({ email: newcomer, password: staffPassword }, ip)).statusCode).toBe(200);
  });

  it('forgets a pair\'s failures after the window', async () => {
    const ip = '10.1.8.1';
    for (let i = 0; i < limits.perPair; i++) expectFailed(await wrong(restrictedEmployee.email, ip));
    expectThrottled(await wrong(restrictedEmployee.email, ip));
    wait(limits.windowSeconds + 1);
    for (let i = 0; i < limits.perPair; i++) expectFailed(await wrong(restrictedEmployee.email, ip));
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it is no fresh start', async () => {
    for (let i = 0; i < limits.perPair; i++) expectFailed(await wrong(staff[7]!, `2001:db8:7:1::${i + 1}`));
    expectThrottled(await login(staffLogin(7), '2001:db8:7:1:ffff:1:2:3'));
    expect((await login(staffLogin(7), '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins against an address or an e-mail', async () => {
    for (let i = 0; i <= limits.attackPerIp; i++) expect((await login(demoEmployee, '10.1.9.1')).statusCode).toBe(200);
  });

  it('counts the client named in X-Forwarded-For only behind a trusted proxy', async () => {
    const trusting = await buildApp({ db: server.db, jwtSecret: testSecret, loginLimits: limits, loginClock, trustProxy: ['10.2.0.1'] });
    try {
      const via = (client: string) => ({ 'x-forwarded-for': client });
      for (let i = 0; i < limits.perPair; i++) {
        expectFailed(await login({ email: demoEmployee.email, password: 'x' }, '10.2.0.1', trusting, via('203.0.113.1')));
      }
      expectThrottled(await login(demoEmployee, '10.2.0.1', trusting, via('203.0.113.1')));
      // Another client behind the same trusted proxy is another address.
      expect((await login(demoEmployee, '10.2.0.1', trusting, via('203.0.113.2'))).statusCode).toBe(200);
      // From an address that is not a trusted proxy the header is ignored: the sender itself is counted.
      for (let i = 0; i < limits.perPair; i++) {
        expectFailed(await login({ email: demoEmployee.email, password: 'x' }, '10.2.0.9', trusting, via(`203.0.113.${10 + i}`)));
      }
      expectThrottled(await login(demoEmployee, '10.2.0.9', trusting, via('203.0.113.50')));
    } finally {
      await trusting.close();
    }
    // Without TRUST_PROXY (the default) the header never names the client.
    for (let i = 0; i < limits.perPair; i++) {
      expectFailed(await login({ email: demoEmployee.email, password: 'x' }, '10.2.1.1', server.app, { 'x-forwarded-for': `203.0.113.${100 + i}` }));
    }
    expectThrottled(await login(demoEmployee, '10.2.1.1', server.app, { 'x-forwarded-for': '203.0.113.200' }));
  });
});

// Issue 36 item 4, with the default limits, as an attacker would: neither attack may lock an employee out.
describe('sign-in lockout (default limits)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ db: server.db, jwtSecret: testSecret, loginClock });
    await app.ready();
  });
  afterAll(() => app.close());

  it('lets the right password in from a clean address after 50+ wrong ones for the e-mail from 7 addresses', async () => {
    const victim = staff[8]!;
    const addresses = Array.from({ length: 7 }, (_, i) => `192.0.2.${i + 1}`);
    // Seven attackers at once, eight guesses each.
    const answers = (
      await Promise.all(addresses.map(async (ip) => {
        const statuses: number[] = [];
        for (let i = 0; i < 8; i++) statuses.push((await login({ email: victim, password: `guess-${i}` }, ip, app)).statusCode);
        return statuses;
      }))
    ).flat();
    expect(answers.filter((status) => status === 401).length).toBeGreaterThanOrEqual(50);
    expect(answers.every((status) => status === 401 || status === 429)).toBe(true);
    expect((await login({ email: victim, password: staffPassword }, '198.51.100.7', app)).statusCode).toBe(200);
  });

  it('lets another employee behind the same address in after 100 failures from it across e-mails', async () => {
    const office = '192.0.2.100';
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => wrong(`persona-${i}@mirador.test`, office, app)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(100).fill(401));
    expect((await login(demoEmployee, office, app)).statusCode).toBe(200);
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

  it('answers 404 for an unknown API route, with a token or without (no route, no data)', async () => {
    expect((await server.get('/api/v1/nothing', null)).statusCode).toBe(404);
    const res = await server.get('/api/v1/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No existe la ruta/);
  });
});
