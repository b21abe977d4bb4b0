import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { messages } from '../messages.ts';
import { HttpError } from './HttpError.ts';

const algorithm = 'HS256';
const issuer = 'mirador';

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

export function signToken(keys: TokenKeys, session: Session): Promise<string> {
  return new SignJWT({ email: session.email, tips: session.canSeeTips })
    .setProtectedHeader({ alg: algorithm })
    .setSubject(String(session.employeeId))
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(`${keys.ttlSeconds}s`)
    .sign(keys.secret);
}

async function verify(keys: TokenKeys, request: FastifyRequest): Promise<Session> {
  const header = request.headers.authorization;
  const token = header?.match(/^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/)?.[1];
  if (!header) throw new HttpError(401, messages.authRequired);
  if (!token) throw new HttpError(401, messages.authInvalid);
  try {
    const { payload } = await jwtVerify(token, keys.secret, { algorithms: [algorithm], issuer });
    const employeeId = Number(payload.sub);
    if (!Number.isInteger(employeeId) || typeof payload.email !== 'string') throw new Error('claims');
    return { employeeId, email: payload.email, canSeeTips: payload.tips === true };
  } catch {
    throw new HttpError(401, messages.authInvalid);
  }
}

/** Every route needs a valid bearer token unless its config says `public: true`. */
export function registerAuth(app: FastifyInstance, keys: TokenKeys) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public || !request.url.startsWith('/api/')) return;
    request.session = await verify(keys, request);
  });
}
