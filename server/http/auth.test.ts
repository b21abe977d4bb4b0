import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testSecret, type TestServer } from '../../tests/support/testServer.ts';
import { demoEmployee } from '../demo/demoAccounts.ts';
import { messages } from '../messages.ts';

// Tokens signed with the server's own secret whose subject names no employee the database can hold.
let server: TestServer;
let demoId: number;

beforeAll(async () => {
  server = await startTestServer({ sessionCacheSeconds: 0 });
  demoId = (await server.db.query<{ id: number }>('SELECT id FROM employees WHERE email = $1', [demoEmployee.email]))[0]!.id;
});
afterAll(() => server.close());

const signedWith = (subject: string) =>
  new SignJWT({ email: demoEmployee.email }).setProtectedHeader({ alg: 'HS256' }).setSubject(subject).setIssuer('mirador').setIssuedAt().setExpirationTime('1h').sign(testSecret);

describe('a validly signed token whose subject is out of range or oddly written', () => {
  it('opens the API when the subject is the employee id as the server writes it', async () => {
    expect((await server.get('/api/v1/trm', await signedWith(String(demoId)))).statusCode).toBe(200);
  });

  it.each([
    ['beyond integer', '2147483648'],
    ['the largest integer, no such employee', '2147483647'],
    ['beyond a safe integer', '9007199254740993'],
    ['twenty digits', '99999999999999999999'],
    ['negative', '-1'],
    ['zero', '0'],
    ['empty', ''],
  ])('answers 401 in Spanish, never 500, to a subject %s', async (_label, subject) => {
    const res = await server.get('/api/v1/trm', await signedWith(subject));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.authInvalid });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['with a leading zero', (id: number) => `0${id}`],
    ['as a decimal', (id: number) => `${id}.0`],
    ['in exponent form', (id: number) => `${id}e0`],
    ['in hexadecimal', (id: number) => `0x${id.toString(16)}`],
    ['with a sign', (id: number) => `+${id}`],
    ['with spaces', (id: number) => ` ${id} `],
  ])("answers 401 to the demo employee's id written %s", async (_label, write) => {
    const res = await server.get('/api/v1/trm', await signedWith(write(demoId)));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: messages.authInvalid });
  });

  it('keeps serving afterwards', async () => {
    expect((await server.get('/api/v1/trm')).statusCode).toBe(200);
  });
});
