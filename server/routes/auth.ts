import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { hashPassword } from '../db/passwordHash.ts';
import { signToken, type TokenKeys } from '../http/auth.ts';
import { HttpError } from '../http/HttpError.ts';
import { LoginThrottle, type LoginLimits } from '../http/loginThrottle.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';

export { defaultLoginLimits, type LoginLimits } from '../http/loginThrottle.ts';

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

export async function authRoutes(
  app: FastifyInstance,
  opts: { keys: TokenKeys; limits?: Partial<LoginLimits>; clock?: () => number },
) {
  const throttle = new LoginThrottle(opts.limits, opts.clock);
  const decoyHash = await decoyPasswordHash();

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/auth/login/employee',
    { schema: { body: loginBody }, config: { public: true } },
    async (request, reply) => {
      const { email, password } = request.body;
      // Answered before the database and argon2: a pair or address in its delay costs no hashing.
      const attempt = throttle.attempt(email, request.ip);
      if (!attempt.admitted) {
        const seconds = Math.max(1, Math.ceil(attempt.waitMs / 1000));
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
        attempt.abandoned();
        throw error;
      }
      if (!employee || !valid) throw new HttpError(401, messages.loginFailed);
      attempt.succeeded();
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
