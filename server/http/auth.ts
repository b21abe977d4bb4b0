import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { messages } from '../messages.ts';
import { answerCache } from './answerCache.ts';
import { HttpError } from './HttpError.ts';

const algorithm = 'HS256';
const issuer = 'mirador';

/** Seconds a token's employee is trusted before the database is asked again. */
export const defaultSessionCacheSeconds = 5;

/** Who is calling, as the database says now: the token only names the employee. */
export interface Session {
  employeeId: number;
  email: string;
  canSeeTips: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** A route anyone may call without a token (sign-in, health). */
    public?: boolean;
  }
}

export interface TokenKeys {
  secret: Uint8Array;
  ttlSeconds: number;
}

/** The token names the employee; rights are read from the database on each request. */
export function signToken(keys: TokenKeys, subject: { employeeId: number; email: string }): Promise<string> {
  return new SignJWT({ email: subject.email })
    .setProtectedHeader({ alg: algorithm })
    .setSubject(String(subject.employeeId))
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(`${keys.ttlSeconds}s`)
    .sign(keys.secret);
}

/** The largest id of `employees.id` (integer): a larger one cannot name an employee and must not reach the query. */
const maxEmployeeId = 2 ** 31 - 1;

/** The employee a token's `sub` names, written as we sign it (a positive integer in the column's range), or undefined. */
function employeeIdOf(sub: string | undefined): number | undefined {
  if (!sub || !/^[1-9]\d{0,9}$/.test(sub)) return undefined;
  const id = Number(sub);
  return id <= maxEmployeeId ? id : undefined;
}

/** Tokens already verified that are remembered at most (each until it expires; past it the least recently used is dropped). */
const verifiedTokensMax = 10_000;

/**
 * Verifies a request's bearer token and names its employee. A token that verified once is remembered, with its
 * employee, until its `exp`: it cannot change, and checking its signature again through WebCrypto was about a twentieth
 * of the server's CPU under many clients (`node --cpu-prof`). Forged, malformed or expired tokens are never remembered.
 */
function tokenVerifier(keys: TokenKeys, now: () => number) {
  const verified = new LRUCache<string, { employeeId: number }>({ max: verifiedTokensMax, ttlResolution: 0, perf: { now } });
  return async (request: FastifyRequest): Promise<number> => {
    const header = request.headers.authorization;
    const token = header?.match(/^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/)?.[1];
    if (!header) throw new HttpError(401, messages.authRequired);
    if (!token) throw new HttpError(401, messages.authInvalid);
    const known = verified.get(token);
    if (known) return known.employeeId;
    try {
      const { payload } = await jwtVerify(token, keys.secret, {
        algorithms: [algorithm],
        issuer,
        requiredClaims: ['exp', 'sub'],
        currentDate: new Date(now()),
      });
      const employeeId = employeeIdOf(payload.sub);
      if (employeeId === undefined) throw new Error('claims');
      // Stale from its `exp` on, as jose counts it (lru-cache's entries go stale once older than their ttl).
      const ttl = payload.exp! * 1000 - now() - 1;
      if (ttl >= 1) verified.set(token, { employeeId }, { ttl });
      return employeeId;
    } catch {
      throw new HttpError(401, messages.authInvalid);
    }
  };
}

/** Active employees by id, remembered for `ttlSeconds` (0: ask the database on every request). */
function sessionLookup(app: FastifyInstance, ttlSeconds: number) {
  const cache = answerCache(ttlSeconds, () => Date.now());
  const load = async (employeeId: number): Promise<Session | null> => {
    // The primary: a deactivated employee or a withdrawn right takes effect at once, whatever a replica's lag.
    const [row] = await app.db.primary.query<{ email: string; can_see_tips: boolean }>(
      'SELECT email, can_see_tips FROM employees WHERE id = $1 AND active',
      [employeeId],
    );
    return row ? { employeeId, email: row.email, canSeeTips: row.can_see_tips } : null;
  };
  // A failed lookup (database down) is not remembered.
  return (employeeId: number): Promise<Session | null> => cache.get(String(employeeId), () => load(employeeId));
}

/** The route that answers this request says anyone may call it; the not-found handler answers no data. */
export function isPublicRoute(request: FastifyRequest): boolean {
  return request.routeOptions.config.public === true || request.is404;
}

/**
 * Deny by default: every route the router matched needs a valid bearer token of an active employee unless its config
 * says `public: true`. Decided from the matched route, never from the raw URL (which may be encoded, upper-cased or
 * absolute while the router still finds the route).
 */
export function registerAuth(app: FastifyInstance, keys: TokenKeys, sessionCacheSeconds = defaultSessionCacheSeconds) {
  const lookup = sessionLookup(app, sessionCacheSeconds);
  const verify = tokenVerifier(keys, () => Date.now());
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request, reply) => {
    if (isPublicRoute(request)) return;
    const session = await lookup(await verify(request));
    if (!session) throw new HttpError(401, messages.authInvalid);
    request.session = session;
    // Every line logged for this request from here on names its employee.
    request.log = reply.log = request.log.child({ employee: session.employeeId });
  });
}
