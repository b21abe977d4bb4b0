import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { hashPassword } from '../db/passwordHash.ts';
import { signToken, type TokenKeys } from '../http/auth.ts';
import { HttpError } from '../http/HttpError.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';

/** Sign-in tries allowed within the window: per (e-mail, client address) tightly, per e-mail and per address loosely. */
export interface LoginLimits {
  perPair: number;
  perEmail: number;
  perIp: number;
  windowSeconds: number;
}

export const defaultLoginLimits: LoginLimits = { perPair: 8, perEmail: 50, perIp: 100, windowSeconds: 15 * 60 };

const loginBody = z.strictObject({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(256),
});

interface EmployeeRow {
  id: number;
  name: string;
  last_name: string;
  email: string;
  avatar: string | null;
  can_see_tips: boolean;
  password_hash: string;
}

/** A hash of a random password at the stored hashes' cost: verifying an unknown e-mail against it takes as long as a wrong password. */
export function decoyPasswordHash(): Promise<string> {
  return hashPassword(randomBytes(24).toString('base64url'));
}

export async function authRoutes(app: FastifyInstance, opts: { keys: TokenKeys; limits?: Partial<LoginLimits> }) {
  const limits = { ...defaultLoginLimits, ...opts.limits };
  const limiter = (keyPrefix: string, points: number) => new RateLimiterMemory({ keyPrefix, points, duration: limits.windowSeconds });
  const byPair = limiter('pair', limits.perPair);
  const byEmail = limiter('email', limits.perEmail);
  const byIp = limiter('ip', limits.perIp);
  const decoyHash = await decoyPasswordHash();

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/auth/login/employee',
    { schema: { body: loginBody }, config: { public: true } },
    async (request, reply) => {
      const { email, password } = request.body;
      const counters = [
        [byPair, JSON.stringify([email, request.ip])],
        [byEmail, email],
        [byIp, request.ip],
      ] as const;
      const refund = (which: (i: number) => boolean) =>
        Promise.all(counters.map(([limiter, key], i) => (which(i) ? limiter.reward(key) : undefined)));
      // Counted before the password is checked (consume counts synchronously), so concurrent tries are throttled like sequential ones.
      const tries = await Promise.allSettled(counters.map(([limiter, key]) => limiter.consume(key)));
      const refused = tries.flatMap((t) => (t.status === 'rejected' ? [t.reason as unknown] : []));
      if (refused.length > 0) {
        // A refused try costs nothing where it was still allowed: one address cannot spend an e-mail's loose allowance.
        await refund((i) => tries[i]!.status === 'fulfilled');
        const waits = refused.map((r) => {
          if (!(r instanceof RateLimiterRes)) throw r;
          return r.msBeforeNext;
        });
        const seconds = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
        reply.header('Retry-After', seconds);
        throw new HttpError(429, messages.loginThrottled(seconds));
      }
      let employee: EmployeeRow | undefined;
      let valid: boolean;
      try {
        // The primary: an employee just created, deactivated or given a new password counts at once (a replica may lag).
        [employee] = await app.db.primary.query<EmployeeRow>(
          `SELECT id, name, last_name, email, avatar, can_see_tips, password_hash
             FROM employees WHERE lower(email) = $1 AND active`,
          [email],
        );
        valid = await argon2.verify(employee?.password_hash ?? decoyHash, password).catch(() => false);
      } catch (error) {
        // A database that fails is not the client's try.
        await refund(() => true);
        throw error;
      }
      if (!employee || !valid) throw new HttpError(401, messages.loginFailed);
      // Success clears this address's failures for the e-mail and does not count against the loose limits.
      await Promise.all([byPair.delete(counters[0][1]), byEmail.reward(email), byIp.reward(request.ip)]);
      const token = await signToken(opts.keys, { employeeId: employee.id, email: employee.email });
      return {
        token,
        employee: {
          _id: employee.id,
          name: employee.name,
          lastName: employee.last_name,
          email: employee.email,
          avatar: employee.avatar,
          canSeeTips: employee.can_see_tips,
        },
      };
    },
  );
}
