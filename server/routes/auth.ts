import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { signToken, type TokenKeys } from '../http/auth.ts';
import { HttpError } from '../http/HttpError.ts';
import type { ZodTypeProvider } from '../http/zodProvider.ts';
import { messages } from '../messages.ts';

/** Failed sign-ins allowed per client address and per e-mail within the window. */
export interface LoginLimits {
  perIp: number;
  perEmail: number;
  windowSeconds: number;
}

export const defaultLoginLimits: LoginLimits = { perIp: 30, perEmail: 8, windowSeconds: 15 * 60 };

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
  password_hash: string;
  can_see_tips: boolean;
}

export async function authRoutes(app: FastifyInstance, opts: { keys: TokenKeys; limits?: Partial<LoginLimits> }) {
  const limits = { ...defaultLoginLimits, ...opts.limits };
  const byIp = new RateLimiterMemory({ keyPrefix: 'ip', points: limits.perIp, duration: limits.windowSeconds });
  const byEmail = new RateLimiterMemory({ keyPrefix: 'email', points: limits.perEmail, duration: limits.windowSeconds });
  // Verifying against a throwaway hash keeps an unknown e-mail as slow as a wrong password.
  const decoyHash = await argon2.hash('decoy-password', { type: argon2.argon2id });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/auth/login/employee',
    { schema: { body: loginBody }, config: { public: true } },
    async (request, reply) => {
      const { email, password } = request.body;
      const [ipState, emailState] = await Promise.all([byIp.get(request.ip), byEmail.get(email)]);
      const exhausted = [ipState, emailState].find((s): s is RateLimiterRes => !!s && s.remainingPoints <= 0);
      if (exhausted) {
        const seconds = Math.ceil(exhausted.msBeforeNext / 1000);
        reply.header('Retry-After', seconds);
        throw new HttpError(429, messages.loginThrottled(seconds));
      }
      const [employee] = await app.db.query<EmployeeRow>(
        `SELECT id, name, last_name, email, avatar, password_hash, can_see_tips
           FROM employees WHERE lower(email) = $1 AND active`,
        [email],
      );
      const valid = await argon2.verify(employee?.password_hash ?? decoyHash, password).catch(() => false);
      if (!employee || !valid) {
        await Promise.all([byIp.penalty(request.ip), byEmail.penalty(email)]);
        throw new HttpError(401, messages.loginFailed);
      }
      await byEmail.delete(email);
      const token = await signToken(opts.keys, {
        employeeId: employee.id,
        email: employee.email,
        canSeeTips: employee.can_see_tips,
      });
      return {
        token,
        employee: {
          _id: employee.id,
          name: employee.name,
          lastName: employee.last_name,
          email: employee.email,
          avatar: employee.avatar,
        },
      };
    },
  );
}
